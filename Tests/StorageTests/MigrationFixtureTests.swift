import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// Upgrades never lose history: databases written by earlier schema versions (kept in
/// `Fixtures/`, see its README) are opened by today's code, migrated to the latest schema,
/// and everything in them is still there, searchable and undoable.
final class MigrationFixtureTests: StorageTestCase {
    private func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    /// A copy of the fixture: the committed file is never written.
    private func openCopy(of fixture: String) throws -> AppDatabase {
        try FileManager.default.copyItem(atPath: fixturePath(fixture), toPath: path(fixture))
        return try AppDatabase.open(path: path(fixture))
    }

    private func appliedMigrations(_ database: AppDatabase) throws -> [String] {
        try database.pool.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
    }

    func testAVersion1DatabaseKeepsEveryConversationTaskTodoContactAndNote() throws {
        let database = try openCopy(of: "v1.sqlite")
        XCTAssertEqual(try appliedMigrations(database), Schema.migrator.migrations)

        // Conversations and messages, the archived one too; the answer cut off by a dead process.
        XCTAssertEqual(try database.latestConversation()?.title, "Weekend plans")
        XCTAssertEqual(try database.conversations(limit: 10, includeArchived: true).map(\.title), ["Weekend plans", "Old archived chat"])
        XCTAssertEqual(try database.markInterruptedMessages(), 1)
        let messages = try database.messages(conversationId: 1)
        XCTAssertEqual(messages.map(\.status), [.complete, .complete, .complete, .interrupted])
        XCTAssertEqual(messages[3].content, "The zeppelin museum opens at")
        let answer = try XCTUnwrap(try database.messages(conversationId: 2).last)
        XCTAssertEqual(answer.inputTokens, 120)
        XCTAssertEqual(answer.outputTokens, 14)

        // Search finds old messages once each, the interrupted answer included.
        XCTAssertEqual(try database.searchMessages("zeppelin").compactMap(\.0.id).sorted(), [3, 4])
        XCTAssertEqual(try database.searchMessages("eleven percent").compactMap(\.0.id), [6])

        // The answer's tool call and its timeline, in order.
        XCTAssertEqual(try database.toolCalls(messageId: 2).map(\.name), ["create_task"])
        XCTAssertEqual(try database.timelineSteps(messageIds: [2])[2]?.map(\.title), ["create_task", "result"])

        // Tasks with all their fields; the weekly series still expands.
        let ferns = try XCTUnwrap(try database.task(id: 1))
        XCTAssertEqual(ferns.title, "Water the ferns")
        XCTAssertEqual(ferns.notes, "the big one by the window")
        XCTAssertEqual(ferns.dueTime, TimeOfDay(hour: 10, minute: 0))
        XCTAssertEqual(ferns.durationMinutes, 15)
        XCTAssertEqual(ferns.priority, .medium)
        XCTAssertNil(ferns.alertMinutes)
        let gym = try database.occurrences(of: database.taskSeries(), in: CivilDate(year: 2026, month: 11, day: 23)...CivilDate(year: 2026, month: 11, day: 29))
        XCTAssertEqual(gym.map { $0.dueDate! }, [CivilDate(year: 2026, month: 11, day: 23), CivilDate(year: 2026, month: 11, day: 26)])
        XCTAssertEqual(try database.task(id: 3)?.completed, true)

        // The todo tree, nested subtasks included; each subtask got its own iCalendar UID.
        let trip = try XCTUnwrap(try database.todoTree(id: 1))
        XCTAssertEqual(trip.todo.dueDate, CivilDate(year: 2026, month: 12, day: 10))
        XCTAssertEqual(trip.subtasks.map(\.title), ["Pack", "Passport", "Adapters", "Book the hotel"])
        XCTAssertEqual(trip.subtasks.filter { $0.parentId == 1 }.map(\.title), ["Passport", "Adapters"])
        XCTAssertEqual(Set(trip.subtasks.map(\.uid)).count, 4)
        XCTAssertEqual(try database.todoTree(id: 2)?.todo.completed, true)

        XCTAssertEqual(try database.contact(id: 1)?.organization, "Navy")
        XCTAssertEqual(try database.searchNotes("Belém").map(\.title), ["Lisbon ideas"])

        // Changes made after the upgrade are journaled and undone like any other.
        try database.setSubtaskCompleted(id: 3, true)
        XCTAssertEqual(try database.todoTree(id: 1)?.subtasks.first { $0.id == 3 }?.completed, true)
        XCTAssertNotNil(try database.undo(.todos))
        XCTAssertEqual(try database.todoTree(id: 1)?.subtasks.first { $0.id == 3 }?.completed, false)
    }

