import Foundation
import XCTest
import GRDB
import Core
import Storage
@testable import Sync

/// Two databases, "laptop" and "desktop", syncing through one vdir folder per kind (real files).
final class VdirSyncTests: SyncTestCase {
    func testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let made = try laptop.db.insertTask(TaskItem(title: "Dentist", notes: "bring the card", dueDate: CivilDate(year: 2026, month: 12, day: 1),
                                                     dueTime: TimeOfDay(hour: 9, minute: 30), durationMinutes: 45, category: "Health", priority: .high))
        var report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 1)
        XCTAssertEqual(try files(.tasks), [made.uid + ".ics"])
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
        XCTAssertEqual(try files(.tasks), [])
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
        XCTAssertEqual(try files(.todos).count, 6)
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
        XCTAssertEqual(try files(.todos).count, 1)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), ["Groceries"])
    }

    /// A to-do naming a parent becomes its subtask whether the parent comes in the same run or a later one.
    func testAChildArrivingBeforeItsParentBecomesItsSubtask() async throws {
        let desktop = try device("desktop")
        try write(Self.vtodo(uid: "child-1", title: "Pack", parent: "parent-1"), name: "child-1.ics", kind: .todos)
        try await sync(desktop)
        XCTAssertEqual(try desktop.outline(), ["Pack"], "its parent is not here yet: a todo for now")
        try write(Self.vtodo(uid: "parent-1", title: "Holiday"), name: "parent-1.ics", kind: .todos)
        try write(Self.vtodo(uid: "grandchild-1", title: "Sunscreen", parent: "child-1"), name: "a-grandchild-1.ics", kind: .todos)
        try write(Self.vtodo(uid: "child-2", title: "Book", parent: "parent-2"), name: "b-child-2.ics", kind: .todos)
        try write(Self.vtodo(uid: "parent-2", title: "Reading"), name: "c-parent-2.ics", kind: .todos)
        try await sync(desktop)
        // Todos in the order they arrived (file names), each with its subtree.
        XCTAssertEqual(try desktop.outline(), ["Reading", "  Book", "Holiday", "  Pack", "    Sunscreen"])
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
        let file = try vdir(.todos).folder.appendingPathComponent(home.todo.uid + ".ics")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "END:VTODO", with: "RELATED-TO;RELTYPE=PARENT:\(trip.subtasks[0].uid)\r\nEND:VTODO")
        try Data(text.utf8).write(to: file)
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
        XCTAssertEqual(try files(.contacts), [ada.uid + ".vcf"])
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

    static func vtodo(uid: String, title: String, parent: String? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//EN", "BEGIN:VTODO", "UID:\(uid)", "SUMMARY:\(title)",
                     "DTSTAMP:20261120T100000Z", "STATUS:NEEDS-ACTION"]
        if let parent { lines.append("RELATED-TO;RELTYPE=PARENT:\(parent)") }
        return (lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }
}
