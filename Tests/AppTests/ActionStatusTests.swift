import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Every action sets or clears the status bar, so nothing stale stays up: the runtime carries
/// out the keys' effects on a real database, and the notice is read after each.
final class ActionStatusTests: XCTestCase {
    func testDeletingASeriesAfterAnUndoSaysItWasDeleted() async throws {
        let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
        let day = app.state.tasks.today
        let dentist = try app.database.insertTask(TaskItem(title: "Dentist", dueDate: day))
        app.perform(.changeTask(.save(TaskItem(id: dentist.id, uid: dentist.uid, title: "Dentist at 9", dueDate: day), label: nil)))
        app.state.focus = .tasks
        try await harness.press(.text("u"))
        XCTAssertEqual(app.state.notice?.text, "Undid: edit “Dentist at 9” · Ctrl-R redoes")

        let standup = try app.database.insertTask(TaskItem(title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=DAILY"))
        app.state.tasks.dayTasks = [TaskItem(id: standup.id, uid: standup.uid, title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=DAILY")]
        app.state.tasks.selectedTask = 0
        try await harness.press(.text("d"), .text("a"))
        XCTAssertNil(try app.database.task(id: standup.id!), "the series is gone")
        XCTAssertEqual(app.state.notice?.text, "Deleted “Standup”. · u undoes")
    }

    func testEveryTaskAndTodoChangeConfirmsItself() async throws {
        let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
        let day = app.state.tasks.today
        app.state.focus = .tasks
        let task = try app.database.insertTask(TaskItem(title: "Gym", dueDate: day))
        app.reloadTasks()
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Gym"])
        try await harness.press(.text("x"))
        XCTAssertEqual(app.state.notice?.text, "Completed “Gym”. · u undoes")
        try await harness.press(.text("x"))
        XCTAssertEqual(app.state.notice?.text, "Reopened “Gym”. · u undoes")
        try await harness.press(.text("p"))
        XCTAssertEqual(app.state.notice?.text, "Saved “Gym”. · u undoes")
        XCTAssertEqual(try app.database.task(id: task.id!)?.dueDate, day.adding(days: 1))

        app.state.focus = .todos
        app.perform(.changeTodo(.addTodo(title: "Packing", afterPosition: nil)))
        XCTAssertEqual(app.state.notice?.text, "Added “Packing”. · u undoes")
        try await harness.press(.text(" "))
        XCTAssertEqual(app.state.notice?.text, "Completed “Packing”. · u undoes")
        app.perform(.changeTodo(.move(todoId: app.state.todos.trees[0].todo.id!, subtaskId: nil, by: 1)))
        XCTAssertNil(app.state.notice, "a move shows itself; the old notice is cleared")
    }

    func testAnActionItemTurnedIntoATodoSaysSoAndWhereToUndoIt() async throws {
        let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
        app.state.chat.messages = [Message(id: 9, conversationId: 1, role: .assistant, content: "Summary", status: .complete)]
        app.state.chat.summaries[9] = Summary(title: "T", actionItems: ["Book the flight", "Renew the passport"])
        try await harness.press(.escape, .text("a"), .text("2"))
        XCTAssertEqual(app.state.todos.trees.map(\.todo.title), ["Renew the passport"])
        XCTAssertEqual(app.state.notice?.text, "Added “Renew the passport”. · u in Todos undoes")
    }

    func testOpeningAnotherConversationClearsWhatTheStatusBarSaidAboutTheLastOne() throws {
        let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
        let other = try app.database.createConversation(title: "Trip", provider: "offline", model: "offline")
        app.state.notice = Notice(text: "Message deleted.", kind: .info, expires: nil)
        app.perform(.conversation(.open(id: other.id!, messageId: nil, query: nil)))
        XCTAssertEqual(app.state.chat.conversation?.title, "Trip")
        XCTAssertNil(app.state.notice)
    }

    func testAngleBracketOnAnAnswerSwitchesItsQuestionAndSaysWhichVersion() async throws {
        let harness = try AppTestHarness(width: 120, height: 40), app = harness.app
        for ch in "what is on today" { try await harness.press(.text(String(ch))) }
        try await harness.press(.enter)
        let first = try XCTUnwrap(app.state.chat.messages.first)
        let answer = try await harness.perform(.resendEdited(messageId: first.id!, text: "what is on tomorrow"))
        XCTAssertNotNil(answer, "the edited question was sent")

        try await harness.press(.escape)
        XCTAssertEqual(app.state.chat.selectedMessageId, app.state.chat.messages.last?.id, "the newest answer is selected")
        try await harness.press(.text("<"))
        XCTAssertEqual(app.state.chat.messages.first?.content, "what is on today", "< on the answer switched its question")
        XCTAssertEqual(app.state.notice?.text, "Showing version 1 of 2 (< > switch).")
        try await harness.press(.text("<"))
        XCTAssertEqual(app.state.notice?.text, "Showing version 1 of 2 (< > switch).", "at the first, it says where it is")
    }
}
