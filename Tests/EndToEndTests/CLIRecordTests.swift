import Foundation
import XCTest
import Core
import Storage

/// `aihelper contacts`, `aihelper notes` and `aihelper note add` through the real binary: the
/// records the assistant's tools keep, for scripts; what a record holds is cleaned on the way out.
final class CLIRecordTests: HomeFolderTestCase {
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(arguments)
    }

    private func database() throws -> AppDatabase { try AppDatabase.open(path: home + "/aihelper.sqlite") }

    func testContactsByNameWithDetailsJSONAndSearch() throws {
        XCTAssertEqual(try run(["contacts"]).out, "No contacts.\n")
        let db = try database()
        _ = try db.insertContact(Contact(name: "Zoe Park", email: "zoe@example.com", phone: "+1 (555) 010-0199"))
        _ = try db.insertContact(Contact(name: "Ana \u{1B}[2JLima", organization: "ACME"))
        let listed = try run(["contacts"])
        XCTAssertEqual(listed.status, 0, listed.err)
        XCTAssertEqual(listed.out, "Ana Lima · ACME\nZoe Park · zoe@example.com · +1 (555) 010-0199\n", "by name, escapes removed")
        XCTAssertEqual(try run(["contacts", "--search", "555 0100"]).out, "Zoe Park · zoe@example.com · +1 (555) 010-0199\n")
        XCTAssertEqual(try run(["contacts", "--search", "nobody"]).out, "No contact matches “nobody”.\n")
        let json = try run(["contacts", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["name"] as? String }, ["Ana \u{1B}[2JLima", "Zoe Park"], "JSON keeps the text, escaped")
        XCTAssertFalse(json.out.contains("\u{1B}"), "no raw escape in the JSON text")
    }

    func testNoteAddThenNotesAndJSON() throws {
        XCTAssertEqual(try run(["notes"]).out, "No notes.\n")
        let added = try run(["note", "add", "Groceries", "--text", "milk\neggs"])
        XCTAssertEqual(added.status, 0, added.err)
        XCTAssertEqual(added.out, "Added note: Groceries\n")
        let piped = try CLIRunner(home: home).run(["note", "add", "Poem", "--text", "-"], stdin: "roses\nare red\n")
        XCTAssertEqual(piped.status, 0, piped.err)
        XCTAssertEqual(try run(["notes"]).out, "Groceries — milk\nPoem — roses\n")
        XCTAssertEqual(try run(["notes", "--search", "RED"]).out, "Poem — roses\n")
        let json = try run(["notes", "--json"])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["text"] as? String }, ["milk\neggs", "roses\nare red\n"])
        XCTAssertEqual(try database().searchNotes("").map(\.title), ["Groceries", "Poem"])
    }

    func testANoteWithoutATitleIsRefused() throws {
        let refused = try run(["note", "add", "  "])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("a note needs a title"), refused.err)
        XCTAssertEqual(try database().searchNotes("").count, 0)
    }
}
