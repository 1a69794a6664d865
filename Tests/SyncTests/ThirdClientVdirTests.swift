import Foundation
import XCTest
import Core
import Storage
import TestSupport
@testable import Sync

/// Clients no one here wrote, on the same vdir folders: todoman (to-dos) and khal (events),
/// Debian's packages (`make test-deps`). Their items appear here after a sync, and ours there.
final class ThirdClientVdirTests: SyncTestCase {
    private var environment: [String: String] {
        ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data",
         "XDG_CACHE_HOME": folder.path + "/cache", "TZ": "Europe/Berlin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    }

    /// Runs a tool (60 s at most); a missing tool fails the test with what to do.
    @discardableResult
    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        try ExternalTool.run(name, arguments, environment: environment, in: folder.path)
    }

    func testTodomanAndAIHelperShareATaskList() async throws {
        let list = try vdir(.todos)
        try FileManager.default.createDirectory(atPath: folder.path + "/config/todoman", withIntermediateDirectories: true)
        try Data("""
            path = "\(list.folder.deletingLastPathComponent().path)/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "\(list.folder.lastPathComponent)"
            default_due = 0

            """.utf8).write(to: URL(fileURLWithPath: folder.path + "/config/todoman/config.py"))
        try tool("todoman", ["new", "--due", "2026-12-05", "Buy milk"])
        let laptop = try device("laptop")
        try await sync(laptop)
        let milk = try XCTUnwrap(try laptop.db.todoTrees().first)
        XCTAssertEqual(milk.todo.title, "Buy milk")
        XCTAssertEqual(milk.todo.dueDate, CivilDate(year: 2026, month: 12, day: 5))

        let trip = try laptop.db.createTodo(title: "Trip", items: [("Passport", "")])
        try await sync(laptop)
        func listed() throws -> [String: [String: Any]] {
            let json = try tool("todoman", ["--porcelain", "list", "--status", "ANY"])
            let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return Dictionary(items.map { ("\($0["summary"] ?? "")", $0) }) { a, _ in a }
        }
        var there = try listed()
        XCTAssertEqual(Set(there.keys), ["Buy milk", "Trip", "Passport"])
        // todoman completes our subtask; it comes back completed, still under its todo.
        try tool("todoman", ["done", "\(try XCTUnwrap(there["Passport"]?["id"]))"])
        try await sync(laptop)
        XCTAssertEqual(try laptop.db.todoTree(id: trip.todo.id!)?.subtasks.map(\.completed), [true])
        // We complete todoman's; todoman sees it.
        try laptop.db.setTodoCompleted(id: milk.todo.id!, true)
        try await sync(laptop)
        there = try listed()
        XCTAssertTrue(["1", "true"].contains("\(there["Buy milk"]?["completed"] ?? "")"), "\(there["Buy milk"] ?? [:])")
    }

    func testKhalAndAIHelperShareACalendar() async throws {
        let calendar = try vdir(.tasks)
        let config = folder.path + "/khal.conf"
        try Data("""
            [calendars]
            [[home]]
            path = \(calendar.folder.path)
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Berlin
            default_timezone = Europe/Berlin
            [default]
            default_calendar = home

            """.utf8).write(to: URL(fileURLWithPath: config))
        try tool("khal", ["-c", config, "new", "-a", "home", "-l", "Room 4", "2026-12-01", "09:00", "10:30", "Dentist"])
        let laptop = try device("laptop")
        try await sync(laptop)
        let dentist = try XCTUnwrap(try laptop.tasks().first)
        XCTAssertEqual([dentist.title, dentist.dueDate?.iso, dentist.dueTime?.hhmm], ["Dentist", "2026-12-01", "09:00"])
        XCTAssertEqual(dentist.durationMinutes, 90)

        var moved = dentist
        moved.dueTime = TimeOfDay(hour: 11, minute: 0)
        try laptop.db.updateTask(moved)
        _ = try laptop.db.insertTask(TaskItem(title: "Gym", dueDate: CivilDate(year: 2026, month: 12, day: 2), dueTime: TimeOfDay(hour: 7, minute: 30), durationMinutes: 30))
        try await sync(laptop)
        let listed = try tool("khal", ["-c", config, "list", "-a", "home", "-f", "{start} {end} {title} {location}", "-df", "", "2026-12-01", "7d"])
        XCTAssertTrue(listed.contains("2026-12-01 11:00 2026-12-01 12:30 Dentist Room 4"), listed)
        XCTAssertTrue(listed.contains("2026-12-02 07:30 2026-12-02 08:00 Gym"), listed)
    }
}
