import Foundation
import Terminal

/// The keymap: every key the app answers to, where, and what it does. The help overlay (F1, `?`)
/// is drawn from it and `[keys]` in config.toml remaps its named actions, so the help shows the
/// keys that work. A row with a name and keys can be remapped; rows without a name describe keys
/// and commands handled inside a pane (typing, commands) and are shown as they are.
struct KeyAction: Equatable {
    enum Scope: String, CaseIterable {
        case everywhere, chat, tasks, todos, forms

        /// The help's section title, in the current language.
        var title: String {
            switch self {
            case .everywhere: return tr.help.everywhere
            case .chat: return tr.help.chat
            case .tasks: return tr.help.tasks
            case .todos: return tr.help.todos
            case .forms: return tr.help.forms
            }
        }

        /// The section of a pane's own keys.
        init(_ pane: PaneID) {
            switch pane {
            case .chat: self = .chat
            case .tasks: self = .tasks
            case .todos: self = .todos
            }
        }
    }
    /// The name in `[keys]` (`help = "f1"`); nil: not remappable.
    var name: String?
    var scope: Scope
    /// The keys the pane handlers answer to (the first is what a remapped key becomes).
    var keys: [Key]
    /// How the help writes the keys, when it is not just their names ("← → ↑ ↓, h l k j").
    var label: String
    var does: String
    /// Shown in the help only with this keymap (`keymap` in config.toml); nil: with both.
    var keymap: KeymapStyle?
    /// The input's editing keys: a `[keys]` remap may take one of them (`compose = "ctrl-e"`
    /// brings back the old key), where it must not take another action's.
    var editing: Bool

    init(_ name: String?, _ scope: Scope, _ keys: [Key], _ label: String? = nil, _ does: String, keymap: KeymapStyle? = nil,
         editing: Bool = false) {
        self.name = name; self.scope = scope; self.keys = keys; self.does = does; self.keymap = keymap; self.editing = editing
        self.label = label ?? keys.map(KeyNames.display).joined(separator: ", ")
    }
}

enum Keymap {
    /// Every key, in the order the help lists them.
    static let actions: [KeyAction] = everywhere + chat + tasks + todos + forms + vi

    private static let everywhere: [KeyAction] = [
        .init("next_pane", .everywhere, [.tab], "Tab / Shift-Tab", "next / previous pane"),
        .init("previous_pane", .everywhere, [.backTab], nil, "previous pane"),
        .init("focus_chat", .everywhere, [.alt("1")], "Alt-1 Alt-2 Alt-3", "Chat, Tasks, Todos"),
        .init("focus_tasks", .everywhere, [.alt("2")], nil, "focus Tasks"),
        .init("focus_todos", .everywhere, [.alt("3")], nil, "focus Todos"),
        .init("cancel", .everywhere, [.escape], nil, "cancel the streaming answer"),
        .init("help", .everywhere, [.f(1), .text("?")], "F1, ?, /help", "this help (? outside typing)"),
        .init("settings", .everywhere, [.f(2)], "F2, /settings", "settings: provider, model, key…"),
        .init("voice", .everywhere, [.f(4)], "F4, /voice", "dictate: F4 / Enter stop, Esc cancel"),
        .init("history", .everywhere, [.ctrl("o")], "Ctrl-O, /history", "conversations: open, rename, delete"),
        .init("search", .everywhere, [.ctrl("\\"), .alt("/")], "Ctrl-\\, Alt-/", "/search: search all; n / N: hits"),
        .init("new_conversation", .everywhere, [.ctrl("n")], "Ctrl-N, /new", "new conversation"),
        .init("contacts", .everywhere, [.alt("c")], "Alt-C, /contacts", "contacts: add, edit, delete, filter"),
        .init("notes", .everywhere, [.alt("n")], "Alt-N, /notes", "notes: add, edit in $EDITOR, delete, filter"),
        .init("quit", .everywhere, [.ctrl("q")], "Ctrl-Q, /quit", "quit"),
        .init("palette", .everywhere, [.ctrl("p")], nil, "command palette: find any action"),
    ]

