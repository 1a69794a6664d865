import Foundation
import XCTest
import Core
@testable import Interop

/// vCard 3.0 and 4.0 ↔ contacts, and the Markdown and JSON exports.
final class VCardAndExportTests: XCTestCase {
    // As Evolution and Thunderbird write 3.0: folded lines, groups, two EMAILs.
    let version3 = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nUID:jane-3\r\nN:Doe;Jane;Q.;Dr.;\r\nFN:Dr. Jane Q. Doe\r\n\
        EMAIL;TYPE=INTERNET,WORK:jane@work.example\r\nitem1.EMAIL;TYPE=INTERNET:jane@home.example\r\n\
        TEL;TYPE=CELL:+1 555 0100\r\nTEL;TYPE=HOME:+1 555 0199\r\nORG:Acme\\, Inc.;Research\r\n\
        NOTE:Met at the conference\\; likes tea.\\nSecond line that is long enough to be folded by t\r\n he writer.\r\n\
        CATEGORIES:Work,Friends\r\nADR;TYPE=HOME:;;1 Main St;Springfield;;12345;USA\r\nBDAY:1980-02-29\r\nEND:VCARD\r\n
        """

    let version4 = """
        BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\r\nFN:Ünal Åkesson\r\n\
        N:Åkesson;Ünal;;;\r\nEMAIL;PREF=1:unal@example.se\r\nTEL;VALUE=uri;TYPE="voice,cell":tel:+46-70-123-4567\r\nEND:VCARD\r\n
        """

    func testVersion3CardWithFoldedLinesAndTwoEmails() throws {
        let contact = try XCTUnwrap(VCard.read(Data(version3.utf8)).first)
        XCTAssertEqual(contact.uid, "jane-3")
        XCTAssertEqual(contact.name, "Dr. Jane Q. Doe")
        XCTAssertEqual(contact.email, "jane@work.example", "the first EMAIL")
        XCTAssertEqual(contact.phone, "+1 555 0100")
        XCTAssertEqual(contact.organization, "Acme, Inc.; Research")
        XCTAssertEqual(contact.notes, "Met at the conference; likes tea.\nSecond line that is long enough to be folded by the writer.")
        XCTAssertEqual(contact.groups, "Work, Friends")
        XCTAssertEqual(contact.extra, """
            N:Doe;Jane;Q.;Dr.;
            item1.EMAIL;TYPE=INTERNET:jane@home.example
            TEL;TYPE=HOME:+1 555 0199
            ADR;TYPE=HOME:;;1 Main St;Springfield;;12345;USA
            BDAY:1980-02-29
            """)
    }

    func testVersion4CardAndRoundTrip() throws {
        let contacts = try VCard.read(Data((version3 + version4).utf8))
        XCTAssertEqual(contacts.map(\.name), ["Dr. Jane Q. Doe", "Ünal Åkesson"])
        XCTAssertEqual(contacts[1].phone, "+46-70-123-4567")
        XCTAssertEqual(contacts[1].uid, "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        let written = VCard.write(contacts)
        XCTAssertTrue(written.contains("VERSION:4.0\r\n"))
        XCTAssertFalse(written.contains("VERSION:3.0"))
        XCTAssertTrue(written.contains("ORG:Acme\\, Inc.;Research\r\n"), written)
        let again = try VCard.read(Data(written.utf8), now: contacts[0].createdAt)
        for (a, b) in zip(again, contacts) {
            var a = a
            a.updatedAt = b.updatedAt; a.createdAt = b.createdAt
            XCTAssertEqual(a, b)
        }
    }

    func testNameFromNWhenFNIsMissingAndErrorsWithLines() throws {
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:Smith;John;;Mr.;\nEND:VCARD\n"
        XCTAssertEqual(try VCard.read(Data(card.utf8)).first?.name, "Mr. John Smith")
        XCTAssertThrowsError(try VCard.read(Data("BEGIN:VCARD\nVERSION:4.0\nTEL:1\nEND:VCARD\n".utf8))) { error in
            XCTAssertEqual((error as? InteropError)?.line, 1)
            XCTAssertTrue("\(error)".contains("FN:"), "\(error)")
        }
        XCTAssertThrowsError(try VCard.read(Data("BEGIN:VCALENDAR\nEND:VCALENDAR\n".utf8))) { error in
            XCTAssertTrue("\(error)".contains(".ics"), "\(error)")
        }
    }

    func testMarkdownGroupsTasksByDayAndNestsTodos() {
        let day = CivilDate(year: 2026, month: 12, day: 1)
        let tasks = [
            TaskItem(title: "Dentist", notes: "bring card", dueDate: day, dueTime: TimeOfDay(hour: 9, minute: 0),
                     durationMinutes: 90, category: "Health", priority: .high),
            TaskItem(title: "Rent", dueDate: day, completed: true),
            TaskItem(title: "Someday"),
        ]
        var todo = Todo(id: 1, title: "Trip", notes: "December", dueDate: CivilDate(year: 2026, month: 12, day: 5))
        todo.completed = false
        let tree = TodoTree(todo: todo, subtasks: [
            Subtask(id: 10, todoId: 1, title: "Passport", completed: true),
            Subtask(id: 11, todoId: 1, parentId: 10, title: "Photo", notes: "biometric"),
            Subtask(id: 12, todoId: 1, title: "Charger"),
        ])
        XCTAssertEqual(MarkdownExport.write(tasks: tasks, todos: [tree]), """
            # Tasks

