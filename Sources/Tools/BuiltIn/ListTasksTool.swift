import Foundation
import Core
import Storage

/// list_tasks: what is on between two days, grouped by day.
public struct ListTasksTool: Tool {
    /// Beyond this, the list says how many more there are: a long list floods the model's context.
    static let maxTasks = 50

    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "list_tasks",
        description: "List the user's tasks between two days (both included), grouped by day.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "from": ["type": "string", "description": "First day, YYYY-MM-DD."],
                "to": ["type": "string", "description": "Last day, YYYY-MM-DD."],
            ],
            "required": ["from", "to"],
        ],
        aliases: ["start": "from", "start_date": "from", "from_date": "from", "end": "to", "end_date": "to", "to_date": "to"])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let from = try args.requiredDate("from", context: context)
        let to = try args.requiredDate("to", context: context)
        guard from <= to else { throw ToolError("'to' must be on or after 'from'.") }

        // Counted on the agenda itself: the occurrences of repeating tasks are tasks too.
        let agenda = try context.database.agenda(from: from, to: to)
        let tasks = Array(agenda.prefix(Self.maxTasks))
        guard !tasks.isEmpty else {
            return ToolResult(text: from == to ? "No tasks on \(TaskText.day(from))."
                                               : "No tasks from \(TaskText.day(from)) to \(TaskText.day(to)).")
        }
        var lines: [String] = []
        var currentDay: CivilDate?
        for task in tasks {
            if task.dueDate != currentDay, let day = task.dueDate {
                lines.append(TaskText.day(day))
                currentDay = day
            }
            lines.append(TaskText.line(task))
        }
        if agenda.count > tasks.count { lines.append("…and \(agenda.count - tasks.count) more.") }
        return ToolResult(text: lines.joined(separator: "\n"))
    }
}