    private static let chat: [KeyAction] = [
        .init(nil, .chat, [.enter], nil, "send"),
        .init(nil, .chat, [.altEnter], nil, "new line"),
        // The input's editing keys, readline's (LineEditor): a `[keys]` remap may take one. Few
        // rows, so the help's Everywhere still shows at 120×40; docs/keybindings.md has them all.
        .init(nil, .chat, [.left, .right, .ctrl("b"), .ctrl("f"), .ctrl("a"), .ctrl("e"), .ctrlHome, .ctrlEnd,
                           .backspace, .delete, .ctrl("d")], "← →, Ctrl-B F A E", "move; Ctrl-A / E: line start / end", editing: true),
        .init(nil, .chat, [.ctrlLeft, .ctrlRight, .altLeft, .altRight, .alt("b"), .alt("f")], "Ctrl-← →, Alt-B / F", "move a word",
              editing: true),
        .init(nil, .chat, [.ctrl("w"), .altBackspace, .alt("d"), .ctrl("u"), .ctrl("k")], "Ctrl-W U K, Alt-⌫ D",
              "cut a word, to line start / end", editing: true),
        .init(nil, .chat, [.ctrl("y"), .ctrl("t"), .ctrl("_")], "Ctrl-Y / T / _", "paste the cut · swap chars · undo", editing: true),
        .init(nil, .chat, [.up, .down, .ctrl("r")], "↑ / ↓, Ctrl-R", "input history, search it", editing: true),
        .init("compose", .chat, [.ctrl("g")], "Ctrl-X Ctrl-E, Ctrl-G", "compose in $EDITOR"),
        .init("scroll_up", .chat, [.pageUp], "PgUp / PgDn, wheel", "scroll"),
        .init("scroll_down", .chat, [.pageDown], nil, "scroll down"),
        .init(nil, .chat, [.home, .end], "Home / End", "top / bottom (empty input)"),
        .init(nil, .chat, [.text("1"), .text("2"), .text("3"), .text("4"), .text("5")], "1 … 5 (new chat)", "put a suggested prompt in the input"),
        .init(nil, .chat, [.text("r")], "r, /retry", "retry a failed answer"),
        .init("older_answer", .chat, [.altUp], "Alt-Up / Alt-Down", "choose an answer"),
        .init("newer_answer", .chat, [.altDown], nil, "choose a newer answer"),
        .init(nil, .chat, [.enter], "Enter (empty input)", "open / close its steps"),
        .init("timeline", .chat, [.f(3)], "F3, t (chosen)", "timeline of the chosen/last answer"),
        .init(nil, .chat, [], "Esc (not streaming)", "select messages: j k move, Esc back"),
        .init(nil, .chat, [], "y  p  d (selected)", "copy (OSC 52) · $PAGER · delete"),
        .init(nil, .chat, [], "c  o (selected)", "a code block [n]: copy · $PAGER"),
        .init(nil, .chat, [], "r  e (selected)", "retry · edit last message and resend"),
        .init(nil, .chat, [], "< > (selected)", "other versions ‹ 2/3 ›"),
        .init(nil, .chat, [], "a (selected)", "action item → todo"),
        .init(nil, .chat, [], "/summarize", "summarize the conversation"),
        .init(nil, .chat, [], "/export [file]", "save it as Markdown (or .json)"),
        .init(nil, .chat, [], "/remind …", "a reminder from a sentence"),
        .init(nil, .chat, [], "/list …", "a todo list from a request"),
        .init(nil, .chat, [], "/provider [name]", "choose the provider"),
        .init(nil, .chat, [], "/model [id]", "choose the model"),
        .init(nil, .chat, [], "/persona [name]", "this conversation's persona"),
        .init(nil, .chat, [], "/keys", "check the API key"),
        .init(nil, .chat, [], "/ … Tab", "complete a command or its argument"),
    ]

