import Foundation
import Core
import Storage

/// A tool's definition, in the shape of an MCP tool.
public struct ToolDefinition: Sendable, Equatable {
    public var name: String
    public var description: String
    public var inputSchema: JSONValue
    /// Deletes or overwrites data: the user is asked first.
    public var isDestructive: Bool
    /// Changes nothing (lists, searches, reads). Unmarked tools count as changing data, so a
    /// new tool is left out of `aihelper mcp serve --read-only` until it is marked.
    public var isReadOnly: Bool
    /// A time limit of the tool's own (an MCP server's `timeout`), which it enforces itself;
    /// nil: the agent's `toolTimeout`.
    public var timeout: Duration?
    /// Other names models give an argument (alias → the schema's name), accepted in its place
    /// (`ArgumentShapes`); docs/tools.md lists them.
    public var aliases: [String: String]

    public init(name: String, description: String, inputSchema: JSONValue, isDestructive: Bool = false, timeout: Duration? = nil,
                aliases: [String: String] = [:]) {
        self.name = name; self.description = description; self.inputSchema = inputSchema
        self.isDestructive = isDestructive; self.timeout = timeout
        self.isReadOnly = false
        self.aliases = aliases
    }

    /// A tool that only reads.
    public static func readOnly(name: String, description: String, inputSchema: JSONValue,
                                aliases: [String: String] = [:]) -> ToolDefinition {
        var definition = ToolDefinition(name: name, description: description, inputSchema: inputSchema, aliases: aliases)
        definition.isReadOnly = true
        return definition
    }
}

/// Which data a tool call changed, so panes refresh and the calendar can jump to it.
public struct DataChange: Sendable, Equatable {
    public var tasks: Bool
    public var todos: Bool
    /// The day of the task created or changed, for the Tasks pane to select.
    public var focusDate: CivilDate?
    public var focusTaskId: Int64?
    public var focusTodoId: Int64?

    public init(tasks: Bool = false, todos: Bool = false, focusDate: CivilDate? = nil,
                focusTaskId: Int64? = nil, focusTodoId: Int64? = nil) {
        self.tasks = tasks; self.todos = todos; self.focusDate = focusDate
        self.focusTaskId = focusTaskId; self.focusTodoId = focusTodoId
    }
}

public struct ToolResult: Sendable, Equatable {
    /// What the model sees (and the timeline shows).
    public var text: String
    public var isError: Bool
    public var change: DataChange?
    /// Images the tool returned (an MCP server's image content): kept with the tool call and
    /// shown to the user; the model gets `text`, which describes them.
    public var images: [ImageAttachment]

    public init(text: String, isError: Bool = false, change: DataChange? = nil, images: [ImageAttachment] = []) {
        self.text = text; self.isError = isError; self.change = change; self.images = images
    }
}

/// What a tool runs against.
public struct ToolContext: Sendable {
    public var database: AppDatabase
    public var now: Date
    public var timeZone: TimeZone
    /// The one folder the file tools may read and write; nil: they answer that none is set up.
    public var sandbox: URL?
    public init(database: AppDatabase, now: Date = Date(), timeZone: TimeZone = .current, sandbox: URL? = nil) {
        self.database = database; self.now = now; self.timeZone = timeZone; self.sandbox = sandbox
    }
    public var today: CivilDate { CivilDate(now, in: timeZone) }
}

public protocol Tool: Sendable {
    var definition: ToolDefinition { get }
    /// Runs the tool. Throw `ToolError` for bad input; the message goes back to the model.
    func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult
}

public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
