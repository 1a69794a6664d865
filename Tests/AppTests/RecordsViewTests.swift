import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The Contacts and Notes views (Alt-C, Alt-N, `/contacts`, `/notes`): the records the
/// assistant's tools keep, added, edited, deleted and brought back with the panes' habits.
final class RecordsViewTests: XCTestCase {
    private func contacts() -> [Record] {
        [.contact(Contact(id: 1, name: "Ana Lima", email: "ana@example.com")),
         .contact(Contact(id: 2, name: "Bo Chen", phone: "+1 555 0100")),
         .contact(Contact(id: 3, name: "李雷", organization: "ACME"))]
    }

    private func state(_ records: [Record]) -> AppState {
        var state = SnapshotFixture.state(width: 100, height: 30)
        state[overlay: RecordsView.self] = RecordsView(kind: .contacts, records: records)
        return state
    }

    func testAltCAltNAndTheCommandsOpenTheViews() {
        var s = SnapshotFixture.state(width: 100, height: 30)
        XCTAssertEqual(update(&s, .key(.alt("c"))), [.records(.open(.contacts))])
        XCTAssertEqual(update(&s, .key(.alt("n"))), [.records(.open(.notes))])
        s.chat.input.insert("/notes")
        XCTAssertEqual(update(&s, .key(.enter)), [.records(.open(.notes)), .rememberInput("/notes")])
        XCTAssertEqual(s.chat.input.text, "", "the command is not left in the input")
    }

    func testMoveFilterAsYouTypeAndClear() {
        var s = state(contacts())
        _ = update(&s, .key(.text("j")))
        XCTAssertEqual(s[overlay: RecordsView.self]?.chosen?.title, "Bo Chen")
        for key: Key in [.text("/"), .text("acm")] { _ = update(&s, .key(key)) }
        XCTAssertEqual(s[overlay: RecordsView.self]?.visible.map(\.title), ["李雷"], "the organization matches")
        XCTAssertTrue(screenText(s).contains("Filter: acm"))
        _ = update(&s, .key(.text("x")))
        XCTAssertTrue(screenText(s).contains("Nothing matches the filter"))
        _ = update(&s, .key(.escape))
        XCTAssertEqual(s[overlay: RecordsView.self]?.visible.count, 3, "Esc clears the filter, the view stays")
        _ = update(&s, .key(.escape))
        XCTAssertNil(s[overlay: RecordsView.self], "a second Esc closes it")
    }

    func testDeleteKeepsTheRecordForUndo() {
        let records = contacts(), ana = records[0]
        var s = state(records)
        XCTAssertEqual(update(&s, .key(.text("d"))), [.records(.delete(ana))])
        XCTAssertEqual(update(&s, .key(.text("u"))), [.records(.restore(ana))])
        XCTAssertEqual(update(&s, .key(.text("u"))), [], "once")
        XCTAssertEqual(s.notice?.text, tr.records.nothingToRestore)
    }

    func testTheFormAddsAndEditsAndWantsAName() {
        var s = state(contacts())
        _ = update(&s, .key(.text("a")))
        XCTAssertEqual(s[overlay: Form.self]?.title, "New contact")
        XCTAssertEqual(update(&s, .key(.enter)), [], "no name: the form stays with its error")
        XCTAssertEqual(s[overlay: Form.self]?.fields[0].error, tr.records.needsName)
        for key: Key in [.text("Zoe"), .tab, .text("zoe@example.com")] { _ = update(&s, .key(key)) }
        let effects = update(&s, .key(.enter))
        guard case .records(.save(.contact(let zoe)))? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual([zoe.name, zoe.email], ["Zoe", "zoe@example.com"])
        XCTAssertNil(zoe.id, "a new contact")
        XCTAssertNil(s[overlay: Form.self])

        _ = update(&s, .key(.enter))  // Enter on a contact edits it
        XCTAssertEqual(s[overlay: Form.self]?.title, "Edit contact")
        XCTAssertEqual(s[overlay: Form.self]?.text("Email"), "ana@example.com")
    }

    func testEnterOnANoteOpensItsTextInTheEditor() {
        var s = SnapshotFixture.state(width: 100, height: 30)
        s[overlay: RecordsView.self] = RecordsView(kind: .notes, records: [.note(Note(id: 9, title: "Groceries", body: "milk\neggs"))])
        XCTAssertEqual(update(&s, .key(.enter)), [.records(.editNoteText(9))])
        let text = screenText(s)
        XCTAssertTrue(text.contains("Notes (1)") && text.contains("Groceries  milk"), text)
    }

    /// Through the runtime and a real database: add, the list read again, delete, u brings it back.
    func testAddDeleteAndBringBackThroughTheDatabase() async throws {
        let harness = try AppTestHarness(width: 100, height: 30)
        try await harness.press(.alt("c"))
        XCTAssertTrue(harness.screen().contains("No contacts yet"))
        try await harness.press(.text("a"), .text("Ana \u{1B}[31mLima"), .tab, .text("ana@example.com"), .enter)
        XCTAssertEqual(try harness.database.searchContacts("").map(\.name), ["Ana Lima"], "cleaned as it is saved")
        XCTAssertTrue(harness.screen().contains("Ana Lima  ana@example.com"))
        try await harness.press(.text("d"))
        XCTAssertEqual(try harness.database.searchContacts("").count, 0)
        XCTAssertEqual(harness.app.state.notice?.text, "Deleted “Ana Lima” · u brings it back.")
        try await harness.press(.text("u"))
        XCTAssertEqual(try harness.database.searchContacts("").map(\.email), ["ana@example.com"])
        try await harness.press(.escape, .alt("n"), .text("a"), .text("Groceries"), .enter)
        XCTAssertEqual(try harness.database.searchNotes("").map(\.title), ["Groceries"])
        XCTAssertTrue(harness.screen().contains("Notes (1)"))
    }
}
