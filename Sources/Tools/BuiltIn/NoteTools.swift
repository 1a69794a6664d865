import Foundation
import Core
import Storage

/// create_note: a note with a title and an optional body.
public struct CreateNoteTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "create_note",
        description: "Write down a note for the user.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "title": NoteText.titleSchema,
                "body": ["type": "string", "maxLength": .number(Double(NoteText.maxArgument)), "description": "The note's text."],
            ],
            "required": ["title"],
        ],
        aliases: ["content": "body", "text": "body"])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        let title = try args.requiredString("title", maxLength: NoteText.maxTitle)
        let body = try args.optionalString("body", maxLength: NoteText.maxArgument, multiline: true) ?? ""
        let note = try context.database.insertNote(Note(title: title, body: body, createdAt: context.now, updatedAt: context.now))
        return ToolResult(text: "Created note \(NoteText.name(note))" + (body.isEmpty ? " (no text yet)." : "."))
    }
}

/// search_notes: notes whose title or body contains the query; all notes without one.
public struct SearchNotesTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "search_notes",
        description: "Find the user's notes by a word in their title or text; without a query, list all notes. One line each, with its id.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": ["query": ["type": "string", "maxLength": 200, "description": "A word or phrase to look for."]],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let query = try ToolArguments(arguments).optionalString("query", maxLength: 200)
        let notes = try context.database.searchNotes(query ?? "")
        guard !notes.isEmpty else {
            return ToolResult(text: query.map { "No note matches \(TaskText.quoted($0))." } ?? "There are no notes yet.")
        }
        return ToolResult(text: RecordTools.list(notes) { NoteText.line($0, query: query) })
    }
}

/// get_note: one note in full.
public struct GetNoteTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_note",
        description: "Show one note in full.",
        inputSchema: NoteText.idOnlySchema)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let note = try NoteText.note(ToolArguments(arguments), in: context.database)
        let changed = CivilDate(note.updatedAt, in: context.timeZone)
        return ToolResult(text: "Note \(NoteText.name(note)), last changed \(TaskText.day(changed))\n\n"
            + (note.body.isEmpty ? "(no text)" : note.body))
    }
}

/// How the note tools write notes, and what they share.
enum NoteText {
    static let maxTitle = 200
    /// A body or an appended text given in one call.
    static let maxArgument = 20_000
    /// A note's body after appends: beyond this, get_note would be cut anyway.
    static let maxBody = 100_000

    static let titleSchema: JSONValue = ["type": "string", "maxLength": .number(Double(maxTitle)), "description": "A short title."]
    static let idSchema = RecordTools.idSchema("The note's id, from search_notes.")
    static let idOnlySchema: JSONValue = ["type": "object", "additionalProperties": false, "properties": ["id": idSchema], "required": ["id"]]

    /// #5 “Groceries”
    static func name(_ note: Note) -> String { "#\(note.id ?? 0) \(TaskText.quoted(note.title))" }

    /// "#5 “Groceries” — milk, eggs": the body line holding the query, else the first line.
    static func line(_ note: Note, query: String?) -> String {
        let lines = note.body.split(whereSeparator: \.isNewline)
        let hit = query.flatMap { query in lines.first { $0.localizedCaseInsensitiveContains(query) } } ?? lines.first
        return name(note) + (hit.map { " — " + RecordTools.excerpt(String($0)) } ?? "")
    }

    static func note(_ args: ToolArguments, in database: AppDatabase) throws -> Note {
        try RecordTools.record(args, kind: "note", searchTool: "search_notes", fetch: database.note(id:))
    }
}
