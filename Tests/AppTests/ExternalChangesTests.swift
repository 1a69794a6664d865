import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The outside-change poll reloads only the panes whose own change counter moved: a streaming
/// answer saving itself must not reload Tasks and Todos (and redraw the whole screen).
final class ExternalChangesTests: XCTestCase {
    func testPollReloadsOnlyThePaneWhoseCounterMoved() throws {
        let harness = try AppTestHarness(width: 120, height: 40), database = harness.database, app = harness.app
        app.lastCounters = try database.changeCounters()
        let tasks = app.state.tasksVersion, todos = app.state.todosVersion

        let conversation = try database.createConversation()
        let message = try database.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "t0 "))
        try database.checkpoint(messageId: message.id!, content: "t0 t1 ")
        app.pollExternalChanges()
        XCTAssertEqual(app.state.tasksVersion, tasks, "a message save leaves Tasks alone")
        XCTAssertEqual(app.state.todosVersion, todos, "a message save leaves Todos alone")

        _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: app.state.tasks.selected))
        app.pollExternalChanges()
        XCTAssertNotEqual(app.state.tasksVersion, tasks, "a new task reloads Tasks")
        XCTAssertEqual(app.state.todosVersion, todos, "and leaves Todos alone")
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Dentist"])
    }
}
