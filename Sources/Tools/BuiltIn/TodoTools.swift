import Foundation
import Core
import Storage

/// A todo list named by id ("#3" in earlier results) or by its title or a part of it.
enum TodoReference {
    static let properties: [String: JSONValue] = [
        "todo_id": ["type": "integer", "minimum": 1, "description": "The list's id, the number after # in list_todos."],
        "todo": ["type": "string", "description": "Or the list's title, or a part of it."],
    ]

    static func resolve(_ args: ToolArguments, context: ToolContext) throws -> TodoTree {
        if let id = try args.optionalInt("todo_id") {
            guard let tree = try context.database.todoTree(id: Int64(id)) else { throw ToolError("No todo list has id \(id).") }
            return tree
        }
        guard let title = try args.optionalString("todo") else { throw ToolError("Give the list's 'todo_id' or its title as 'todo'.") }
        let needle = title.lowercased()
        let todos = try context.database.todoTrees(loadingSubtasksOf: []).map(\.todo)
        guard let todo = todos.first(where: { $0.title.lowercased() == needle }) ?? todos.first(where: { $0.title.lowercased().contains(needle) }),
              let tree = try context.database.todoTree(id: todo.id!) else {
            throw ToolError("No todo list matches \(TaskText.quoted(title)).")
        }
        return tree
    }

    /// "#3 Packing list (2 of 5 done)"
    static func line(_ tree: TodoTree) -> String {
        "#\(tree.todo.id!) \(tree.todo.title) (\(tree.doneCount) of \(tree.subtaskCount) done)\(tree.todo.completed ? " ✓" : "")"
    }

    /// The list and its items, nested, each with its id.
    static func lines(_ tree: TodoTree) -> [String] {
        let children = Dictionary(grouping: tree.subtasks, by: \.parentId)
        var out = [line(tree)]
        func add(_ parent: Int64?, depth: Int) {
            for item in children[parent] ?? [] {
                out.append(String(repeating: "  ", count: depth) + "[\(item.completed ? "x" : " ")] \(item.title) #\(item.id!)"
                           + (item.notes.isEmpty ? "" : " — \(item.notes.prefix(80))"))
                add(item.id, depth: depth + 1)
            }
        }
        add(nil, depth: 1)
        return out
    }
}

/// list_todos
public struct ListTodosTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "list_todos", description: "The user's todo lists with their progress; or one list with its items (ids included).",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": .object(TodoReference.properties)])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        if arguments["todo_id"] != nil || arguments["todo"] != nil {
            return ToolResult(text: TodoReference.lines(try TodoReference.resolve(args, context: context)).joined(separator: "\n"))
        }
        let trees = try context.database.todoTrees(loadingSubtasksOf: [])
        guard !trees.isEmpty else { return ToolResult(text: "No todo lists yet.") }
        return ToolResult(text: TaskLines.limited(trees.map(TodoReference.line), max: 50))
    }
}

/// add_subtask
public struct AddSubtaskTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "add_subtask", description: "Add an item to a todo list, or under one of its items (parent_id).",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": .object(TodoReference.properties.merging([
                "content": ["type": "string", "minLength": 1],
                "notes": ["type": "string"],
                "parent_id": ["type": "integer", "minimum": 1, "description": "The item to nest it under."],
            ]) { a, _ in a }),
            "required": ["content"],
        ],
        aliases: ["title": "content", "text": "content", "item": "content", "note": "notes", "list": "todo", "list_id": "todo_id"])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let tree = try TodoReference.resolve(args, context: context)
        let parent = try args.optionalInt("parent_id").map(Int64.init)
        if let parent, !tree.subtasks.contains(where: { $0.id == parent }) {
            throw ToolError("List \(TaskText.quoted(tree.todo.title)) has no item #\(parent).")
        }
        let item = try context.database.addSubtask(todoId: tree.todo.id!, parentId: parent, title: try args.requiredString("content"),
                                                   notes: try args.optionalString("notes", maxLength: 10_000, multiline: true) ?? "")
        return ToolResult(text: "Added \(TaskText.quoted(item.title)) #\(item.id!) to \(TaskText.quoted(tree.todo.title)).",
                          change: DataChange(todos: true, focusTodoId: tree.todo.id))
    }
}

