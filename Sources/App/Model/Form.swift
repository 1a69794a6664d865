import Foundation
import Core
import Terminal

/// A modal form over the panes: labelled one-line fields, one of them focused.
/// Tab / ↓ and Shift-Tab / ↑ move between fields, ← → on a choice field pick the next value,
/// Enter submits (a field that does not read shows its error under it and keeps the text),
/// Esc cancels with no change.
struct Form {
    struct Field {
        /// What the code looks the field up by; the label is what the person reads (translated).
        var id: String
        var label: String
        var editor: LineEditor
        /// A choice field cycles through these with ← and →; typing is allowed too.
        var choices: [String]?
        /// Shown under the field in the error color after a failed submit.
        var error: String?
        var hint: String?
        /// Drawn as dots (an API key): the text never reaches the screen.
        var secret = false

        init(_ label: String, _ text: String = "", id: String? = nil, choices: [String]? = nil, hint: String? = nil, secret: Bool = false) {
            self.id = id ?? label; self.label = label; self.editor = LineEditor(text: text); self.choices = choices
            self.hint = hint; self.secret = secret
        }

        var text: String { editor.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    var title: String
    var fields: [Field]
    var focus = 0
    var purpose: FormPurpose
    /// A line above the keys' help (the settings' "Checking the key…"), in the error color when `statusIsError`.
    var status: String?
    var statusIsError = false

    init(title: String, fields: [Field], purpose: FormPurpose) {
        self.title = title; self.fields = fields; self.purpose = purpose
    }

    func text(_ id: String) -> String { fields.first { $0.id == id }?.text ?? "" }

    mutating func setError(_ id: String, _ message: String?) {
        guard let i = fields.firstIndex(where: { $0.id == id }) else { return }
        // The first field in error takes the focus.
        let earlier = fields[..<i].contains { $0.error != nil }
        fields[i].error = message
        if message != nil, !earlier { focus = i }
    }

    var hasErrors: Bool { fields.contains { $0.error != nil } }

    enum Outcome: Equatable { case editing, submit, cancel }

    /// Applies a key to the form.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancel
        case .enter: return .submit
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .left where fields[focus].choices != nil: cycle(by: -1)
        case .right where fields[focus].choices != nil: cycle(by: 1)
        default:
            if fields[focus].editor.handle(key) == .edited { fields[focus].error = nil }
        }
        return .editing
    }

    private mutating func cycle(by step: Int) {
        guard let choices = fields[focus].choices, !choices.isEmpty else { return }
        let current = choices.firstIndex { $0.lowercased() == fields[focus].text.lowercased() } ?? (step > 0 ? -1 : 0)
        fields[focus].editor.text = choices[(current + step + choices.count) % choices.count]
        fields[focus].error = nil
    }
}

/// What a submitted form changes.
enum FormPurpose: Equatable {
    /// A new task (id nil) or an edit; `occurrence` is the day shown when it is one of a series.
    case task(TaskItem, occurrence: CivilDate?)
    case addTodo(afterPosition: Int?)
    case addSubtask(todoId: Int64, parentId: Int64?)
    case renameTodo(Int64)
    case renameSubtask(Int64)
    case todoNotes(todoId: Int64, subtaskId: Int64?)
    case todoDue(todoId: Int64, subtaskId: Int64?)
    case gotoDate
    /// The filters apply as they are typed; Esc puts back the one there was (`previous`).
    case filterTasks(previous: TasksState.ListMode)
    case filterTodos(previous: String?)
    /// The settings screen (F2); see SettingsScreen.
    case settings
    /// A contact or note added (no id) or edited, from the Contacts or Notes view.
    case record(Record)
}

/// A question with lettered answers, each answer a list of effects (Esc answers none).
struct Choice: Equatable {
    struct Option: Equatable {
        var key: Character
        var label: String
        var effects: [Effect]
    }
    var question: String
    var options: [Option]

    /// A yes/no question: y does `effects`, n and Esc nothing.
    static func confirm(_ question: String, _ effects: [Effect]) -> Choice {
        Choice(question: question, options: [Option(key: "y", label: tr.dialogs.yes, effects: effects),
                                             Option(key: "n", label: tr.dialogs.no, effects: [])])
    }
}

extension LineEditor {
    /// The same editor with every character drawn as a dot: a secret is edited, never shown.
    var masked: LineEditor {
        var dots = LineEditor(text: String(repeating: "•", count: text.count))
        dots.cursor = cursor
        return dots
    }
}
