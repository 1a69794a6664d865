import Foundation
import Terminal

/// Key names as written in `[keys]` of config.toml ("ctrl-h", "alt-x", "f5", "pgup", "?") and
/// as shown in the help ("Ctrl-H", "Alt-X", "F5", "PgUp", "?").
enum KeyNames {
    private static let named: [(String, Key)] = [
        ("enter", .enter), ("tab", .tab), ("shift-tab", .backTab), ("backspace", .backspace), ("delete", .delete),
        ("insert", .insert), ("esc", .escape), ("escape", .escape), ("up", .up), ("down", .down), ("left", .left),
        ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp), ("pageup", .pageUp), ("pgdn", .pageDown),
        ("pagedown", .pageDown), ("alt-up", .altUp), ("alt-down", .altDown), ("alt-left", .altLeft), ("alt-right", .altRight),
        ("alt-enter", .altEnter), ("space", .text(" ")),
    ]

    /// The key a name stands for; nil when the name means nothing (the warning names it).
    static func parse(_ raw: String) -> Key? {
        let name = raw.trimmingCharacters(in: .whitespaces)
        let lower = name.lowercased()
        if let found = named.first(where: { $0.0 == lower }) { return found.1 }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { return .f(n) }
        for (prefix, make) in [("ctrl-", Key.ctrl), ("c-", Key.ctrl), ("alt-", Key.alt), ("m-", Key.alt)] as [(String, (Character) -> Key)] {
            guard lower.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard rest.count == 1, let c = rest.first, !c.isWhitespace else { return nil }
            // Terminals send Ctrl with letters lowercased; Alt keeps the case typed.
            // Besides letters, Ctrl goes with the four signs terminals send a code for (Ctrl-\ is search).
            if prefix.hasPrefix("c"), !(c.isLetter && c.isASCII), !"\\]^_".contains(c) { return nil }
            return make(prefix.hasPrefix("c") ? Character(c.lowercased()) : c)
        }
        if name.count == 1, let c = name.first, !c.isWhitespace, !c.isNewline { return .text(name) }
        return nil
    }

    /// How the help shows a key.
    static func display(_ key: Key) -> String {
        switch key {
        case .text(" "): return "Space"
        case .text(let s): return s
        case .enter: return "Enter"
        case .altEnter: return "Alt-Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .escape: return "Esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .altUp: return "Alt-Up"
        case .altDown: return "Alt-Down"
        case .f(let n): return "F\(n)"
        case .ctrl(let c): return "Ctrl-" + c.uppercased()
        case .alt(let c): return "Alt-\(c)"
        default: return "\(key)"
        }
    }

    /// A plain character: typed text in the chat input, so it is remapped only in Tasks and Todos.
    static func isPlainText(_ key: Key) -> Bool {
        if case .text = key { return true }
        return false
    }
}
