/// Maps styles to curses color numbers and color pairs, allocated lazily: a pair is
/// created the first time a (fg, bg) combination is drawn and reused after that. Pure
/// logic; the backend passes the function that really creates a pair.
struct ColorPairs {
    /// Colors pairs are rendered with: at most 256 unless `directColor`.
    let depth: ColorDepth
    /// The terminfo entry has direct colors (xterm-direct: `colors#0x1000000`): a color
    /// number from 8 up is a 24-bit RGB value, 0-7 the standard colors.
    let directColor: Bool
    /// `use_default_colors()` succeeded: -1 means the terminal's own fg/bg.
    let defaultColors: Bool
    /// Highest usable pair number + 1 (COLOR_PAIRS, capped).
    let limit: Int32
    private var cache: [Int64: Int32] = [:]
    private var next: Int32 = 1
    /// Combinations drawn with pair 0 because the table was full.
    private(set) var misses = 0

    init(depth: ColorDepth, defaultColors: Bool, limit: Int32, directColor: Bool = false) {
        self.directColor = directColor && depth == .trueColor
        self.depth = self.directColor ? depth : min(depth, .palette256)
        self.defaultColors = defaultColors
        self.limit = limit
    }

    /// The curses color number for `c`; -1 is the terminal default.
    func number(_ c: Color, foreground: Bool) -> Int32 {
        switch c.degraded(to: depth) {
        case .terminalDefault: return defaultColors ? -1 : (foreground ? 7 : 0)
        case let .ansi(n) where !directColor || n < 8: return Int32(n)
        case let .palette(n) where !directColor: return Int32(n)
        case let .rgb(r, g, b) where directColor:
            // Values under 8 would be read as standard colors: #000001-#000007 are black anyway.
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        case .rgb: return foreground ? 7 : 0  // unreachable: without direct color, depth is at most 256 colors
        case let other:
            // Direct color has no index for bright and palette colors: their xterm RGB values.
            let (r, g, b) = other.rgbValue
            return number(.rgb(r, g, b), foreground: foreground)
        }
    }

    /// The pair for a style's colors, allocating through `allocate(pair, fg, bg)` (which
    /// returns false on failure). Pair 0 (default colors) when there is no color or no room.
    mutating func pair(for style: Style, allocate: (Int32, Int32, Int32) -> Bool) -> Int32 {
        guard depth > .none else { return 0 }
        let fg = number(style.fg, foreground: true), bg = number(style.bg, foreground: false)
        if fg == -1 && bg == -1 { return 0 }
        let key = Int64(fg) << 32 | Int64(UInt32(bitPattern: bg))
        if let p = cache[key] { return p }
        guard next < limit, allocate(next, fg, bg) else { misses += 1; return 0 }
        cache[key] = next
        next += 1
        return next - 1
    }
}