            ## Tuesday 2026-12-01

            - [x] Rent
            - [ ] 09:00 Dentist · Health · high priority · 1 h 30 min
              bring card

            ## No date

            - [ ] Someday

            # Todos

            - [ ] Trip (due 2026-12-05)
              December
              - [x] Passport
                - [ ] Photo
                  biometric
              - [ ] Charger

            """)
    }

    func testJSONExportShape() throws {
        let task = TaskItem(id: 3, uid: "t", title: "Dentist", dueDate: CivilDate(year: 2026, month: 12, day: 1),
                            dueTime: TimeOfDay(hour: 9, minute: 0), durationMinutes: 30, priority: .medium)
        let tree = TodoTree(todo: Todo(id: 1, uid: "r", title: "Trip"), subtasks: [Subtask(id: 2, uid: "s", todoId: 1, title: "Pack")])
        let text = try ExportJSON.prettyText(ExportJSON(tasks: [task], todos: [tree]))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tasks = try XCTUnwrap(object["tasks"] as? [[String: Any]])
        XCTAssertEqual(tasks[0]["title"] as? String, "Dentist")
        XCTAssertEqual(tasks[0]["date"] as? String, "2026-12-01")
        XCTAssertEqual(tasks[0]["time"] as? String, "09:00")
        XCTAssertEqual(tasks[0]["durationMinutes"] as? Int, 30)
        XCTAssertEqual(tasks[0]["priority"] as? String, "medium")
        XCTAssertTrue(tasks[0]["category"] is NSNull, "missing values are null, not left out")
        let todos = try XCTUnwrap(object["todos"] as? [[String: Any]])
        XCTAssertEqual(todos[0]["uid"] as? String, "r")
        XCTAssertEqual((todos[0]["items"] as? [[String: Any]])?.first?["title"] as? String, "Pack")
        let onlyTodos = try ExportJSON.prettyText(ExportJSON(tasks: nil, todos: []))
        XCTAssertFalse(onlyTodos.contains("tasks"), onlyTodos)
    }

    /// Foundation prints an empty array as "[\n\n]"; scripts reading `--json` see "[]".
    func testEmptyArraysAndObjectsArePrintedClosed() throws {
        XCTAssertEqual(try ExportJSON.prettyText([String]()), "[]")
        XCTAssertEqual(try ExportJSON.prettyText([String: Int]()), "{}")
        let nested = try ExportJSON.prettyText(["a": [Int](), "b": [1], "c": []] as [String: [Int]])
        XCTAssertTrue(nested.contains(#""a" : [],"#) && nested.contains(#""c" : []"#), nested)
        XCTAssertTrue(nested.contains("\"b\" : [\n    1\n  ]"), "a full array keeps its lines: \(nested)")
        XCTAssertEqual(try ExportJSON.prettyText(["[\n\n]"]), "[\n  \"[\\n\\n]\"\n]", "text in a string is not layout")
    }
}
