import Foundation
import Core
import Storage

/// update_note: a new title, a new body, or text appended to the body.
///
/// Not destructive: replacing the body is what the model is asked to do explicitly (appending
/// is the default way to add), and the result says how much text was replaced.
public struct UpdateNoteTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "update_note",
        description: "Change a note: a new title, a new body (replaces the whole text), or text to append "
            + "on a new line at the end. Give either body or append, not both.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "id": NoteText.idSchema,
                "title": NoteText.titleSchema,
                "body": ["type": "string", "maxLength": .number(Double(NoteText.maxArgument)),
                         "description": "The new full text; \"\" empties the note."],
                "append": ["type": "string", "minLength": 1, "maxLength": .number(Double(NoteText.maxArgument)),
                           "description": "Text to add on a new line after the current text."],
            ],
            "required": ["id"],
        ],
        aliases: ["content": "body", "text": "body"])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        guard ["title", "body", "append"].contains(where: args.has) else {
            throw ToolError("Nothing to change: give title, body or append.")
        }
        guard !(args.has("body") && args.has("append")) else {
            throw ToolError("Give either 'body' (replaces the text) or 'append' (adds to it), not both.")
        }
        var note = try NoteText.note(args, in: context.database)
        var done: [String] = []
        if args.has("title") {
            guard let title = try args.optionalString("title", maxLength: NoteText.maxTitle) else {
                throw ToolError("'title' cannot be empty.")
            }
            if title != note.title { done.append("renamed from \(TaskText.quoted(note.title))") }
            note.title = title
        }
        if args.has("body") {
            let body = try args.optionalString("body", maxLength: NoteText.maxArgument, multiline: true) ?? ""
            if body != note.body {
                done.append(body.isEmpty ? "text removed (\(note.body.count) characters)"
                                         : "text replaced (\(note.body.count) characters before, \(body.count) now)")
            }
            note.body = body
        }
        if args.has("append") {
            guard let extra = try args.optionalString("append", maxLength: NoteText.maxArgument, multiline: true) else {
                throw ToolError("'append' is empty: give the text to add.")
            }
            note.body = note.body.isEmpty ? extra : note.body + "\n" + extra
            guard note.body.count <= NoteText.maxBody else {
                throw ToolError("The note would grow beyond \(NoteText.maxBody) characters; start a new note instead.")
            }
            done.append("text appended")
        }
        guard !done.isEmpty else { return ToolResult(text: "Note \(NoteText.name(note)) already says that; nothing changed.") }
        try context.database.updateNote(note)
        return ToolResult(text: "Updated note \(NoteText.name(note)): \(done.joined(separator: "; ")).")
    }
}

/// delete_note: removes a note (the user is asked first).
public struct DeleteNoteTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "delete_note",
        description: "Delete one of the user's notes.",
        inputSchema: NoteText.idOnlySchema,
        isDestructive: true)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let note = try NoteText.note(ToolArguments(arguments), in: context.database)
        try context.database.deleteNote(id: note.id!)
        return ToolResult(text: "Deleted note \(NoteText.name(note)).")
    }
}
