/// Styles as SGR escape sequences, for text written straight to a terminal without ncurses
/// (`aihelper ask` on a tty). The text given must already be clean (`Sanitizer`): the SGR
/// sequences built here are the only escapes in what comes out.
///
/// Colors are written as they are: `.rgb` as 24-bit, `.palette` as 256-color, `.ansi` as the
/// 16 standard ones, so a style is brought down to the terminal's depth first
/// (`Style.degradedLegibly(to:)`, `Theme.adapted(to:)`).
public enum ANSIStyle {
    public static let reset = "\u{1B}[0m"

    /// The sequence that sets `style` from any state (it starts with a reset); "" for no style.
    public static func sgr(_ style: Style) -> String {
        guard style != .plain else { return "" }
        let colors = [color(style.fg, background: false), color(style.bg, background: true)].compactMap { $0 }
        return sgr(style, colors: colors.joined(separator: ";"))
    }

    /// A reset, `style`'s attributes, then `colors` (SGR parameters chosen by the caller, as the
    /// ncurses backend does for its palette).
    static func sgr(_ style: Style, colors: String) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if !colors.isEmpty { codes.append(colors) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// One line of styled pieces: a sequence where the style changes, a reset at the end when
    /// any style is still on, so nothing carries into the next line or the shell's prompt.
    public static func line(_ segments: [(text: String, style: Style)]) -> String {
        var out = ""
        var current = Style.plain
        for (text, style) in segments where !text.isEmpty {
            if style != current {
                out += style == .plain ? reset : sgr(style)
                current = style
            }
            out += text
        }
        if current != .plain { out += reset }
        return out
    }

    private static func color(_ color: Color, background: Bool) -> String? {
        switch color {
        case .terminalDefault: return nil
        case .ansi(let n):
            let n = Int(n & 15)
            return String(n < 8 ? (background ? 40 : 30) + n : (background ? 100 : 90) + n - 8)
        case .palette(let n): return (background ? "48;5;" : "38;5;") + String(n)
        case let .rgb(r, g, b): return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        }
    }
}
