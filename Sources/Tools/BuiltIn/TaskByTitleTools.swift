import Foundation
import Core
import Storage

/// complete_task: marks the open task that best matches a title as done.
public struct CompleteTaskTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "complete_task",
        description: "Mark the user's open task that best matches a title as completed.",
        inputSchema: TaskMatch.titleSchema)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let title = try ToolArguments(arguments).requiredString("title")
        let candidates = try context.database.findTasks(matching: title, includeCompleted: false)
        guard let match = TaskMatch(title: title, candidates: candidates) else {
            return ToolResult(text: "No open task matches \(TaskText.quoted(title)).", isError: true)
        }
        let task = try context.database.setTaskCompleted(id: match.task.id!, true) ?? match.task
        return ToolResult(text: "Completed \(TaskText.titleAndDay(task))." + match.othersNote(kind: "open task"),
                          change: DataChange(tasks: true, focusDate: task.dueDate, focusTaskId: task.id))
    }
}

/// delete_task: deletes the task that best matches a title (the user is asked first).
public struct DeleteTaskTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "delete_task",
        description: "Delete the user's task that best matches a title.",
        inputSchema: TaskMatch.titleSchema,
        isDestructive: true)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let title = try ToolArguments(arguments).requiredString("title")
        let candidates = try context.database.findTasks(matching: title, includeCompleted: true)
        guard let match = TaskMatch(title: title, candidates: candidates) else {
            return ToolResult(text: "No task matches \(TaskText.quoted(title)).", isError: true)
        }
        try context.database.deleteTask(id: match.task.id!)
        return ToolResult(text: "Deleted \(TaskText.titleAndDay(match.task))." + match.othersNote(kind: "task"),
                          change: DataChange(tasks: true, focusDate: match.task.dueDate))
    }
}

/// The best task for a title, and the others that matched as well as it did.
struct TaskMatch {
    static let titleSchema: JSONValue = [
        "type": "object", "additionalProperties": false,
        "properties": ["title": ["type": "string", "description": "The task's title, or a part of it."]],
        "required": ["title"],
    ]

    let title: String
    let task: TaskItem
    let equallyGood: [TaskItem]

    /// `candidates` come best first from `findTasks`; nil when there is none.
    init?(title: String, candidates: [TaskItem]) {
        guard let best = candidates.first else { return nil }
        let rank = AppDatabase.titleMatchRank(best.title, query: title)
        self.title = title
        self.task = best
        self.equallyGood = candidates.dropFirst().filter { AppDatabase.titleMatchRank($0.title, query: title) == rank }
    }

    /// " 2 other open tasks also match “call”: “Call Bob” (Wed 2026-11-25), …" or "".
    func othersNote(kind: String) -> String {
        guard !equallyGood.isEmpty else { return "" }
        let count = equallyGood.count
        let shown = equallyGood.prefix(3).map(TaskText.titleAndDay).joined(separator: ", ")
        return " \(count) other \(kind)\(count == 1 ? "" : "s") also match\(count == 1 ? "es" : "") "
            + "\(TaskText.quoted(title)): \(shown)\(count > 3 ? ", …" : "")."
    }
}