    private static let tasks: [KeyAction] = [
        .init(nil, .tasks, [.left, .right, .up, .down, .text("h"), .text("l"), .text("k"), .text("j")], "← → ↑ ↓, h l k j", "day / week"),
        .init("previous_month", .tasks, [.text("[")], "[ ]  { }", "month / year"),
        .init("next_month", .tasks, [.text("]")], nil, "next month"),
        .init("today", .tasks, [.text(".")], nil, "today"),
        .init("go_to_date", .tasks, [.text("g")], nil, "go to a date", keymap: .default),
        .init(nil, .tasks, [.text("n"), .text("N")], "n / N", "next / previous task"),
        .init("add_task", .tasks, [.text("a")], "a / e, Enter", "add / edit (form)"),
        .init("edit_task", .tasks, [.text("e")], nil, "edit the task"),
        .init("delete_task", .tasks, [.text("d"), .delete], "d, Del", "delete (asks)"),
        .init("complete_task", .tasks, [.text("x")], "x, Space", "complete / reopen"),
        .init("postpone", .tasks, [.text("p")], nil, "postpone to tomorrow"),
        .init("task_conflict", .tasks, [.text("C")], nil, "sync conflict: pick a side"),
        .init("week_view", .tasks, [.text("w")], nil, "week view"),
        .init("filter_tasks", .tasks, [.text("/")], nil, "filter all tasks"),
        .init(nil, .tasks, [.text("u"), .ctrl("r"), .text(" "), .text("{"), .text("}"), .home, .enter, .pageUp, .pageDown], "u / Ctrl-R", "undo / redo"),
    ]

    private static let todos: [KeyAction] = [
        .init(nil, .todos, [.up, .down, .text("j"), .text("k"), .pageUp, .pageDown, .home, .end], "↑ ↓, j k", "move"),
        .init(nil, .todos, [.enter, .left, .right, .text("h"), .text("l")], "Enter, ← →", "fold / unfold"),
        .init(nil, .todos, [.text("z"), .text("Z")], "z / Z", "fold / unfold all"),
        .init("complete_todo", .todos, [.text(" ")], "Space, x", "complete / reopen"),
        .init("add_todo", .todos, [.text("a")], "a / A", "add sibling / child"),
        .init("add_child", .todos, [.text("A")], nil, "add a child"),
        .init("rename", .todos, [.text("e")], nil, "rename"),
        .init(nil, .todos, [.text("n"), .text("N"), .text("x")], "n / N", "notes / notes in $EDITOR"),
        .init("due_date", .todos, [.text("D")], nil, "due date"),
        .init("delete_todo", .todos, [.text("d"), .delete], "d, Del", "delete (asks)"),
        .init(nil, .todos, [.text("J"), .text("K")], "J / K", "move down / up"),
        .init("todo_conflict", .todos, [.text("C")], nil, "sync conflict: pick a side"),
        .init("filter_todos", .todos, [.text("/")], nil, "filter"),
        .init(nil, .todos, [.text("u"), .ctrl("r")], "u / Ctrl-R", "undo / redo"),
    ]

    private static let forms: [KeyAction] = [
        .init(nil, .forms, [.tab, .backTab], "Tab / Shift-Tab, ↑ ↓", "next / previous field"),
        .init(nil, .forms, [.left, .right], "← →", "choose (category, priority)"),
        .init(nil, .forms, [.enter, .escape], "Enter / Esc", "save / cancel"),
        .init(nil, .forms, [], "Ctrl-A E B F W K Y…", "edit fields as the input"),
        .init(nil, .forms, [], "1 2 3", "snooze 10 min, 1 h, tomorrow"),
        .init(nil, .forms, [], "Enter", "dismiss a reminder"),
    ]

    /// `keymap = "vi"` (UpdateViKeys.swift): described here for the help, handled before `update`'s
    /// panes see the keys, so they have no keys of their own and cannot clash with `[keys]`.
    private static let vi: [KeyAction] = [
        .init(nil, .chat, [], "Ctrl-D/U (selected)", "half a page down / up", keymap: .vi),
        .init(nil, .chat, [], ": (selected)", "command: :q :w FILE :new :search…", keymap: .vi),
        .init(nil, .tasks, [], "gg / G", "first / last task", keymap: .vi),
        .init(nil, .tasks, [], "Ctrl-D / Ctrl-U", "next / previous week", keymap: .vi),
        .init(nil, .tasks, [], "0 / $", "first / last day of the week", keymap: .vi),
        .init(nil, .tasks, [], "gd", "go to a date", keymap: .vi),
        .init(nil, .todos, [], "gg / G", "first / last", keymap: .vi),
        .init(nil, .todos, [], "Ctrl-D / Ctrl-U", "half a page down / up", keymap: .vi),
    ]

