import Foundation
import XCTest
import GRDB
import Core
import Storage
import Interop
@testable import Sync

/// Two databases, "laptop" and "desktop", syncing through one vdir folder per kind (real files);
/// the same scenarios run through Radicale and xandikos (DAVSyncTests.swift).
class VdirSyncTests: SyncTestCase {
    func testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let made = try laptop.db.insertTask(TaskItem(title: "Dentist", notes: "bring the card", dueDate: CivilDate(year: 2026, month: 12, day: 1),
                                                     dueTime: TimeOfDay(hour: 9, minute: 30), durationMinutes: 45, category: "Health", priority: .high))
        var report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 1)
        let names = try await files(.tasks)
        XCTAssertEqual(names, [made.uid + ".ics"])
        report = try await sync(desktop)
        XCTAssertEqual(report.pulled, 1)
        var there = try XCTUnwrap(try desktop.task(uid: made.uid))
        XCTAssertEqual([there.title, there.notes, there.dueDate?.iso, there.dueTime?.hhmm, there.category], ["Dentist", "bring the card", "2026-12-01", "09:30", "Health"])
        XCTAssertEqual(there.durationMinutes, 45)
        XCTAssertEqual(there.priority, .high)

        there.title = "Dentist (moved)"
        try desktop.db.updateTask(there)
        try desktop.db.setTaskCompleted(id: there.id!, true)
        report = try await sync(desktop)
        XCTAssertEqual(report.pushed, 1)
        report = try await sync(laptop)
        XCTAssertEqual(report.pulled, 1)
        let back = try XCTUnwrap(try laptop.task(uid: made.uid))
        XCTAssertEqual(back.title, "Dentist (moved)")
        XCTAssertTrue(back.completed)
        XCTAssertEqual(back.id, made.id, "updated in place")

        try laptop.db.deleteTask(id: made.id!)
        report = try await sync(laptop)
        XCTAssertEqual(report.deleted, 1)
        let left = try await files(.tasks)
        XCTAssertEqual(left, [])
        report = try await sync(desktop)
        XCTAssertEqual(report.deleted, 1)
        XCTAssertEqual(try desktop.tasks(), [])

        // The run journal says what each run did, item by item.
        let runs = try SyncEngine.runs(in: desktop.db, account: "test")
        XCTAssertEqual(runs.map(\.changes), [[SyncItemChange(.deletedHere, .tasks, "Dentist (moved)")],
                                              [SyncItemChange(.pushed, .tasks, "Dentist (moved)")],
                                              [SyncItemChange(.pulled, .tasks, "Dentist")]])
        XCTAssertEqual(try SyncEngine.runs(in: laptop.db, account: "test").first?.changes,
                       [SyncItemChange(.deletedThere, .tasks, "Dentist (moved)")])
    }

    func testASubtaskTreeAndItsOrderSync() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let trip = try laptop.db.createTodo(title: "Trip", items: [("Passport", ""), ("Tickets", ""), ("Socks", "")])
        _ = try laptop.db.addSubtask(todoId: trip.todo.id!, parentId: trip.subtasks[1].id, title: "Train")
        _ = try laptop.db.createTodo(title: "Groceries")
        try await sync(laptop)
        let names = try await files(.todos)
        XCTAssertEqual(names.count, 6)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), try laptop.outline())
        XCTAssertEqual(try desktop.outline(), ["Trip", "  Passport", "  Tickets", "    Train", "  Socks", "Groceries"])

        // Reordered and completed on the desktop.
        let tree = try XCTUnwrap(try desktop.db.todoTrees().first { $0.todo.title == "Trip" })
        let socks = try XCTUnwrap(tree.subtasks.first { $0.title == "Socks" })
        try desktop.db.moveTodoItem(todoId: tree.todo.id!, subtaskId: socks.id, by: -1)
        try desktop.db.setSubtaskCompleted(id: try XCTUnwrap(tree.subtasks.first { $0.title == "Passport" }).id!, true)
        try await sync(desktop)
        try await sync(laptop)
        XCTAssertEqual(try laptop.outline(), ["Trip", "  Passport ✓", "  Socks", "  Tickets", "    Train", "Groceries"])
        XCTAssertEqual(try laptop.outline(), try desktop.outline())

        // Deleting a todo deletes its subtasks on the other side too.
        try laptop.db.deleteTodo(id: try XCTUnwrap(try laptop.db.todoTrees().first { $0.todo.title == "Trip" }).todo.id!)
        try await sync(laptop)
        let left = try await files(.todos)
        XCTAssertEqual(left.count, 1)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), ["Groceries"])
    }

    /// A to-do naming a parent becomes its subtask whether the parent comes in the same run or a later one.
    func testAChildArrivingBeforeItsParentBecomesItsSubtask() async throws {
        let desktop = try device("desktop")
        try await write(Self.vtodo(uid: "child-1", title: "Pack", parent: "parent-1"), name: "child-1.ics", kind: .todos)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), ["Pack"], "its parent is not here yet: a todo for now")
        try await write(Self.vtodo(uid: "parent-1", title: "Holiday"), name: "parent-1.ics", kind: .todos)
        try await write(Self.vtodo(uid: "grandchild-1", title: "Sunscreen", parent: "child-1"), name: "a-grandchild-1.ics", kind: .todos)
        try await write(Self.vtodo(uid: "child-2", title: "Book", parent: "parent-2"), name: "b-child-2.ics", kind: .todos)
        try await write(Self.vtodo(uid: "parent-2", title: "Reading"), name: "c-parent-2.ics", kind: .todos)
        try await sync(desktop)
        // Todos in the order they arrived (file names here; a server lists in its own order), each with its subtree.
        let outline = try desktop.outline(), reading = ["Reading", "  Book"], holiday = ["Holiday", "  Pack", "    Sunscreen"]
        if backend is VdirBackend { XCTAssertEqual(outline, reading + holiday) } else {
            XCTAssertTrue(outline == reading + holiday || outline == holiday + reading, "\(outline)")
        }
        // Nothing is pushed back: the files are as they were written, apart from ours never written.
        let report = try await sync(desktop)
        XCTAssertEqual([report.pulled, report.pushed], [0, 0])
    }

    /// A subtask moved under another parent here, and a todo put under a subtask by another client, move there too.
    func testMovesBetweenParentsSync() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let trip = try laptop.db.createTodo(title: "Trip", items: [("Passport", ""), ("Tickets", "")])
        let home = try laptop.db.createTodo(title: "Home", items: [("Keys", "")])
        try await sync(laptop)
        try await sync(desktop)
        try await laptop.db.pool.write { db in
            try db.execute(sql: "UPDATE subtask SET todoId = ?, parentId = ?, position = 0 WHERE id = ?",
                           arguments: [trip.todo.id!, trip.subtasks[1].id!, home.subtasks[0].id!])
        }
        try await sync(laptop)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), ["Trip", "  Passport", "  Tickets", "    Keys", "Home"])

        // todoman puts "Home" under "Passport" (its file rewritten with a RELATED-TO).
        var text = try await backend.read(home.todo.uid + ".ics", .todos)
        text = text.replacingOccurrences(of: "END:VTODO", with: "RELATED-TO;RELTYPE=PARENT:\(trip.subtasks[0].uid)\r\nEND:VTODO")
        try await write(text, name: home.todo.uid + ".ics", kind: .todos)
        try await sync(laptop)
        XCTAssertEqual(try laptop.outline(), ["Trip", "  Passport", "    Home", "  Tickets", "    Keys"])
        let report = try await sync(laptop)
        XCTAssertEqual([report.pulled, report.pushed], [0, 0], "settled")
    }

    func testContactsSync() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let ada = try laptop.db.insertContact(Contact(name: "Ada Lovelace", email: "ada@example.org", phone: "+44 20 7946 0000",
                                                      organization: "Analytical Engines", notes: "met in London", groups: "Work, Friends"))
        try await sync(laptop)
        let names = try await files(.contacts)
        XCTAssertEqual(names, [ada.uid + ".vcf"])
        try await sync(desktop)
        var there = try XCTUnwrap(try desktop.contacts().first)
        XCTAssertEqual([there.uid, there.name, there.email, there.phone, there.organization, there.notes, there.groups],
                       [ada.uid, "Ada Lovelace", "ada@example.org", "+44 20 7946 0000", "Analytical Engines", "met in London", "Work, Friends"])
        there.phone = "+44 20 7946 0001"
        try desktop.db.updateContact(there)
        try await sync(desktop)
        try await sync(laptop)
        XCTAssertEqual(try laptop.contacts().map(\.phone), ["+44 20 7946 0001"])
    }

    /// A series with one moved occurrence (an override with RECURRENCE-ID) made on the laptop
    /// shows on the desktop on its moved day; an edit of the series there keeps the override,
    /// byte for byte, on the other side.
    func testASeriesWithAMovedOccurrenceSyncsAsOneItem() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let override = ["BEGIN:VEVENT", "UID:standup-1", "DTSTAMP:20261120T100000Z", "RECURRENCE-ID:20261202T090000",
                        "DTSTART:20261204T110000", "DTEND:20261204T113000", "SUMMARY:Standup (moved)", "X-KEPT;X-P=1:as is",
                        "END:VEVENT"].joined(separator: "\r\n")
        let series = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:standup-1",
                      "DTSTAMP:20261120T100000Z", "DTSTART:20261201T090000", "DTEND:20261201T093000", "RRULE:FREQ=DAILY;COUNT=3",
                      "SUMMARY:Standup", "END:VEVENT", override, "END:VCALENDAR", ""].joined(separator: "\r\n")
        _ = try laptop.db.insertTask(try ItemResources.readTask(Data(series.utf8), zone: Self.zone))
        try await sync(laptop)
        // Radicale and xandikos write the resource again in their own order of lines (and XML
        // hands it over with LF line ends): the override's lines are compared as a set, each
        // byte for byte.
        let overrideBlock = { (text: String) -> Set<Substring> in
            let blocks = text.components(separatedBy: "BEGIN:VEVENT").filter { $0.contains("RECURRENCE-ID") }
            XCTAssertEqual(blocks.count, 1, text)
            return Set(("BEGIN:VEVENT" + (blocks.first ?? "")).components(separatedBy: "END:VEVENT")[0]
                .split(whereSeparator: \.isNewline) + ["END:VEVENT"])
        }
        let expected = Set(override.split(separator: "\r\n"))
        var stored = try await backend.read("standup-1.ics", .tasks)
        XCTAssertEqual(overrideBlock(stored), expected, stored)
        try await sync(desktop)
        let december = CivilDate(year: 2026, month: 12, day: 1)...CivilDate(year: 2026, month: 12, day: 7)
        let days = { (device: Device) throws -> [String] in
            let task = try XCTUnwrap(try device.task(uid: "standup-1"), device.name)
            return try RecurrenceSet(parsing: task.recurrence ?? "").occurrences(start: task.dueDate!, in: december).map(\.iso)
        }
        XCTAssertEqual(try days(desktop), ["2026-12-01", "2026-12-03", "2026-12-04"], "the 2nd's occurrence is on the 4th")

        var there = try XCTUnwrap(try desktop.task(uid: "standup-1"))
        there.title = "Standup (team)"
        try desktop.db.updateTask(there)
        let report = try await sync(desktop)
        XCTAssertEqual(report.pushed, 1)
        stored = try await backend.read("standup-1.ics", .tasks)
        XCTAssertTrue(stored.split(whereSeparator: \.isNewline).contains("SUMMARY:Standup (team)"), stored)
        XCTAssertEqual(overrideBlock(stored), expected, stored)
        try await sync(laptop)
        XCTAssertEqual(try laptop.task(uid: "standup-1")?.title, "Standup (team)")
        XCTAssertEqual(try days(laptop), ["2026-12-01", "2026-12-03", "2026-12-04"])
    }

    static func vtodo(uid: String, title: String, parent: String? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//EN", "BEGIN:VTODO", "UID:\(uid)", "SUMMARY:\(title)",
                     "DTSTAMP:20261120T100000Z", "STATUS:NEEDS-ACTION"]
        if let parent { lines.append("RELATED-TO;RELTYPE=PARENT:\(parent)") }
        return (lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }
}
