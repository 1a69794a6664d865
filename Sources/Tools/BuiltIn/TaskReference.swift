import Foundation
import Core
import Storage

/// A task named by its id (from an earlier result, "#12") or by its title or a part of it.
enum TaskReference {
    static let properties: [String: JSONValue] = [
        "id": ["type": "integer", "minimum": 1, "description": "The task's id, the number after # in earlier results."],
        "title": ["type": "string", "description": "Or the task's title, or a part of it."],
    ]

    /// The task, and a note naming others that matched a title as well. `accepts` limits what
    /// may be named (reminders only, open ones only).
    static func resolve(_ args: ToolArguments, context: ToolContext, kind: String = "task", includeCompleted: Bool = true,
                        accepts: (TaskItem) -> Bool = { _ in true }) throws -> (task: TaskItem, note: String) {
        if let id = try args.optionalInt("id") {
            guard let task = try context.database.task(id: Int64(id)), accepts(task), includeCompleted || !task.completed else {
                throw ToolError("No \(kind) has id \(id).")
            }
            return (task, "")
        }
        guard let title = try args.optionalString("title") else { throw ToolError("Give the \(kind)'s 'id' or its 'title'.") }
        let candidates = try context.database.findTasks(matching: title, includeCompleted: includeCompleted).filter(accepts)
        guard let match = TaskMatch(title: title, candidates: candidates) else {
            throw ToolError("No \(includeCompleted ? "" : "open ")\(kind) matches \(TaskText.quoted(title)).")
        }
        return (match.task, match.othersNote(kind: kind))
    }
}
