import Foundation
import Terminal

/// What the vi keys remember between two key presses.
struct ViState: Equatable {
    /// `g` was pressed in Tasks or Todos: the next key completes `gg` (or `gd` in Tasks).
    var pendingG = false
    /// `:` in message selection started a command in the input: Enter runs it as its slash command.
    var commandLine = false
}

/// `keymap = "vi"`: vi keys on top of the default keymap, applied before `update` dispatches a key
/// to a pane, as `[keys]` remaps are. A key becomes one the panes already know, or moves a
/// selection through the panes' own helpers; keys vi does not use pass through unchanged.
enum ViKeys {
    enum Outcome: Equatable {
        /// Give this key to the panes.
        case key(Key)
        /// Done here.
        case handled([Effect])
    }

    /// The commands `:` takes, as the chat's slash commands.
    static let commands = ":q, :w FILE, :new, :help, :settings, :history, :search WORDS"

    static func handle(_ state: inout AppState, _ key: Key, _ view: ChatViewState) -> Outcome {
        let pendingG = state.vi.pendingG
        state.vi.pendingG = false
        if state.focus != .chat { state.vi.commandLine = false }
        switch state.focus {
        case .chat: return chat(&state, key, view)
        case .tasks: return tasks(&state, key, afterG: pendingG)
        case .todos: return todos(&state, key, afterG: pendingG)
        }
    }

    private static func chat(_ state: inout AppState, _ key: Key, _ view: ChatViewState) -> Outcome {
        if state.chat.selectedMessageId != nil, state.chat.search == nil {
            let half = max(1, view.height / 2)
            switch key {
            case .ctrl("d"): state.chat.scroll.move(by: -half, from: view); return .handled([])
            case .ctrl("u"): state.chat.scroll.move(by: half, from: view); return .handled([])
            case .text(":"):
                state.chat.selectedMessageId = nil
                state.chat.input.text = ":"
                state.vi.commandLine = true
                return .handled([])
            default: return .key(key)
            }
        }
        guard state.vi.commandLine else { return .key(key) }
        switch key {
        case .enter:
            state.vi.commandLine = false
            let text = state.chat.input.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.hasPrefix(":") else { return .key(key) }
            guard let command = slashCommand(text) else {
                state.vi.commandLine = true
                state.notice = Notice(text: tr.notices.unknownCommand(text, commands), kind: .error, expires: nil)
                return .handled([])
            }
            state.chat.input.text = command
            return .key(.enter)
        case .escape:
            // As in vim: Esc abandons the command line and goes back to the messages.
            state.vi.commandLine = false
            state.chat.input.text = ""
            return .key(.escape)
        default:
            return .key(key)
        }
    }

    /// `:q` → `/quit`, `:w FILE` → `/export FILE`, …; nil for what vi does not take.
    static func slashCommand(_ text: String) -> String? {
        let parts = text.dropFirst().split(separator: " ", maxSplits: 1)
        let name = parts.first.map(String.init) ?? ""
        let argument = parts.count > 1 ? " " + parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case "q", "q!", "qa", "qa!", "quit", "wq", "x": return "/quit"
        case "h", "help": return "/help"
        case "new", "enew": return "/new"
        case "set", "settings": return "/settings"
        case "history", "ls", "buffers": return "/history"
        case "search", "s": return "/search" + argument
        case "w", "write": return "/export" + argument
        default: return nil
        }
    }

    private static func tasks(_ state: inout AppState, _ key: Key, afterG: Bool) -> Outcome {
        if afterG {
            switch key {
            case .text("g"): state.tasks.selectedTask = 0; return .handled([])
            case .text("d"): return .key(.text("g"))   // the default keymap's go to a date
            default: break   // another key: `g` is dropped, the key does what it does
            }
        }
        switch key {
        case .text("g"): state.vi.pendingG = true; return .handled([])
        case .text("G"): moveTaskSelection(&state, by: state.tasks.dayTasks.count); return .handled([])
        case .ctrl("d"): return .key(.down)
        case .ctrl("u"): return .key(.up)
        // The calendar's weeks start on Sunday (CivilDate.weekday: 1 is Sunday).
        case .text("0"): return .handled(moveDay(&state, by: 1 - state.tasks.selected.weekday))
        case .text("$"): return .handled(moveDay(&state, by: 7 - state.tasks.selected.weekday))
        default: return .key(key)
        }
    }

    private static func todos(_ state: inout AppState, _ key: Key, afterG: Bool) -> Outcome {
        if afterG, key == .text("g") { return .key(.home) }
        let half = max(1, todosHeight(state) / 2)
        switch key {
        case .text("g"): state.vi.pendingG = true; return .handled([])
        case .text("G"): return .key(.end)
        case .ctrl("d"): moveTodoSelection(&state, by: half); return .handled([])
        case .ctrl("u"): moveTodoSelection(&state, by: -half); return .handled([])
        default: return .key(key)
        }
    }

    /// The Todos pane's rows inside its border, as the layout draws it now.
    private static func todosHeight(_ state: AppState) -> Int {
        max(2, (Layout(size: state.size, focus: state.focus).panes[.todos]?.height ?? 12) - 2)
    }
}
