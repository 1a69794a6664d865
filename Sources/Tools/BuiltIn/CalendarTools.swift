import Foundation
import Core
import Storage

/// update_task: changes the given fields of one task, its repeat too ("none" stops it).
public struct UpdateTaskTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "update_task",
        description: "Change a task: name it by id or title, and give only the fields to change.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": .object(TaskReference.properties.merging([
                "new_title": ["type": "string"],
                "date": ["type": "string", "description": "The new day: YYYY-MM-DD or a phrase like 'next friday'."],
                "time": ["type": ["string", "null"], "description": "The new time as HH:mm; null makes it all-day."],
                "category": ["type": "string", "enum": .array(TaskCategory.allCases.map { .string($0.rawValue) })],
                "priority": PriorityArgument.wordSchema,
                "notes": ["type": "string"],
                "repeat": RepeatArgument.schema(removable: true),
            ]) { a, _ in a }),
        ],
        aliases: RepeatArgument.aliases.merging(
            ["due": "date", "due_date": "date", "new_date": "date", "due_time": "time", "new_time": "time", "note": "notes"]) { a, _ in a })

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        var (task, _) = try TaskReference.resolve(args, context: context)
        let before = task
        if let title = try args.optionalString("new_title") { task.title = title }
        let (date, time) = try args.dateAndTime(date: "date", time: "time", context: context)
        if let date { task.dueDate = date }
        if arguments["time"] == .null { task.dueTime = nil } else if let time { task.dueTime = time }
        if let category = try args.optionalString("category") { task.category = CreateTaskTool.category(category) }
        if let priority = try args.optionalString("priority") { task.priority = Priority(loose: priority) }
        if let notes = try args.optionalString("notes", maxLength: 10_000, multiline: true) { task.notes = notes }
        switch try RepeatArgument.read(args, context: context) {
        case .absent: break
        case .none: task.recurrence = nil
        case .rule(let rule):
            let series = try RepeatArgument.series(rule, from: task.dueDate ?? context.today)
            task.dueDate = series.start
            task.recurrence = series.text
        }
        guard task != before else { return ToolResult(text: "Nothing to change in \(TaskText.titleAndDay(task)).") }
        task.updatedAt = Date()
        try context.database.updateTask(task)
        var repeats = ""
        if task.recurrence != before.recurrence {
            repeats = RepeatArgument.summary(task).map { "; repeats \($0)" } ?? "; no longer repeats"
        }
        return ToolResult(text: "Updated: \(TaskText.dated(task))" + repeats,
                          change: DataChange(tasks: true, focusDate: task.dueDate, focusTaskId: task.id))
    }
}

/// search_tasks: tasks whose title contains some text.
public struct SearchTasksTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "search_tasks",
        description: "Find the user's tasks whose title contains a text, best matches first.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "query": ["type": "string", "minLength": 1],
                "include_completed": ["type": "boolean", "description": "Also completed tasks (default false)."],
            ],
            "required": ["query"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let query = try args.requiredString("query")
        let found = try context.database.findTasks(matching: query, includeCompleted: arguments["include_completed"] == .bool(true))
        guard !found.isEmpty else { return ToolResult(text: "No task matches \(TaskText.quoted(query)).") }
        return ToolResult(text: TaskLines.limited(found.map(TaskText.dated), max: 30))
    }
}

/// get_today: today's tasks, and how many open ones are overdue.
public struct TodayTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_today", description: "The user's tasks for today, and the open tasks overdue from earlier days.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": [:]])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let today = context.today
        let tasks = try context.database.agenda(from: today, to: today)
        var lines = ["Today, \(TaskText.weekdayLong[today.weekday - 1]) \(today.iso):"]
        lines += tasks.isEmpty ? ["  nothing planned"] : tasks.map(TaskText.line)
        let overdue = try context.database.tasks(from: today.adding(days: -365), to: today.adding(days: -1)).filter { !$0.completed && $0.recurrence == nil }
        if !overdue.isEmpty {
            lines.append("Overdue (\(overdue.count)):")
            lines += overdue.prefix(10).map { "  " + TaskText.dated($0) }
        }
        return ToolResult(text: lines.joined(separator: "\n"))
    }
}

/// get_upcoming: the open tasks of the next days.
public struct UpcomingTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_upcoming", description: "The user's open tasks from today on, soonest first.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "days": ["type": "integer", "minimum": 1, "maximum": 366, "description": "How many days ahead (default 7)."],
                "limit": ["type": "integer", "minimum": 1, "maximum": 50, "description": "At most this many (default 20)."],
            ],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let days = try args.optionalInt("days") ?? 7
        let last = context.today.adding(days: days - 1)
        let tasks = try context.database.upcomingTasks(from: context.today, limit: try args.optionalInt("limit") ?? 20)
            .filter { ($0.dueDate ?? last) <= last }
        guard !tasks.isEmpty else { return ToolResult(text: "Nothing open in the next \(days) day\(days == 1 ? "" : "s").") }
        return ToolResult(text: tasks.map(TaskText.dated).joined(separator: "\n"))
    }
}

enum TaskLines {
    /// The first `max` lines, and how many more there were.
    static func limited(_ lines: [String], max: Int) -> String {
        (lines.prefix(max) + (lines.count > max ? ["…and \(lines.count - max) more."] : [])).joined(separator: "\n")
    }
}
