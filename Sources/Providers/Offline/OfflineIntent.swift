import Core

/// The names of the tools the offline assistant calls. The tools themselves live in the Tools
/// module and read exactly the argument fields written in `OfflineIntent.toolCall`.
public enum OfflineToolName {
    public static let createTask = "create_task"
    public static let createTodoList = "create_todo_list"
    public static let listTasks = "list_tasks"
    public static let completeTask = "complete_task"
    public static let deleteTask = "delete_task"
    public static let resolveDate = "resolve_date"
}

/// A task as read from a sentence, before any tool stores it.
public struct TaskDraft: Sendable, Equatable {
    public var title: String
    public var date: CivilDate?
    public var time: TimeOfDay?
    public var category: TaskCategory
    /// nil when the sentence says nothing about priority.
    public var priority: Priority?
    /// The repeat the sentence asks for ("every weekday"); nil for a one-off.
    public var recurrence: RecurrenceRule?

    public init(title: String, date: CivilDate? = nil, time: TimeOfDay? = nil, category: TaskCategory = .other,
                priority: Priority? = nil, recurrence: RecurrenceRule? = nil) {
        self.title = title; self.date = date; self.time = time; self.category = category; self.priority = priority
        self.recurrence = recurrence
    }
}

/// What a message asks the offline assistant to do.
public enum OfflineIntent: Sendable, Equatable {
    case createTask(TaskDraft)
    case createTodoList(title: String, items: [String])
    case listTasks(ClosedRange<CivilDate>)
    case completeTask(title: String)
    case deleteTask(title: String)
    case resolveDate(phrase: String)
    case help
    case greeting
    case thanks
    case unknown

    /// The tool call that carries the intent out, or nil when a text answer does.
    public var toolCall: (name: String, arguments: JSONValue)? {
        switch self {
        case .createTask(let draft):
            var fields: [String: JSONValue] = ["title": .string(draft.title), "category": .string(draft.category.rawValue)]
            if let date = draft.date { fields["date"] = .string(date.iso) }
            if let time = draft.time { fields["time"] = .string(time.hhmm) }
            if let priority = draft.priority { fields["priority"] = .string(priority.rawValue) }
            if let rule = draft.recurrence { fields["repeat"] = .string(rule.text) }
            return (OfflineToolName.createTask, .object(fields))
        case .createTodoList(let title, let items):
            return (OfflineToolName.createTodoList, ["title": .string(title), "items": .array(items.map { .string($0) })])
        case .listTasks(let days):
            return (OfflineToolName.listTasks, ["from": .string(days.lowerBound.iso), "to": .string(days.upperBound.iso)])
        case .completeTask(let title):
            return (OfflineToolName.completeTask, ["title": .string(title)])
        case .deleteTask(let title):
            return (OfflineToolName.deleteTask, ["title": .string(title)])
        case .resolveDate(let phrase):
            return (OfflineToolName.resolveDate, ["phrase": .string(phrase)])
        case .help, .greeting, .thanks, .unknown:
            return nil
        }
    }
}