/// toggle_todo: completes or reopens a list or one item.
public struct ToggleTodoTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "toggle_todo", description: "Mark a todo list (todo_id) or one item (subtask_id) done, or open again.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "todo_id": ["type": "integer", "minimum": 1],
                "subtask_id": ["type": "integer", "minimum": 1],
                "completed": ["type": "boolean", "description": "true: done; false: open again. Default: the opposite of now."],
            ],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let wanted = arguments["completed"]?.boolValue
        if let id = try args.optionalInt("subtask_id") {
            let item = try TodoItems.subtask(Int64(id), context)
            let done = wanted ?? !item.completed
            try context.database.setSubtaskCompleted(id: item.id!, done)
            return ToolResult(text: "\(done ? "Done" : "Open again"): \(TaskText.quoted(item.title)).",
                              change: DataChange(todos: true, focusTodoId: item.todoId))
        }
        guard let id = try args.optionalInt("todo_id") else { throw ToolError("Give 'todo_id' or 'subtask_id'.") }
        guard let tree = try context.database.todoTree(id: Int64(id)) else { throw ToolError("No todo list has id \(id).") }
        let done = wanted ?? !tree.todo.completed
        try context.database.setTodoCompleted(id: tree.todo.id!, done)
        return ToolResult(text: "\(done ? "Done" : "Open again"): list \(TaskText.quoted(tree.todo.title)).",
                          change: DataChange(todos: true, focusTodoId: tree.todo.id))
    }
}

/// rename_todo
public struct RenameTodoTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "rename_todo", description: "Rename a todo list (todo_id) or one item (subtask_id).",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "todo_id": ["type": "integer", "minimum": 1], "subtask_id": ["type": "integer", "minimum": 1],
                "title": ["type": "string", "minLength": 1],
            ],
            "required": ["title"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let title = try args.requiredString("title")
        if let id = try args.optionalInt("subtask_id") {
            var item = try TodoItems.subtask(Int64(id), context)
            let old = item.title
            item.title = title
            try context.database.updateSubtask(item)
            return ToolResult(text: "Renamed \(TaskText.quoted(old)) to \(TaskText.quoted(title)).", change: DataChange(todos: true, focusTodoId: item.todoId))
        }
        guard let id = try args.optionalInt("todo_id") else { throw ToolError("Give 'todo_id' or 'subtask_id'.") }
        guard var todo = try context.database.todoTree(id: Int64(id))?.todo else { throw ToolError("No todo list has id \(id).") }
        let old = todo.title
        todo.title = title
        todo.updatedAt = Date()
        try context.database.updateTodo(todo)
        return ToolResult(text: "Renamed list \(TaskText.quoted(old)) to \(TaskText.quoted(title)).", change: DataChange(todos: true, focusTodoId: todo.id))
    }
}

/// delete_todo (asks the user first): a whole list or one item with what is under it.
public struct DeleteTodoTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "delete_todo", description: "Delete a todo list (todo_id) with all its items, or one item (subtask_id) with those under it.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": ["todo_id": ["type": "integer", "minimum": 1], "subtask_id": ["type": "integer", "minimum": 1]]],
        isDestructive: true)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        if let id = try args.optionalInt("subtask_id") {
            let item = try TodoItems.subtask(Int64(id), context)
            try context.database.deleteSubtask(id: item.id!)
            return ToolResult(text: "Deleted item \(TaskText.quoted(item.title)).", change: DataChange(todos: true, focusTodoId: item.todoId))
        }
        guard let id = try args.optionalInt("todo_id") else { throw ToolError("Give 'todo_id' or 'subtask_id'.") }
        guard let tree = try context.database.todoTree(id: Int64(id)) else { throw ToolError("No todo list has id \(id).") }
        try context.database.deleteTodo(id: tree.todo.id!)
        return ToolResult(text: "Deleted list \(TaskText.quoted(tree.todo.title)) and its \(tree.subtaskCount) item(s).", change: DataChange(todos: true))
    }
}

enum TodoItems {
    static func subtask(_ id: Int64, _ context: ToolContext) throws -> Subtask {
        guard let item = try context.database.subtask(id: id) else { throw ToolError("No todo item has id \(id).") }
        return item
    }
}
