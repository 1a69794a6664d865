import Foundation
import Core
import Storage

/// create_task: a task or reminder on a day, optionally at a time, optionally repeating.
public struct CreateTaskTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "create_task",
        description: "Create a task or reminder in the user's calendar.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "title": ["type": "string", "description": "What to do, e.g. \"Call mom\"."],
                "date": ["type": "string", "description": "The day, as YYYY-MM-DD (or a phrase like 'next friday'). Omit for a task without a day."],
                "time": ["type": "string", "description": "The time as HH:mm (24-hour) or like 5:30pm. Omit for an all-day task."],
                "category": ["type": "string", "enum": .array(TaskCategory.allCases.map { .string($0.rawValue) })],
                "priority": PriorityArgument.wordSchema,
                "notes": ["type": "string"],
                "list": ["type": "string", "description": "A reminder list, e.g. \"Groceries\"."],
                "repeat": RepeatArgument.schema(removable: false),
            ],
            "required": ["title"],
        ],
        aliases: RepeatArgument.aliases.merging(
            ["due": "date", "due_date": "date", "day": "date", "due_time": "time", "note": "notes", "name": "title"]) { a, _ in a })

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let title = try args.requiredString("title")
        let given = try args.dateAndTime(date: "date", time: "time", context: context)
        var date = given.date
        let time = given.time
        if date == nil, time != nil { date = context.today }  // a time without a day means today
        let category = try args.optionalString("category").map(Self.category)
        let priority = try args.optionalString("priority").map(Self.priority) ?? Priority.none
        let notes = try args.optionalString("notes", maxLength: 10_000, multiline: true) ?? ""
        let list = try args.optionalString("list", maxLength: 100)
        var recurrence: String?
        if case .rule(let rule) = try RepeatArgument.read(args, context: context) {
            let series = try RepeatArgument.series(rule, from: date ?? context.today)  // a series needs a day
            date = series.start
            recurrence = series.text
        }

        let task = try context.database.insertTask(TaskItem(
            title: title, notes: notes, dueDate: date, dueTime: time, category: category,
            priority: priority, recurrence: recurrence, list: list))
        return ToolResult(text: Self.summary(task),
                          change: DataChange(tasks: true, focusDate: task.dueDate, focusTaskId: task.id))
    }

    /// Created task “Call mom” on Tue 2026-11-24 at 17:00 (Personal, medium priority); repeats every weekday.
    static func summary(_ task: TaskItem) -> String {
        var text = "Created task \(TaskText.quoted(task.title))"
        if let date = task.dueDate { text += " on \(TaskText.day(date))" } else { text += " with no date" }
        if let time = task.dueTime { text += " at \(time.hhmm)" }
        if let list = task.list { text += " in list \(TaskText.quoted(list))" }
        let details = [task.category, task.priority == .none ? nil : "\(task.priority.rawValue) priority"].compactMap { $0 }
        if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        return text + (RepeatArgument.summary(task).map { "; repeats \($0)" } ?? "") + "."
    }

    /// One of the known categories, whatever its case; anything else is Other.
    static func category(_ text: String) -> String {
        (TaskCategory.allCases.first { $0.rawValue.lowercased() == text.lowercased() } ?? .other).rawValue
    }

    static func priority(_ text: String) throws -> Priority {
        let priority = Priority(loose: text)
        if priority == .none && text.lowercased() != "none" {
            throw ToolError("'priority' must be low, medium or high.")
        }
        return priority
    }
}