    /// Written by the session-5 app itself (`aihelper ask`, `add`, `import`, `done`).
    func testAVersion3DatabaseWrittenByTheAppKeepsItsTurnsSeriesAndUndoJournal() throws {
        let database = try openCopy(of: "v3-session5-app.sqlite")
        XCTAssertEqual(try appliedMigrations(database), Schema.migrator.migrations)

        let conversations = try database.conversations(limit: 10)
        XCTAssertEqual(Set(conversations.map(\.title)), ["remind me to call mom on 2026-12-01 at 5pm", "make a packing list: passport, charger, socks"])
        let reminder = try XCTUnwrap(conversations.first { $0.title.hasPrefix("remind") })
        let turn = try database.messages(conversationId: reminder.id!)
        XCTAssertEqual(turn.map(\.role), [.user, .assistant])
        XCTAssertTrue(turn[1].content.contains("Call mom"), turn[1].content)
        XCTAssertEqual(try database.toolCalls(messageId: turn[1].id!).map(\.name), ["create_task"])
        XCTAssertFalse(try database.timelineSteps(messageIds: [turn[1].id!])[turn[1].id!, default: []].isEmpty)
        XCTAssertEqual(try database.searchMessages("packing").count, 2)

        // The imported weekly series keeps its exception and the property AI Helper does not know.
        let series = try database.taskSeries()
        let week = try database.occurrences(of: series, in: CivilDate(year: 2026, month: 11, day: 30)...CivilDate(year: 2026, month: 12, day: 6))
        XCTAssertEqual(week.filter { $0.title == "Team standup" }.map { $0.dueDate! }, [CivilDate(year: 2026, month: 11, day: 30)])
        let standup = try XCTUnwrap(try database.tasks(on: CivilDate(year: 2026, month: 11, day: 30)).first { $0.title == "Team standup" })
        XCTAssertEqual(standup.priority, .high)
        XCTAssertTrue(standup.extra?.contains("X-FIXTURE-KEPT") ?? false, standup.extra ?? "nil")

        XCTAssertEqual(try database.todoTrees().first?.subtasks.map(\.title), ["Passport", "Charger", "Socks"])
        XCTAssertEqual(try database.searchContacts("Ada").first?.email, "ada@example.org")

        // The last change before the upgrade ("done" Call mom) is undone after it.
        let mom = try XCTUnwrap(try database.tasks(on: CivilDate(year: 2026, month: 12, day: 1)).first { $0.title == "Call mom" })
        XCTAssertTrue(mom.completed)
        XCTAssertNotNil(try database.undo(.tasks))
        XCTAssertEqual(try database.task(id: mom.id!)?.completed, false)
    }

    func testTheFixturesThemselvesAreOfTheirOldVersions() throws {
        for (fixture, last) in [("v1.sqlite", "v1"), ("v3-session5-app.sqlite", "v3-alerts-interop-journal")] {
            try FileManager.default.copyItem(atPath: fixturePath(fixture), toPath: path(fixture))
            let queue = try DatabaseQueue(path: path(fixture))  // plain SQLite: no migration runs
            XCTAssertEqual(try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }.last, last)
        }
    }
}
