/// A terminal color. `.ansi` is one of the 16 standard colors (0-7 normal, 8-15 bright),
/// `.palette` an index into the xterm 256-color palette, `.rgb` a 24-bit color.
public enum Color: Hashable, Sendable {
    case terminalDefault
    case ansi(UInt8)
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// How many colors a terminal can show, from none (NO_COLOR or monochrome) to 24-bit.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
    case none, ansi8, ansi16, palette256, trueColor

    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

    /// The depth a terminal reports: `NO_COLOR` wins, then `COLORTERM=truecolor|24bit`,
    /// then the terminfo color count.
    public static func detect(environment: [String: String], colors: Int) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colors >= 8, colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        return fromColorCount(colors)
    }

    /// The depth implied by a terminfo `colors` count alone (2^24: a direct-color entry
    /// such as xterm-direct).
    public static func fromColorCount(_ colors: Int) -> ColorDepth {
        switch colors {
        case (1 << 24)...: return .trueColor
        case 256...: return .palette256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .none
        }
    }
}

/// How a cell looks: colors plus attributes. Semantic names belong to the app's theme.
public struct Style: Hashable, Sendable {
    public var fg: Color
    public var bg: Color
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(fg: Color = .terminalDefault, bg: Color = .terminalDefault, bold: Bool = false,
                dim: Bool = false, italic: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()

    public var bolded: Style { var s = self; s.bold = true; return s }
    public var dimmed: Style { var s = self; s.dim = true; return s }
    public var reversed: Style { var s = self; s.reverse = true; return s }
    public var underlined: Style { var s = self; s.underline = true; return s }
    public func withForeground(_ c: Color) -> Style { var s = self; s.fg = c; return s }
    public func withBackground(_ c: Color) -> Style { var s = self; s.bg = c; return s }

    /// Both colors degraded to what the terminal can show; attributes are kept.
    public func degraded(to depth: ColorDepth) -> Style {
        var s = self
        s.fg = fg.degraded(to: depth)
        s.bg = bg.degraded(to: depth)
        return s
    }

    /// Degraded, and when two different colors became one (a dark gray on near-black, on 8
    /// colors), the text takes a color that shows on that background.
    public func degradedLegibly(to depth: ColorDepth) -> Style {
        var s = degraded(to: depth)
        guard s.fg == s.bg, s.fg != .terminalDefault, fg != bg else { return s }
        let (r, g, b) = s.bg.rgbValue
        let darkBackground = 299 * Int(r) + 587 * Int(g) + 114 * Int(b) < 128_000
        switch (s.bg, depth) {
        case let (.ansi(n), .ansi16): s.fg = .ansi(n ^ 8)  // the bright or normal twin
        case (.ansi, _): s.fg = .ansi(darkBackground ? 7 : 0)
        default: s.fg = .palette(darkBackground ? 250 : 238)
        }
        return s
    }
}

extension Color {
    /// The nearest color a terminal of `depth` can show: rgb → xterm 256 cube/grays →
    /// nearest of the 16 (or 8) standard colors → the terminal default when there is no color.
    public func degraded(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.terminalDefault, _), (_, .trueColor): return self
        case (_, .none): return .terminalDefault
        case let (.rgb(r, g, b), .palette256): return .palette(Color.nearestPaletteIndex(r, g, b))
        case (.palette, .palette256), (.ansi, .palette256): return self
        case let (.ansi(n), .ansi16): return .ansi(n & 15)
        case let (.ansi(n), .ansi8):
            let n = n & 15
            // Bright black is the usual "muted" gray: keep it visible as white, not black.
            return .ansi(n == 8 ? 7 : n & 7)
        case (.palette, _), (.rgb, _):
            let (r, g, b) = rgbValue
            return .ansi(Color.nearestStandard(r, g, b, count: depth == .ansi8 ? 8 : 16))
        }
    }

    /// The approximate RGB value (xterm's defaults for the standard colors).
    public var rgbValue: (UInt8, UInt8, UInt8) {
        switch self {
        case .terminalDefault: return (192, 192, 192)
        case let .rgb(r, g, b): return (r, g, b)
        case let .ansi(n): return Color.standardRGB[Int(n & 15)]
        case let .palette(n): return Color.paletteRGB(n)
        }
    }

    static let standardRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    static func paletteRGB(_ n: UInt8) -> (UInt8, UInt8, UInt8) {
        switch n {
        case 0..<16: return standardRGB[Int(n)]
        case 16..<232:
            let i = Int(n) - 16
            return (UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6]))
        default:
            let v = UInt8(8 + 10 * (Int(n) - 232))
            return (v, v, v)
        }
    }

    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return dr * dr + dg * dg + db * db
    }

    /// The nearest entry of the 6×6×6 cube or the 24-step gray ramp (never 0-15, whose
    /// actual colors vary by terminal theme).
    static func nearestPaletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - Int(v)) < abs(cubeLevels[$1] - Int(v)) }!
        }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let avg = (Int(r) + Int(g) + Int(b)) / 3
        let grayStep = min(23, max(0, (avg - 3) / 10))
        let gray = 232 + grayStep
        let target = (r, g, b)
        let dCube = distance(paletteRGB(UInt8(cube)), target)
        let dGray = distance(paletteRGB(UInt8(gray)), target)
        return UInt8(dGray < dCube ? gray : cube)
    }

    static func nearestStandard(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> UInt8 {
        let target = (r, g, b)
        let best = (0..<count).min { distance(standardRGB[$0], target) < distance(standardRGB[$1], target) }!
        return UInt8(best)
    }
}
