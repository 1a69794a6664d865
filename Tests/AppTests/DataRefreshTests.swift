import XCTest
import Core
import Storage
import Tools
import Terminal
@testable import App

/// One refresh path after data changed (`TUIApp.refresh`): the app's own writes and another
/// instance's reload the panes that show the changed data, once, schedule the reminders again
/// when tasks changed, and select what a tool just made.
final class DataRefreshTests: XCTestCase {
    private func makeApp() throws -> (TUIApp, AppDatabase) {
        let harness = try AppTestHarness(width: 120, height: 40)
        harness.app.lastCounters = try harness.database.changeCounters()
        return (harness.app, harness.database)
    }

    func testAnotherInstancesWriteReloadsOnlyThePaneWhoseCounterMoved() throws {
        let (app, database) = try makeApp()
        let tasks = app.state.tasksVersion, todos = app.state.todosVersion

        let conversation = try database.createConversation()
        let message = try database.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "t0 "))
        try database.checkpoint(messageId: message.id!, content: "t0 t1 ")
        app.refresh()
        XCTAssertEqual(app.state.tasksVersion, tasks, "a message save leaves Tasks alone")
        XCTAssertEqual(app.state.todosVersion, todos, "a message save leaves Todos alone")

        _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: app.state.tasks.selected))
        app.refresh()
        XCTAssertNotEqual(app.state.tasksVersion, tasks, "a new task reloads Tasks")
        XCTAssertEqual(app.state.todosVersion, todos, "and leaves Todos alone")
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Dentist"])
        XCTAssertNotNil(app.reminders.refreshedAt, "and its reminder is scheduled")
    }

    /// A tool's change (as the agent reports it) reloads Tasks, schedules the new reminder at
    /// once (before: only the next tick's poll did), selects the new task, and the tick after
    /// it does not load the pane a second time.
    func testAToolsNewTaskIsSelectedScheduledAndLoadedOnce() throws {
        let (app, database) = try makeApp()
        let day = app.state.tasks.selected.adding(days: 1)
        _ = try database.insertTask(TaskItem(title: "Early", dueDate: day, dueTime: TimeOfDay(hour: 8, minute: 0)))
        let late = try database.insertTask(TaskItem(title: "Call mom", dueDate: day, dueTime: TimeOfDay(hour: 17, minute: 0)))
        XCTAssertNil(app.reminders.refreshedAt)

        app.handle([.agent(turnId: 1, .dataChanged(DataChange(tasks: true, focusDate: day, focusTaskId: late.id)))])
        XCTAssertEqual(app.state.tasks.selected, day)
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Early", "Call mom"])
        XCTAssertEqual(app.state.tasks.selectedItem?.title, "Call mom", "the task the tool made is selected")
        XCTAssertNotNil(app.reminders.refreshedAt, "its reminder is scheduled without waiting for a tick")
        XCTAssertEqual(app.lastCounters, try database.changeCounters(), "the app's own write is taken as seen")

        let loaded = app.state.tasksVersion
        app.refresh()  // the tick
        XCTAssertEqual(app.state.tasksVersion, loaded, "the tick does not load Tasks again")
    }

    func testAToolsNewTodoListIsSelected() throws {
        let (app, database) = try makeApp()
        _ = try database.insertTodo(title: "Groceries", afterPosition: nil)
        let packing = try database.insertTodo(title: "Packing", afterPosition: nil)
        app.handle([.agent(turnId: 1, .dataChanged(DataChange(todos: true, focusTodoId: packing.id)))])
        let row = app.state.todos.rows[app.state.todos.selectedRow]
        XCTAssertEqual(row.todoId, packing.id, "the list the tool made is selected")
        XCTAssertNil(app.state.todos.focusTodoId)
    }

    /// An edit in a pane goes the same way: a task added with a time gets its reminder at once.
    func testAnEditInThePaneSchedulesTheReminder() throws {
        let (app, database) = try makeApp()
        app.changeTask(TaskEdit.save(TaskItem(title: "Standup", dueDate: app.state.tasks.selected, dueTime: TimeOfDay(hour: 9, minute: 30)), label: "add"))
        XCTAssertNotNil(app.reminders.refreshedAt)
        XCTAssertEqual(app.lastCounters, try database.changeCounters())
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Standup"])
    }
}
