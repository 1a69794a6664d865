import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// The task manager from the keyboard in the real binary: add, edit, complete and undo a task
/// and a todo with subtasks, quit, start again: everything as it was left.
final class TUITaskManagerTests: HomeFolderTestCase {
    private func start() throws -> TmuxSession {
        let session = TmuxSession(home: home)
        try session.start(width: 120, height: 40)
        session.waitFor("the first frame") { $0.contains(" Offline ") }
        return session
    }

    private func step(_ session: TmuxSession, _ what: String, keys: [String] = [], text: String? = nil,
                      until predicate: (String) -> Bool) throws -> String {
        for key in keys { try session.press(key) }
        if let text { try session.type(text) }
        return session.waitFor(what, predicate)
    }

    func testATaskAndATodoTreeMadeEditedCompletedAndUndoneFromTheKeyboardSurviveARestart() throws {
        var session = try start()
        try session.press("M-2")
        _ = try step(session, "the task form", keys: ["a"]) { $0.contains("New task") }
        try session.type("Dentist")
        try session.press("Tab", "C-u")
        try session.type("2026-12-03")
        try session.press("Tab")
        try session.type("9:30")
        var screen = try step(session, "the new task on its day", keys: ["Enter"]) { $0.contains("Thu 3 December 2026") && $0.contains("Dentist") }
        XCTAssertTrue(screen.contains("09:30   ● Dentist") || screen.contains("09:30   ○ Dentist"), screen)

        _ = try step(session, "the edit form", keys: ["e"]) { $0.contains("Edit task") }
        try session.press("End")
        screen = try step(session, "the renamed task", keys: [], text: " visit") { $0.contains("Dentist visit") }
        try session.press("Enter")
        screen = try step(session, "the form closed", keys: []) { !$0.contains("Edit task") && $0.contains("Dentist visit") }
        screen = try step(session, "the task completed", keys: ["x"]) { $0.contains("✓ Dentist visit") }
        screen = try step(session, "the completion undone", keys: ["u"]) { $0.contains("Undid: complete “Dentist visit”") }
        XCTAssertFalse(screen.contains("✓ Dentist visit"), screen)

        try session.press("M-3")
        _ = try step(session, "the todo form", keys: ["a"]) { $0.contains("New todo") }
        screen = try step(session, "the todo", keys: [], text: "Trip") { $0.contains("Trip") }
        try session.press("Enter")
        _ = try step(session, "the todo saved", keys: []) { $0.contains("In Progress · 1") }
        _ = try step(session, "the child form", keys: ["A"]) { $0.contains("New subtask") }
        try session.type("Passport")
        _ = try step(session, "the first subtask", keys: ["Enter"]) { $0.contains("☐ Passport") }
        _ = try step(session, "the sibling form", keys: ["a"]) { $0.contains("New subtask") }
        try session.type("Charger")
        _ = try step(session, "the second subtask", keys: ["Enter"]) { $0.contains("☐ Charger") && $0.contains("0/2") }
        screen = try step(session, "Charger done", keys: ["Space"]) { $0.contains("☑ Charger") && $0.contains("1/2") }
        screen = try step(session, "Passport done: the todo completes", keys: ["k", "Space"]) { $0.contains("Completed · 1") }
        screen = try step(session, "undone: the todo is open again", keys: ["u"]) { $0.contains("In Progress · 1") && $0.contains("1/2") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let task = try XCTUnwrap(try db.filterTasks("Dentist").first)
        XCTAssertEqual(task.title, "Dentist visit")
        XCTAssertEqual(task.dueDate?.iso, "2026-12-03")
        XCTAssertEqual(task.dueTime?.hhmm, "09:30")
        XCTAssertFalse(task.completed)
        let tree = try XCTUnwrap(try db.todoTrees().first)
        XCTAssertEqual(tree.subtasks.map { "\($0.title) \($0.completed)" }, ["Passport false", "Charger true"])

        session = try start()
        try session.press("M-2")
        _ = try step(session, "go to", keys: ["g"]) { $0.contains("Go to") }
        try session.type("2026-12-03")
        screen = try step(session, "the task after a restart", keys: ["Enter"]) { $0.contains("Thu 3 December 2026") && $0.contains("Dentist visit") }
        try session.press("M-3")
        screen = try step(session, "the tree after a restart", keys: []) { $0.contains("☑ Charger") && $0.contains("☐ Passport") && $0.contains("1/2") }
        _ = try step(session, "undo still works after a restart", keys: ["u"]) { $0.contains("Undid: complete “Charger”") && $0.contains("0/2") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
