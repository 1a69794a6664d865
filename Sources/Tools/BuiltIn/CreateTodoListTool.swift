import Foundation
import Core
import Storage

/// create_todo_list: a todo with its items, in one go.
public struct CreateTodoListTool: Tool {
    static let maxItems = 100

    public init() {}

    public let definition = ToolDefinition(
        name: "create_todo_list",
        description: "Create a todo list (a checklist) with its items.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "title": ["type": "string", "description": "The list's name, e.g. \"Packing list\"."],
                "notes": ["type": "string", "description": "What the list is for."],
                "items": [
                    "type": "array",
                    "description": "The items, as strings or as objects with content and notes.",
                    "items": ["anyOf": [
                        ["type": "string"],
                        ["type": "object", "additionalProperties": false,
                         "properties": ["content": ["type": "string"], "notes": ["type": "string"]],
                         "required": ["content"]],
                    ]],
                ],
            ],
            "required": ["title"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let title = try args.requiredString("title")
        let items = try (args.optionalArray("items") ?? []).compactMap(Self.item)
        guard items.count <= Self.maxItems else {
            throw ToolError("'items' has \(items.count) entries; at most \(Self.maxItems) are allowed.")
        }
        let notes = try args.optionalString("notes", maxLength: 10_000, multiline: true) ?? ""
        let tree = try context.database.createTodo(title: title, notes: notes, items: items)
        return ToolResult(text: Self.summary(tree), change: DataChange(todos: true, focusTodoId: tree.todo.id))
    }

    /// "Passport" or {"content": "Passport", "notes": "renew"}; nil for a blank entry.
    static func item(_ value: JSONValue) throws -> (title: String, notes: String)? {
        let shapeError = ToolError("Each entry of 'items' must be a string or an object with a 'content' string.")
        if let text = value.stringValue {
            return try ToolArguments.clean(text, name: "items", maxLength: 500, multiline: false).map { ($0, "") }
        }
        guard value.objectValue != nil else { throw shapeError }
        let fields = try ToolArguments(value)
        guard let content = try fields.optionalString("content") else { throw shapeError }
        return (content, try fields.optionalString("notes", maxLength: 10_000, multiline: true) ?? "")
    }

    /// Created todo list “Packing list” with 3 items: Passport, Charger, Socks.
    static func summary(_ tree: TodoTree) -> String {
        let name = TaskText.quoted(tree.todo.title)
        switch tree.subtasks.count {
        case 0: return "Created todo list \(name) (no items yet)."
        case let count:
            return "Created todo list \(name) with \(count) item\(count == 1 ? "" : "s"): "
                + tree.subtasks.map(\.title).joined(separator: ", ") + "."
        }
    }
}
