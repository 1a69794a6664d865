import Foundation
import Terminal

/// The command palette (Ctrl-P): a `Picker` of every action the app has, fuzzy-filtered — each
/// named key of `Keymap.actions` (its key shown, so people learn it), each slash command, the
/// settings' fields and the recent conversations. Enter runs the chosen one through the path
/// its key or command takes (UpdatePalette.swift).
enum CommandPalette {
    /// What a row runs, kept in its item's id.
    enum Entry: Equatable {
        case key(String), command(String), settings(SettingsScreen.Field), conversation(Int64)

        init?(_ id: String) {
            guard let colon = id.firstIndex(of: ":") else { return nil }
            let value = String(id[id.index(after: colon)...])
            switch id[..<colon] {
            case "key": self = .key(value)
            case "cmd": self = .command(value)
            case "set": guard let field = SettingsScreen.Field(rawValue: value) else { return nil }; self = .settings(field)
            case "conv": guard let n = Int64(value) else { return nil }; self = .conversation(n)
            default: return nil
            }
        }

        var id: String {
            switch self {
            case .key(let name): return "key:" + name
            case .command(let name): return "cmd:" + name
            case .settings(let field): return "set:" + field.rawValue
            case .conversation(let id): return "conv:\(id)"
            }
        }
    }

    /// `conversations`: the recent ones as the conversation list shows them (id, title, when).
    static func picker(_ state: AppState, conversations: [Picker.Item]) -> Picker {
        let words = tr.palette
        let bindings = state.keyBindings
        let keys = Keymap.actions.compactMap { action -> Picker.Item? in
            // Not itself, and not the keys of the other keymap.
            guard let name = action.name, name != "palette", action.keymap == nil || action.keymap == bindings.style,
                  let key = action.keys.first else { return nil }
            let shown = bindings.chosen[name] ?? key
            // A pane's key says its pane: "Todos › delete (asks)".
            let label = action.scope == .everywhere ? words.does(action) : action.scope.title + " › " + words.does(action)
            return Picker.Item(id: Entry.key(name).id, label: label, detail: KeyNames.display(shown), keywords: name)
        }
        let commands = SlashCommand.all.map { command in
            Picker.Item(id: Entry.command(command.name).id, label: command.does, detail: command.name,
                        keywords: ([command.name] + command.aliases).joined(separator: " "))
        }
        let settings = SettingsScreen.Field.allCases.map { field in
            Picker.Item(id: Entry.settings(field).id, label: words.settingsSection(tr.settings.label(field)), detail: "F2", keywords: "settings")
        }
        let recent = conversations.compactMap { item -> Picker.Item? in
            guard let id = Int64(item.id), id != state.chat.conversation?.id, !item.dimmed else { return nil }
            return Picker.Item(id: Entry.conversation(id).id, label: words.conversation(item.label), detail: item.detail)
        }
        return Picker(purpose: .palette, title: words.title, items: keys + commands + settings + Array(recent.prefix(20)))
    }
}
