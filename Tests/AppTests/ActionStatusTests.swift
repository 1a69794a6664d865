import XCTest
import Core
import Storage
import Agent
import Providers
import Tools
import Terminal
import TestSupport
@testable import App

/// Every action sets or clears the status bar, so nothing stale stays up: the runtime carries
/// out the keys' effects on a real database, and the notice is read after each.
final class ActionStatusTests: XCTestCase {
    private func app() throws -> TUIApp {
        let database = try AppDatabase.temporary()
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: ToolRegistry.builtIn(), database: database)
        return TUIApp(backend: MemoryBackend(size: Size(width: 120, height: 40)), database: database, agent: agent)
    }

    /// Presses the keys through `update` and carries out what they ask, as the loop does;
    /// a turn started is waited for and its events handled.
    private func press(_ app: TUIApp, _ keys: Key...) async throws {
        for key in keys {
            for effect in update(&app.state, .key(key)) {
                app.perform(effect)
                if let task = app.turnTask {
                    _ = try await withDeadline(20) { await task.value }
                    app.turnTask = nil
                }
                app.handle(app.mailbox.drain())
            }
        }
    }

    func testDeletingASeriesAfterAnUndoSaysItWasDeleted() async throws {
        let app = try app()
        let day = app.state.tasks.today
        let dentist = try app.database.insertTask(TaskItem(title: "Dentist", dueDate: day))
        app.perform(.changeTask(.save(TaskItem(id: dentist.id, uid: dentist.uid, title: "Dentist at 9", dueDate: day), label: nil)))
        app.state.focus = .tasks
        try await press(app, .text("u"))
        XCTAssertEqual(app.state.notice?.text, "Undid: edit “Dentist at 9” · Ctrl-R redoes")

        let standup = try app.database.insertTask(TaskItem(title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=DAILY"))
        app.state.tasks.dayTasks = [TaskItem(id: standup.id, uid: standup.uid, title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=DAILY")]
        app.state.tasks.selectedTask = 0
        try await press(app, .text("d"), .text("a"))
        XCTAssertNil(try app.database.task(id: standup.id!), "the series is gone")
        XCTAssertEqual(app.state.notice?.text, "Deleted “Standup”. · u undoes")
    }

    func testEveryTaskAndTodoChangeConfirmsItself() async throws {
        let app = try app()
        let day = app.state.tasks.today
        app.state.focus = .tasks
        let task = try app.database.insertTask(TaskItem(title: "Gym", dueDate: day))
        app.reloadTasks()
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Gym"])
        try await press(app, .text("x"))
        XCTAssertEqual(app.state.notice?.text, "Completed “Gym”. · u undoes")
        try await press(app, .text("x"))
        XCTAssertEqual(app.state.notice?.text, "Reopened “Gym”. · u undoes")
        try await press(app, .text("p"))
        XCTAssertEqual(app.state.notice?.text, "Saved “Gym”. · u undoes")
        XCTAssertEqual(try app.database.task(id: task.id!)?.dueDate, day.adding(days: 1))

        app.state.focus = .todos
        app.perform(.changeTodo(.addTodo(title: "Packing", afterPosition: nil)))
        XCTAssertEqual(app.state.notice?.text, "Added “Packing”. · u undoes")
        try await press(app, .text(" "))
        XCTAssertEqual(app.state.notice?.text, "Completed “Packing”. · u undoes")
        app.perform(.changeTodo(.move(todoId: app.state.todos.trees[0].todo.id!, subtaskId: nil, by: 1)))
        XCTAssertNil(app.state.notice, "a move shows itself; the old notice is cleared")
    }

    func testAnActionItemTurnedIntoATodoSaysSoAndWhereToUndoIt() async throws {
        let app = try app()
        app.state.chat.messages = [Message(id: 9, conversationId: 1, role: .assistant, content: "Summary", status: .complete)]
        app.state.chat.summaries[9] = Summary(title: "T", actionItems: ["Book the flight", "Renew the passport"])
        try await press(app, .escape, .text("a"), .text("2"))
        XCTAssertEqual(app.state.todos.trees.map(\.todo.title), ["Renew the passport"])
        XCTAssertEqual(app.state.notice?.text, "Added “Renew the passport”. · u in Todos undoes")
    }

    func testOpeningAnotherConversationClearsWhatTheStatusBarSaidAboutTheLastOne() throws {
        let app = try app()
        let other = try app.database.createConversation(title: "Trip", provider: "offline", model: "offline")
        app.state.notice = Notice(text: "Message deleted.", kind: .info, expires: nil)
        app.perform(.conversation(.open(id: other.id!, messageId: nil, query: nil)))
        XCTAssertEqual(app.state.chat.conversation?.title, "Trip")
        XCTAssertNil(app.state.notice)
    }

    func testAngleBracketOnAnAnswerSwitchesItsQuestionAndSaysWhichVersion() async throws {
        let app = try app()
        for ch in "what is on today" { try await press(app, .text(String(ch))) }
        try await press(app, .enter)
        let first = try XCTUnwrap(app.state.chat.messages.first)
        app.perform(.resendEdited(messageId: first.id!, text: "what is on tomorrow"))
        let turn = try XCTUnwrap(app.turnTask)
        _ = try await withDeadline(20) { await turn.value }
        app.turnTask = nil
        app.handle(app.mailbox.drain())

        try await press(app, .escape)
        XCTAssertEqual(app.state.chat.selectedMessageId, app.state.chat.messages.last?.id, "the newest answer is selected")
        try await press(app, .text("<"))
        XCTAssertEqual(app.state.chat.messages.first?.content, "what is on today", "< on the answer switched its question")
        XCTAssertEqual(app.state.notice?.text, "Showing version 1 of 2 (< > switch).")
        try await press(app, .text("<"))
        XCTAssertEqual(app.state.notice?.text, "Showing version 1 of 2 (< > switch).", "at the first, it says where it is")
    }
}
