import Foundation
import Core
import Storage

/// Reminders are tasks in a list, with a due day and time: the same rows the Tasks pane shows.
enum Reminder {
    static let defaultList = "Reminders"
    static func isReminder(_ task: TaskItem) -> Bool { task.list != nil }

    /// Priority 1–9 as in reminder apps and iCalendar: 1–4 high, 5 medium, 6–9 low, 0 none.
    static func priority(_ number: Int) -> Priority { number == 0 ? .none : Priority(loose: String(number)) }
}

/// create_reminder
public struct CreateReminderTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "create_reminder",
        description: "Create a reminder: a task in a reminder list, due on a day and optionally at a time.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "title": ["type": "string", "description": "What to be reminded of, without the date part."],
                "due_date": ["type": "string", "description": "YYYY-MM-DD or a phrase like 'tomorrow'. Default: today."],
                "due_time": ["type": "string", "description": "HH:mm, 24-hour (or like 5:30pm)."],
                "notes": ["type": "string"],
                "priority": PriorityArgument.numberSchema,
                "list": ["type": "string", "description": "The reminder list (default \"Reminders\")."],
                "category": ["type": "string", "enum": .array(TaskCategory.allCases.map { .string($0.rawValue) })],
                "repeat": RepeatArgument.schema(removable: false),
            ],
            "required": ["title"],
        ],
        aliases: RepeatArgument.aliases.merging(
            ["due": "due_date", "date": "due_date", "day": "due_date", "time": "due_time", "note": "notes", "name": "title"]) { a, _ in a })

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let (date, time) = try args.dateAndTime(date: "due_date", time: "due_time", context: context)
        var day = date ?? context.today
        var recurrence: String?
        if case .rule(let rule) = try RepeatArgument.read(args, context: context) {
            let series = try RepeatArgument.series(rule, from: day)
            day = series.start
            recurrence = series.text
        }
        let task = try context.database.insertTask(TaskItem(
            title: try args.requiredString("title"),
            notes: try args.optionalString("notes", maxLength: 10_000, multiline: true) ?? "",
            dueDate: day,
            dueTime: time,
            category: try args.optionalString("category").map(CreateTaskTool.category),
            priority: Reminder.priority(try args.optionalInt("priority") ?? 0),
            recurrence: recurrence,
            list: try args.optionalString("list", maxLength: 100) ?? Reminder.defaultList))
        return ToolResult(text: "Created reminder \(TaskText.dated(task))" + (RepeatArgument.summary(task).map { "; repeats \($0)" } ?? ""),
                          change: DataChange(tasks: true, focusDate: task.dueDate, focusTaskId: task.id))
    }
}

/// list_reminders
public struct ListRemindersTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "list_reminders",
        description: "List reminders, soonest first: of one list or all, open (default) or completed, optionally due in a range.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "list": ["type": "string"],
                "completed": ["type": "boolean", "description": "true: the completed ones instead of the open ones."],
                "due_after": ["type": "string", "description": "Due on or after this day (YYYY-MM-DD or a phrase)."],
                "due_before": ["type": "string", "description": "Due on or before this day."],
            ],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let found = try context.database.reminders(
            list: try args.optionalString("list", maxLength: 100), completed: arguments["completed"] == .bool(true),
            dueAfter: try args.optionalDate("due_after", context: context),
            dueBefore: try args.optionalDate("due_before", context: context), limit: 51)
        guard !found.isEmpty else { return ToolResult(text: "No reminders match.") }
        return ToolResult(text: TaskLines.limited(found.map(TaskText.dated), max: 50))
    }
}

/// complete_reminder
public struct CompleteReminderTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "complete_reminder", description: "Mark an open reminder as done, named by id or title.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": .object(TaskReference.properties)])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let (task, note) = try TaskReference.resolve(try ToolArguments(arguments), context: context, kind: "reminder",
                                                     includeCompleted: false, accepts: Reminder.isReminder)
        let done = try context.database.setTaskCompleted(id: task.id!, true) ?? task
        return ToolResult(text: "Completed reminder \(TaskText.titleAndDay(done))." + note,
                          change: DataChange(tasks: true, focusDate: done.dueDate, focusTaskId: done.id))
    }
}

/// delete_reminder (asks the user first)
public struct DeleteReminderTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "delete_reminder", description: "Delete a reminder, named by id or title.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": .object(TaskReference.properties)], isDestructive: true)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let (task, note) = try TaskReference.resolve(try ToolArguments(arguments), context: context, kind: "reminder",
                                                     accepts: Reminder.isReminder)
        _ = try context.database.deleteTask(id: task.id!)
        return ToolResult(text: "Deleted reminder \(TaskText.titleAndDay(task))." + note,
                          change: DataChange(tasks: true, focusDate: task.dueDate))
    }
}

/// search_reminders
public struct SearchRemindersTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "search_reminders", description: "Find reminders, open or completed, whose title contains a text.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": ["query": ["type": "string", "minLength": 1]], "required": ["query"]])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let query = try ToolArguments(arguments).requiredString("query")
        let found = try context.database.findTasks(matching: query, includeCompleted: true).filter(Reminder.isReminder)
        guard !found.isEmpty else { return ToolResult(text: "No reminder matches \(TaskText.quoted(query)).") }
        return ToolResult(text: TaskLines.limited(found.map(TaskText.dated), max: 30))
    }
}

/// get_reminder_lists
public struct GetReminderListsTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_reminder_lists", description: "The user's reminder lists with their open and completed counts.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": [:]])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let lists = try context.database.reminderLists()
        guard !lists.isEmpty else { return ToolResult(text: "No reminder lists yet; create_reminder starts \"\(Reminder.defaultList)\".") }
        return ToolResult(text: lists.map { "\($0.name): \($0.open) open, \($0.completed) completed" }.joined(separator: "\n"))
    }
}
