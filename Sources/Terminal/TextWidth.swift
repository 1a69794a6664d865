/// Display width in terminal columns, measured per grapheme cluster (Character).
///
/// Why our own table instead of `wcwidth`: glibc's answer depends on the process locale
/// (it is -1 for everything non-ASCII in the "C" locale tests run in) and on the glibc
/// version. East Asian Wide/Fullwidth comes from the ranges below; emoji come from the
/// Unicode properties the Swift runtime ships.
public enum TextWidth {
    public static func of(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        var it = scalars.makeIterator()
        let base = it.next()!
        if it.next() == nil {
            if base.value < 0x7F { return base.value >= 0x20 ? 1 : 0 }
            return scalarWidth(base)
        }
        return clusterWidth(scalars)
    }

    public static func of(_ s: some StringProtocol) -> Int {
        // Fast path: printable ASCII is one column per byte.
        var ascii = true
        for b in s.utf8 where b < 0x20 || b >= 0x7F { ascii = false; break }
        if ascii { return s.utf8.count }
        var total = 0
        for c in s { total += of(c) }
        return total
    }

    static let zwj: UInt32 = 0x200D
    static let vs15: UInt32 = 0xFE0E
    static let vs16: UInt32 = 0xFE0F

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }

    /// Width of a cluster of several scalars: emoji rules first, then the base's width.
    static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        let base = scalars.first!
        var hasVS15 = false, hasVS16 = false, hasZWJ = false, hasEmojiPresentation = false
        for s in scalars {
            switch s.value {
            case vs15: hasVS15 = true
            case vs16: hasVS16 = true
            case zwj: hasZWJ = true
            default: if s.properties.isEmojiPresentation { hasEmojiPresentation = true }
            }
        }
        let baseWidth = scalarWidth(base)
        if baseWidth == 0 { return 0 }  // a cluster led by a mark or a control
        if base.properties.isEmoji {
            if hasVS15 && !hasZWJ { return 1 }                 // text presentation requested
            if hasVS16 || hasEmojiPresentation { return 2 }     // VS16, flags, skin tones, ZWJ
        }
        if hasZWJ && hasEmojiPresentation { return 2 }
        return baseWidth
    }

    /// Width of a single scalar standing alone.
    static func scalarWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return v == 0xAD ? 0 : 1 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }  // Hangul jamo vowels/finals
        if s.properties.isDefaultIgnorableCodePoint { return 0 }
        if isRegionalIndicator(s) { return 1 }   // a lone half of a flag
        if s.properties.isEmojiPresentation { return 2 }
        return isWide(v) ? 2 : 1
    }

    static func isWide(_ v: UInt32) -> Bool {
        if v < wideRanges[0].0 { return false }
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.0 { hi = mid - 1 } else if v > r.1 { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges that are not emoji (Unicode 15).
    /// Emoji with default emoji presentation are found through scalar properties instead.
    static let wideRanges: [(UInt32, UInt32)] = [
        (0x1100, 0x115F), (0x2329, 0x232A), (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5),
        (0x2FF0, 0x2FFF), (0x3000, 0x303E), (0x3041, 0x3096), (0x3099, 0x30FF), (0x3105, 0x312F),
        (0x3131, 0x318E), (0x3190, 0x31E3), (0x31EF, 0x321E), (0x3220, 0x3247), (0x3250, 0x4DBF),
        (0x4E00, 0xA48C), (0xA490, 0xA4C6), (0xA960, 0xA97C), (0xAC00, 0xD7A3), (0xF900, 0xFAFF),
        (0xFE10, 0xFE19), (0xFE30, 0xFE52), (0xFE54, 0xFE66), (0xFE68, 0xFE6B), (0xFF01, 0xFF60),
        (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1), (0x17000, 0x187F7), (0x18800, 0x18CD5),
        (0x18D00, 0x18D08), (0x1AFF0, 0x1AFFE), (0x1B000, 0x1B122), (0x1B132, 0x1B132), (0x1B150, 0x1B152),
        (0x1B155, 0x1B155), (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1F200, 0x1F202), (0x1F210, 0x1F23B),
        (0x1F240, 0x1F248), (0x1F250, 0x1F251), (0x1F260, 0x1F265), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ]
}

/// `s` cut to at most `width` columns. With `ellipsis`, a cut string ends in "…" (counted in
/// the width). A wide character that would straddle the limit is dropped, never split.
/// Nothing is padded: the result may be narrower than `width`.
public func truncate(_ s: String, toWidth width: Int, ellipsis: Bool = true) -> String {
    guard width > 0 else { return "" }
    if TextWidth.of(s) <= width { return s }
    let budget = ellipsis ? width - 1 : width
    var out = ""
    var used = 0
    for c in s {
        let w = TextWidth.of(c)
        if used + w > budget { break }
        out.append(c)
        used += w
    }
    return ellipsis ? out + "…" : out
}

/// `s` followed by spaces up to `width` columns; a wider string is returned unchanged.
public func padRight(_ s: String, toWidth width: Int) -> String {
    let w = TextWidth.of(s)
    return w >= width ? s : s + String(repeating: " ", count: width - w)
}
