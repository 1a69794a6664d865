import Foundation
import TOMLKit
import Tools

/// `notifications` in config.toml: what a reminder does besides its alert box, which always shows.
public enum AlertNotifications: String, CaseIterable, Sendable {
    /// The terminal bell and a desktop notification (notify-send).
    case all
    /// The terminal bell only.
    case bell
    /// Neither: the alert box alone.
    case none

    var rings: Bool { self != .none }
    var notifiesDesktop: Bool { self == .all }
}

/// `keymap` in config.toml: the default keys, or the vi keys on top of them (docs/keybindings.md).
public enum KeymapStyle: String, CaseIterable, Sendable {
    case `default`, vi
}

/// `toolsets`, `notifications` and `keymap`: read from config.toml, each bad value named with its line.
enum SettingChoices {
    static let keys: Set<String> = ["toolsets", "notifications", "keymap"]

    static func parse(_ table: TOMLTable, text: String, into config: inout AppConfig, problems: inout [String]) {
        func at(_ key: String) -> String { TOMLKeyLines.line(of: [key], in: text).map { "line \($0): " } ?? "" }
        if let value = table["notifications"] {
            if let s = value.string, let choice = AlertNotifications(rawValue: s) { config.notifications = choice }
            else { problems.append(at("notifications") + "'notifications' must be one of: " + AlertNotifications.allCases.map(\.rawValue).joined(separator: ", ")) }
        }
        if let value = table["keymap"] {
            if let s = value.string, let style = KeymapStyle(rawValue: s) { config.keymap = style }
            else { problems.append(at("keymap") + "'keymap' must be \"default\" or \"vi\"") }
        }
        if let value = table["toolsets"] {
            guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
                problems.append(at("toolsets") + "'toolsets' must be a list of names, such as [\"calendar\", \"todos\"]")
                return
            }
            let (names, unknown) = toolsets(array.compactMap(\.string))
            if !unknown.isEmpty {
                problems.append(at("toolsets") + "unknown toolset " + unknown.map { "'\($0)'" }.joined(separator: ", ")
                                + " in 'toolsets' (toolsets: " + Toolset.builtInNames.joined(separator: ", ") + ")")
            }
            config.toolsets = names
        }
    }

    /// The known names among `names`, in the built-in order without repeats, and the unknown ones.
    static func toolsets(_ names: [String]) -> (known: [String], unknown: [String]) {
        let cleaned = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        let known = Toolset.builtInNames.filter(cleaned.contains)
        var unknown: [String] = []
        for name in cleaned where !Toolset.builtInNames.contains(name) && !unknown.contains(name) { unknown.append(name) }
        return (known, unknown)
    }
}
