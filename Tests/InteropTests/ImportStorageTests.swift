import Foundation
import XCTest
import Core
import Storage
import Interop

/// Importing into a real database: one transaction, one undo entry, UIDs update instead of
/// duplicating, a malformed file changes nothing.
final class ImportStorageTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/Berlin")!

    let file = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
        BEGIN:VEVENT\r\nUID:ev1\r\nSUMMARY:Dentist\r\nDTSTART:20261201T090000\r\nDURATION:PT30M\r\nX-KEEP:yes\r\nEND:VEVENT\r\n\
        BEGIN:VEVENT\r\nUID:ev2\r\nSUMMARY:Trip\r\nDTSTART;VALUE=DATE:20261202\r\nEND:VEVENT\r\n\
        BEGIN:VTODO\r\nUID:td1\r\nSUMMARY:Packing\r\nEND:VTODO\r\n\
        BEGIN:VTODO\r\nUID:td2\r\nSUMMARY:Passport\r\nRELATED-TO:td1\r\nEND:VTODO\r\n\
        BEGIN:VTODO\r\nUID:td3\r\nSUMMARY:Photo\r\nRELATED-TO:td2\r\nEND:VTODO\r\n\
        END:VCALENDAR\r\n
        """

    func importing(_ text: String, into db: AppDatabase) throws -> ImportCounts {
        let contents = try ICalendar.read(Data(text.utf8), zone: zone)
        return try db.importCalendar(tasks: contents.tasks, todos: contents.todos,
                                     subtasks: contents.subtasks.map { ($0.subtask, $0.todoUID, $0.parentUID) }, label: "import test.ics")
    }

    func testImportStoresTreeAndReimportUpdatesInsteadOfDuplicating() throws {
        let db = try AppDatabase.temporary()
        let first = try importing(file, into: db)
        XCTAssertEqual([first.tasks, first.todos, first.subtasks, first.updated, first.unchanged], [2, 1, 2, 0, 0])
        let dentist = try XCTUnwrap(db.tasks(on: CivilDate(year: 2026, month: 12, day: 1)).first)
        XCTAssertEqual(dentist.durationMinutes, 30)
        XCTAssertEqual(dentist.extra, "X-KEEP:yes")
        let tree = try XCTUnwrap(db.todoTrees().first)
        XCTAssertEqual(tree.subtasks.map(\.title), ["Passport", "Photo"])
        XCTAssertEqual(tree.subtasks[1].parentId, tree.subtasks[0].id, "Photo is nested under Passport")

        let same = try importing(file, into: db)
        XCTAssertEqual([same.tasks, same.todos, same.subtasks, same.updated, same.unchanged], [0, 0, 0, 0, 5])
        let changed = try importing(file.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist (moved)"), into: db)
        XCTAssertEqual([changed.tasks, changed.updated, changed.unchanged], [0, 1, 4])
        let after = try db.tasks(from: CivilDate(year: 2026, month: 1, day: 1), to: CivilDate(year: 2027, month: 1, day: 1))
        XCTAssertEqual(after.map(\.title).sorted(), ["Dentist (moved)", "Trip"])
        XCTAssertEqual(after.first { $0.uid == "ev1" }?.id, dentist.id, "the row keeps its id")
        XCTAssertEqual(try db.todoTrees().count, 1)
    }

    func testImportIsOneUndoEntry() throws {
        let db = try AppDatabase.temporary()
        _ = try importing(file, into: db)
        XCTAssertEqual(try db.journalEntries(.tasks).map(\.label), ["import test.ics"])
        XCTAssertEqual(try db.undo(.tasks)?.label, "import test.ics")
        XCTAssertEqual(try db.taskCount(from: CivilDate(year: 2026, month: 1, day: 1), to: CivilDate(year: 2027, month: 1, day: 1)), 0)
        XCTAssertTrue(try db.todoTrees().isEmpty, "undo takes back the todos of the import too")
        XCTAssertNotNil(try db.redo(.tasks))
        XCTAssertEqual(try db.todoTrees().first?.subtasks.count, 2)
    }

    func testMalformedFileImportsNothing() throws {
        let db = try AppDatabase.temporary()
        _ = try importing(file, into: db)
        let before = try db.todoTrees()
        let broken = file.replacingOccurrences(of: "SUMMARY:Trip\r\nDTSTART;VALUE=DATE:20261202", with: "SUMMARY:New\r\nDTSTART;VALUE=DATE:20261302")
            .replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Changed")
        XCTAssertThrowsError(try importing(broken, into: db)) { error in
            XCTAssertEqual((error as? InteropError)?.line, 14, "the DTSTART of the second event")
        }
        XCTAssertEqual(try db.todoTrees(), before)
        XCTAssertEqual(try db.tasks(on: CivilDate(year: 2026, month: 12, day: 1)).map(\.title), ["Dentist"])
    }

    func testSubtaskThatBecomesATodoMoves() throws {
        let db = try AppDatabase.temporary()
        _ = try importing(file, into: db)
        let promoted = try importing(file.replacingOccurrences(of: "RELATED-TO:td2\r\n", with: ""), into: db)
        XCTAssertEqual([promoted.todos, promoted.updated], [0, 1])
        XCTAssertEqual(try db.todoTrees().map(\.todo.title), ["Packing", "Photo"])
    }

    func testContactsUpsertByUID() throws {
        let db = try AppDatabase.temporary()
        let card = "BEGIN:VCARD\nVERSION:4.0\nUID:c1\nFN:Ann\nEMAIL:ann@example.org\nEND:VCARD\n"
        XCTAssertEqual(try db.importContacts(VCard.read(Data(card.utf8))).contacts, 1)
        let again = try db.importContacts(VCard.read(Data(card.replacingOccurrences(of: "FN:Ann", with: "FN:Ann B.").utf8)))
        XCTAssertEqual([again.contacts, again.updated], [0, 1])
        XCTAssertEqual(try db.searchContacts("").map(\.name), ["Ann B."])
    }
}