    /// The action named `name` in `[keys]`.
    static func action(named name: String) -> KeyAction? { actions.first { $0.name == name } }

    /// Rows whose keys are also shown on another row of the help (`previous_pane` under `next_pane`).
    static let folded: Set<String> = ["previous_pane", "focus_tasks", "focus_todos", "scroll_down", "newer_answer",
                                      "next_month", "edit_task", "add_child"]
}

/// The user's `[keys]` remaps, checked: a key pressed is turned into the default key of its
/// action before `update` sees it, so the pane handlers need not know about remapping.
struct KeyBindings: Equatable {
    /// User key → (the action's default key, where it applies).
    private(set) var remaps: [Key: (key: Key, scope: KeyAction.Scope)] = [:]
    /// Action name → the user's key, for the help.
    private(set) var chosen: [String: Key] = [:]
    /// `keymap` in config.toml: with `.vi`, `ViKeys` adds the vi keys.
    var style = KeymapStyle.default

    static func == (a: KeyBindings, b: KeyBindings) -> Bool { a.chosen == b.chosen && a.style == b.style }

    init() {}

    /// Checks `table` (action name → key name); what cannot be used is described in `problems`
    /// (with its line in `text` when known) and the defaults apply to it.
    init(_ table: [String: String], text: String = "", problems: inout [String]) {
        for (name, keyName) in table.sorted(by: { $0.key < $1.key }) {
            let at = TOMLKeyLines.line(of: ["keys", name], in: text).map { "line \($0): " } ?? ""
            guard let action = Keymap.action(named: name), let target = action.keys.first else {
                problems.append(at + "unknown action '\(name)' in [keys] (actions: docs/settings.md)"); continue
            }
            guard let key = KeyNames.parse(keyName) else {
                problems.append(at + "'\(keyName)' is not a key name (write e.g. \"ctrl-h\", \"alt-x\", \"f5\", \"g\")"); continue
            }
            if KeyNames.isPlainText(key), action.scope != .tasks, action.scope != .todos {
                problems.append(at + "'\(name)' needs a key with Ctrl, Alt or an F-key: a letter would be typed into the chat"); continue
            }
            if let other = Keymap.actions.first(where: { $0.name != name && !$0.editing && overlaps($0.scope, action.scope) && $0.keys.contains(key) })
                ?? chosen.first(where: { $0.value == key }).flatMap({ Keymap.action(named: $0.key) }) {
                let whose = other.name.map { "'\($0)'" } ?? "“\(other.does)”"
                problems.append(at + "\(KeyNames.display(key)) for '\(name)' clashes with \(whose); keeping the default"); continue
            }
            remaps[key] = (target, action.scope)
            chosen[name] = key
        }
    }

    private func overlaps(_ a: KeyAction.Scope, _ b: KeyAction.Scope) -> Bool {
        a == b || a == .everywhere || b == .everywhere
    }

    /// The key `update` should see for `key` pressed with `focus`. Letters are remapped only in
    /// Tasks and Todos, where they are not typed text.
    func translate(_ key: Key, focus: PaneID) -> Key {
        guard let remap = remaps[key] else { return key }
        switch remap.scope {
        case .everywhere, .forms: return remap.key
        case .chat: return focus == .chat ? remap.key : key
        case .tasks: return focus == .tasks ? remap.key : key
        case .todos: return focus == .todos ? remap.key : key
        }
    }

    /// How the help writes an action's keys: the user's key first, then the defaults (which still work).
    func label(_ action: KeyAction) -> String {
        guard let name = action.name, let key = chosen[name] else { return action.label }
        return KeyNames.display(key) + ", " + action.label
    }
}
