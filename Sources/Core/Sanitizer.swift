/// Strips everything that could drive the terminal from untrusted text (model output, tool
/// results, pasted text) before it reaches a canvas.
///
/// Removed: escape sequences whole (CSI, OSC up to BEL/ST, DCS/APC/PM/SOS up to ST or BEL,
/// SS2/SS3 with their character, two-byte `ESC x`), their 8-bit C1 forms, all other C0
/// controls but `\n`, DEL, C1 controls, and bidi embedding/override/isolate controls.
/// `\r\n` becomes `\n` and a lone `\r` is removed. A tab becomes exactly four spaces: the
/// cleaner is stateless (it runs on streamed fragments whose column it cannot know), so
/// it does not expand to tab stops. A sequence cut off by the end of the input is dropped
/// up to the end.
public enum Sanitizer {
    public static func clean(_ s: String) -> String {
        if isClean(s) { return s }
        var out = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        var i = 0
        let n = scalars.count
        while i < n {
            let v = scalars[i].value
            switch v {
            case 0x0A:
                out.append(scalars[i]); i += 1
            case 0x09:
                out.append(contentsOf: "    ".unicodeScalars); i += 1
            case 0x1B:
                i = skipEscape(scalars, from: i + 1)
            case 0x9B:  // C1 CSI
                i = skipCSI(scalars, from: i + 1)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // C1 DCS, SOS, OSC, PM, APC
                i = skipString(scalars, from: i + 1)
            case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                i += 1
            default:
                out.append(scalars[i]); i += 1
            }
        }
        return String(out)
    }

    /// True when `text` is `previous` (already clean: `clean(previous) == previous`) followed
    /// by more text that is clean too, so `clean(text) == text`. Checks only the new bytes
    /// (and the old ones with one memcmp): for an answer that grows by a token at a time.
    public static func isClean(_ text: String, extending previous: String) -> Bool {
        guard UTF8Bytes.hasPrefix(text, previous) else { return false }
        // `previous` is whole scalars, so the new bytes start at a scalar: no pattern below spans the seam.
        var text = text
        let skip = previous.utf8.count
        return text.withUTF8 { isClean(UnsafeBufferPointer(rebasing: $0[skip...])) }
    }

    /// True when no scalar needs removing; checked on UTF-8 bytes so clean text (the
    /// common case for every streamed token) costs one scan and no allocation.
    public static func isClean(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { isClean($0) }
    }

    /// Runs of printable ASCII are passed over eight bytes at a time; any other byte is
    /// checked as the start of what must go (a C0 control but LF, DEL, a C1 control, a bidi
    /// control).
    static func isClean(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while true {
            i = PrintableASCII.runEnd(p, from: i)
            guard i < p.count else { return true }
            let b = p[i]
            if b < 0x20 && b != 0x0A { return false }
            if b == 0x7F { return false }
            let next = i + 1 < p.count ? p[i + 1] : 0, third = i + 2 < p.count ? p[i + 2] : 0
            if b == 0xC2 && next >= 0x80 && next <= 0x9F { return false }                      // C1
            if b == 0xE2 && next == 0x80 && third >= 0xAA && third <= 0xAE { return false }     // U+202A-E
            if b == 0xE2 && next == 0x81 && third >= 0xA6 && third <= 0xA9 { return false }     // U+2066-9
            i += 1
        }
    }

    /// `i` is just past ESC; returns the index after the whole sequence.
    static func skipEscape(_ s: [Unicode.Scalar], from i: Int) -> Int {
        guard i < s.count else { return i }
        switch s[i].value {
        case 0x5B: return skipCSI(s, from: i + 1)                       // [
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58: return skipString(s, from: i + 1)  // ] P _ ^ X
        case 0x4E, 0x4F: return min(s.count, i + 2)                     // SS2/SS3 + one char
        case 0x20...0x2F:                                               // nF: intermediates + final
            var j = i
            while j < s.count, (0x20...0x2F).contains(s[j].value) { j += 1 }
            if j < s.count, (0x30...0x7E).contains(s[j].value) { j += 1 }
            return j
        case 0x30...0x7E: return i + 1                                  // two-byte ESC x
        default: return i                                               // ESC alone: drop only ESC
        }
    }

    /// Parameters and intermediates, then one final byte. A stray byte ends the sequence
    /// and is kept for normal processing.
    static func skipCSI(_ s: [Unicode.Scalar], from i: Int) -> Int {
        var j = i
        while j < s.count, (0x20...0x3F).contains(s[j].value) { j += 1 }
        if j < s.count, (0x40...0x7E).contains(s[j].value) { j += 1 }
        return j
    }

    /// A control string runs to ST (`ESC \` or 0x9C) or BEL.
    static func skipString(_ s: [Unicode.Scalar], from i: Int) -> Int {
        var j = i
        while j < s.count {
            switch s[j].value {
            case 0x07, 0x9C: return j + 1
            case 0x1B:
                // Like xterm: ESC ends the string; unless it is ST it starts a new sequence.
                if j + 1 < s.count, s[j + 1].value == 0x5C { return j + 2 }
                return j
            default: j += 1
            }
        }
        return j
    }
}
