/// The terminfo entry the app starts with when TERM names one this machine lacks (Debian has
/// alacritty's in ncurses-term, xterm-kitty in kitty-terminfo, foot in foot-terminfo; wezterm
/// and ghostty ship their own).
public struct TerminalFallback: Equatable, Sendable {
    /// TERM as given; "" when unset or empty.
    public let asked: String
    /// The entry used instead.
    public let used: String

    public init(asked: String, used: String) {
        self.asked = asked
        self.used = used
    }
}

public enum TerminalType {
    /// Terminals that draw 256 colors (and more) and speak xterm's sequences, by entry name.
    static let xtermLike = ["xterm-kitty", "kitty", "alacritty", "foot", "foot-extra", "wezterm", "xterm-ghostty", "ghostty"]

    /// A name that may be looked up: letters, digits and `. _ + -`, not starting with a dot.
    /// Never a path: ncurses would otherwise be asked for `../../etc/x` or `/tmp/x`.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128, name.first != "." else { return false }
        return name.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "._+-".unicodeScalars.contains(s))
        }
    }

    /// Whether the name alone says the terminal has 256 colors or more: kitty, alacritty, foot,
    /// wezterm, ghostty (and their variants), any `*-256color` or `*-direct`.
    public static func hasManyColors(_ term: String) -> Bool {
        let name = term.lowercased()
        return xtermLike.contains { name == $0 || name.hasPrefix($0 + "-") } || name.hasSuffix("-256color") || name.hasSuffix("-direct")
    }

    /// The entries to try when `term` is unknown, closest first.
    public static func fallbacks(for term: String) -> [String] {
        (hasManyColors(term) && isValidName(term) ? ["xterm-256color"] : []) + ["xterm", "vt100"]
    }

    /// The entry to start with: `term` itself when it is a valid name and known, else the
    /// first known fallback (with what to say about it); nil when not even vt100 is known.
    /// `isKnown` is asked in order and never again after it says yes.
    public static func choose(_ term: String?, isKnown: (String) -> Bool) -> (name: String, fallback: TerminalFallback?)? {
        let asked = term ?? ""
        if isValidName(asked), isKnown(asked) { return (asked, nil) }
        for name in fallbacks(for: asked) where name != asked && isKnown(name) {
            return (name, TerminalFallback(asked: asked, used: name))
        }
        return nil
    }
}
