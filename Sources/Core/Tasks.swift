import Foundation

public enum Priority: String, Codable, Sendable, CaseIterable, Comparable {
    case none, low, medium, high

    var rank: Int { Priority.allCases.firstIndex(of: self)! }
    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }

    /// Reads "high", "High", "h", "!!!", "1" (RFC 5545 1–4 high, 5 medium, 6–9 low).
    public init(loose text: String) {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "high", "h", "urgent", "important", "!!!", "1", "2", "3", "4": self = .high
        case "medium", "med", "m", "normal", "!!", "5": self = .medium
        case "low", "l", "!", "6", "7", "8", "9": self = .low
        default: self = .none
        }
    }
}

/// The task categories of the Task AI seed.
public enum TaskCategory: String, CaseIterable, Sendable {
    case work = "Work", personal = "Personal", health = "Health", shopping = "Shopping"
    case home = "Home", study = "Study", social = "Social", other = "Other"
}

/// A calendar task or reminder. A reminder is a task with a due time and a list.
public struct TaskItem: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var uid: String
    public var title: String
    public var notes: String
    public var dueDate: CivilDate?
    public var dueTime: TimeOfDay?
    public var durationMinutes: Int?
    public var category: String?
    public var priority: Priority
    public var completed: Bool
    public var completedAt: Date?
    /// The recurrence set as RFC 5545 lines: "RRULE:FREQ=WEEKLY;BYDAY=MO" and optionally
    /// "EXDATE;VALUE=DATE:20261130,…". Expanded only for the dates on screen.
    public var recurrence: String?
    public var list: String?
    /// Minutes before the due time the alert fires (nil: at the due time). Only timed tasks alert.
    public var alertMinutes: Int?
    /// A snoozed alert fires again at this instant.
    public var snoozedUntil: Date?
    /// Alerts of occurrences firing at or before this instant were shown (or missed and reported).
    public var alertedThrough: Date?
    /// iCalendar content lines this app does not model, written back on export so files round-trip.
    public var extra: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, uid: String = UUID().uuidString, title: String, notes: String = "",
                dueDate: CivilDate? = nil, dueTime: TimeOfDay? = nil, durationMinutes: Int? = nil,
                category: String? = nil, priority: Priority = .none, completed: Bool = false,
                completedAt: Date? = nil, recurrence: String? = nil, list: String? = nil,
                alertMinutes: Int? = nil, snoozedUntil: Date? = nil, alertedThrough: Date? = nil, extra: String? = nil,
                createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.uid = uid; self.title = title; self.notes = notes
        self.dueDate = dueDate; self.dueTime = dueTime; self.durationMinutes = durationMinutes
        self.category = category; self.priority = priority; self.completed = completed
        self.completedAt = completedAt; self.recurrence = recurrence; self.list = list
        self.alertMinutes = alertMinutes; self.snoozedUntil = snoozedUntil; self.alertedThrough = alertedThrough
        self.extra = extra; self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

/// A todo: the root of a tree of subtasks.
public struct Todo: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var uid: String
    public var title: String
    public var notes: String
    public var completed: Bool
    public var position: Int
    public var dueDate: CivilDate?
    /// iCalendar content lines this app does not model (see TaskItem.extra).
    public var extra: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, uid: String = UUID().uuidString, title: String, notes: String = "",
                completed: Bool = false, position: Int = 0, dueDate: CivilDate? = nil, extra: String? = nil,
                createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.uid = uid; self.title = title; self.notes = notes; self.completed = completed
        self.position = position; self.dueDate = dueDate; self.extra = extra
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

/// A step of a todo. `parentId` nests subtasks under subtasks (nil: directly under the todo).
public struct Subtask: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    /// The iCalendar UID (a subtask is a VTODO with RELATED-TO its parent).
    public var uid: String
    public var todoId: Int64
    public var parentId: Int64?
    public var title: String
    public var notes: String
    public var completed: Bool
    public var position: Int
    public var dueDate: CivilDate?
    /// iCalendar content lines this app does not model (see TaskItem.extra).
    public var extra: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, uid: String = UUID().uuidString, todoId: Int64, parentId: Int64? = nil,
                title: String, notes: String = "", completed: Bool = false, position: Int = 0,
                dueDate: CivilDate? = nil, extra: String? = nil, createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.uid = uid; self.todoId = todoId; self.parentId = parentId; self.title = title
        self.notes = notes; self.completed = completed; self.position = position; self.dueDate = dueDate
        self.extra = extra; self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

/// A todo with its subtasks, as the Todos pane shows it.
/// A todo with its subtasks. Folded todos may come without their subtasks (a long list stays
/// cheap to load): the counts are always there, `subtasksLoaded` says whether the rows are.
public struct TodoTree: Sendable, Equatable {
    public var todo: Todo
    public var subtasks: [Subtask]
    public var subtaskCount: Int
    public var doneCount: Int
    public var subtasksLoaded: Bool

    public init(todo: Todo, subtasks: [Subtask]) {
        self.todo = todo; self.subtasks = subtasks
        subtaskCount = subtasks.count
        doneCount = subtasks.filter(\.completed).count
        subtasksLoaded = true
    }

    /// A todo whose subtasks were counted but not loaded.
    public init(todo: Todo, subtaskCount: Int, doneCount: Int) {
        self.todo = todo; subtasks = []
        self.subtaskCount = subtaskCount; self.doneCount = doneCount
        subtasksLoaded = subtaskCount == 0
    }
}

public struct Contact: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var uid: String
    public var name: String
    public var email: String?
    public var phone: String?
    public var organization: String?
    public var notes: String
    public var groups: String?
    /// vCard content lines this app does not model, written back on export.
    public var extra: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, uid: String = UUID().uuidString, name: String, email: String? = nil,
                phone: String? = nil, organization: String? = nil, notes: String = "", groups: String? = nil,
                extra: String? = nil, createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.uid = uid; self.name = name; self.email = email; self.phone = phone
        self.organization = organization; self.notes = notes; self.groups = groups; self.extra = extra
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}

public struct Note: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var title: String
    public var body: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64? = nil, title: String, body: String = "", createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.title = title; self.body = body; self.createdAt = createdAt; self.updatedAt = updatedAt
    }
}
