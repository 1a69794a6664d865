import Foundation
import XCTest
import Core
import Storage
@testable import Tools

final class NotesToolsTests: ToolTestCase {
    @discardableResult
    func addNote(_ title: String, _ body: String = "") throws -> Note {
        try database.insertNote(Note(title: title, body: body, createdAt: context.now, updatedAt: context.now))
    }

    func testCreateNote() async throws {
        let result = try await run(CreateNoteTool(), ["title": "Groceries", "body": "milk\neggs"])
        XCTAssertEqual(result.text, "Created note #1 “Groceries”.")
        XCTAssertEqual(try database.note(id: 1)?.body, "milk\neggs")
        let bare = try await run(CreateNoteTool(), ["title": "Ideas"])
        XCTAssertEqual(bare.text, "Created note #2 “Ideas” (no text yet).")
        XCTAssertEqual(try database.note(id: 2)?.body, "")
    }

    func testCreateNoteRejectsBadInput() async throws {
        await assertToolError(CreateNoteTool(), ["body": "text"], "Missing required argument 'title'.")
        await assertToolError(CreateNoteTool(), ["title": .string(String(repeating: "x", count: 201))],
                              "'title' is too long (at most 200 characters).")
        await assertToolError(CreateNoteTool(), ["title": "x", "body": .string(String(repeating: "y", count: 20_001))],
                              "'body' is too long (at most 20000 characters).")
        XCTAssertEqual(try database.searchNotes(""), [])
        XCTAssertEqual(SchemaValidator.problems(["title": 3], against: CreateNoteTool().definition.inputSchema),
                       ["'title' must be a string, not the number 3"])
    }

    func testSearchNotesShowsTheMatchingLine() async throws {
        try addNote("Groceries", "milk\neggs and bread\nbutter")
        try addNote("Book ideas", "a novel about bread")
        try addNote("Empty")
        let result = try await run(SearchNotesTool(), ["query": "BREAD"])
        XCTAssertEqual(result.text, "#2 “Book ideas” — a novel about bread\n#1 “Groceries” — eggs and bread")
        let byTitle = try await run(SearchNotesTool(), ["query": "grocer"])
        XCTAssertEqual(byTitle.text, "#1 “Groceries” — milk", "without a matching line, the first line")
        let all = try await run(SearchNotesTool(), [:])
        XCTAssertEqual(all.text, "#2 “Book ideas” — a novel about bread\n#3 “Empty”\n#1 “Groceries” — milk")
        let none = try await run(SearchNotesTool(), ["query": "cheese"])
        XCTAssertEqual(none.text, "No note matches “cheese”.")
    }

    func testSearchNotesWhenThereAreNoneAndWhenThereAreMany() async throws {
        try await assertText(SearchNotesTool(), ["query": " "], "There are no notes yet.")
        try addNote("Long", String(repeating: "word ", count: 40))
        let long = try await run(SearchNotesTool(), [:]).text
        XCTAssertEqual(long.count, "#1 “Long” — ".count + 80, "lines are cut at 80 characters")
        XCTAssertTrue(long.hasSuffix("word…"))
        for i in 0..<60 { try addNote(String(format: "n%02d", i)) }
        let lines = try await run(SearchNotesTool(), ["query": "n"]).text.split(separator: "\n")
        XCTAssertEqual(lines.count, 51)
        XCTAssertEqual(lines.last, "…and 11 more; narrow the search.")
    }

    func testGetNote() async throws {
        try addNote("Groceries", "milk\neggs")
        try addNote("Blank")
        let result = try await run(GetNoteTool(), ["id": 1])
        XCTAssertEqual(result.text, "Note #1 “Groceries”, last changed Mon 2026-11-23\n\nmilk\neggs")
        try await assertText(GetNoteTool(), ["id": 2], "Note #2 “Blank”, last changed Mon 2026-11-23\n\n(no text)")
        await assertToolError(GetNoteTool(), ["id": 3], "No note has id 3; search_notes finds ids.")
        await assertToolError(GetNoteTool(), [:], "Missing required argument 'id'.")
    }

    func testUpdateNoteTitleAndBody() async throws {
        try addNote("Groceries", "milk")
        let renamed = try await run(UpdateNoteTool(), ["id": 1, "title": "Shopping", "body": "bread"])
        XCTAssertEqual(renamed.text, "Updated note #1 “Shopping”: renamed from “Groceries”; text replaced (4 characters before, 5 now).")
        XCTAssertEqual(try database.note(id: 1)?.title, "Shopping")
        XCTAssertEqual(try database.note(id: 1)?.body, "bread")

        let cleared = try await run(UpdateNoteTool(), ["id": 1, "body": ""])
        XCTAssertEqual(cleared.text, "Updated note #1 “Shopping”: text removed (5 characters).")
        XCTAssertEqual(try database.note(id: 1)?.body, "")

        let same = try await run(UpdateNoteTool(), ["id": 1, "title": "Shopping"])
        XCTAssertEqual(same.text, "Note #1 “Shopping” already says that; nothing changed.")
        XCTAssertFalse(UpdateNoteTool().definition.isDestructive)
    }

    func testUpdateNoteAppendsOnANewLine() async throws {
        try addNote("Log", "day 1")
        try addNote("Empty")
        let result = try await run(UpdateNoteTool(), ["id": 1, "append": "day 2\nday 3"])
        XCTAssertEqual(result.text, "Updated note #1 “Log”: text appended.")
        XCTAssertEqual(try database.note(id: 1)?.body, "day 1\nday 2\nday 3")
        _ = try await run(UpdateNoteTool(), ["id": 2, "append": "first"])
        XCTAssertEqual(try database.note(id: 2)?.body, "first", "no blank first line in an empty note")
    }

    func testUpdateNoteRejectsBadInput() async throws {
        try addNote("Log", String(repeating: "x", count: 99_990))
        await assertToolError(UpdateNoteTool(), ["id": 1], "Nothing to change: give title, body or append.")
        await assertToolError(UpdateNoteTool(), ["id": 1, "body": "a", "append": "b"],
                              "Give either 'body' (replaces the text) or 'append' (adds to it), not both.")
        await assertToolError(UpdateNoteTool(), ["id": 1, "title": ""], "'title' cannot be empty.")
        await assertToolError(UpdateNoteTool(), ["id": 1, "append": "  "], "'append' is empty: give the text to add.")
        await assertToolError(UpdateNoteTool(), ["id": 9, "append": "x"], "No note has id 9; search_notes finds ids.")
        await assertToolError(UpdateNoteTool(), ["id": 1, "append": "more than ten"],
                              "The note would grow beyond 100000 characters; start a new note instead.")
        XCTAssertEqual(try database.note(id: 1)?.body.count, 99_990, "a refused update changes nothing")
    }

    func testDeleteNote() async throws {
        try addNote("Old", "stuff")
        try addNote("Keep")
        XCTAssertTrue(DeleteNoteTool().definition.isDestructive)
        let result = try await run(DeleteNoteTool(), ["id": 1])
        XCTAssertEqual(result.text, "Deleted note #1 “Old”.")
        XCTAssertNil(try database.note(id: 1))
        XCTAssertNotNil(try database.note(id: 2))
        await assertToolError(DeleteNoteTool(), ["id": 1], "No note has id 1; search_notes finds ids.")
    }
}
