import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class RecordRoundTripTests: StorageTestCase {
    func testTaskRoundTripStoresDateAndTimeAsText() throws {
        let db = try openDatabase()
        let original = TaskItem(uid: "uid-1", title: "Call mom", notes: "about Sunday", dueDate: day("2026-11-24"),
                                dueTime: TimeOfDay(hour: 7, minute: 5), durationMinutes: 30, category: "Personal",
                                priority: .medium, completed: true, completedAt: fixedDate(60),
                                recurrence: "FREQ=WEEKLY", list: "Family", createdAt: fixedDate(), updatedAt: fixedDate(1))
        let inserted = try db.insertTask(original)
        XCTAssertNotNil(inserted.id)
        var expected = original
        expected.id = inserted.id
        XCTAssertEqual(try db.task(id: inserted.id!), expected)

        let raw = try db.pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT dueDate, typeof(dueDate) AS dateType, dueTime, typeof(dueTime) AS timeType,
                       priority, completed FROM task WHERE id = ?
                """, arguments: [inserted.id])!
        }
        XCTAssertEqual(raw["dueDate"] as String, "2026-11-24")
        XCTAssertEqual(raw["dateType"] as String, "text")
        XCTAssertEqual(raw["dueTime"] as String, "07:05")
        XCTAssertEqual(raw["timeType"] as String, "text")
        XCTAssertEqual(raw["priority"] as String, "medium")
        XCTAssertEqual(raw["completed"] as Int, 1)
    }

    func testUndatedTaskRoundTrip() throws {
        let db = try openDatabase()
        let task = try db.insertTask(TaskItem(title: "Someday", createdAt: fixedDate(), updatedAt: fixedDate()))
        XCTAssertEqual(try db.task(id: task.id!), task)
    }

    func testConversationMessageToolCallAndTimelineRoundTrip() throws {
        let db = try openDatabase()
        var conversation = try db.createConversation(title: "Plans", provider: "offline", model: "offline-1")
        XCTAssertEqual(try db.conversation(id: conversation.id!)?.title, "Plans")
        conversation = try db.conversation(id: conversation.id!)!

        let message = try db.appendMessage(Message(
            conversationId: conversation.id!, role: .assistant, content: "Hello", status: .error, provider: "openai",
            model: "gpt", inputTokens: 10, outputTokens: 20, cost: 0.25, errorText: "401: check the key",
            createdAt: fixedDate(), updatedAt: fixedDate()))
        XCTAssertEqual(try db.message(id: message.id!), message)
        let rawStatus = try db.pool.read { try String.fetchOne($0, sql: "SELECT status || '/' || role FROM message") }
        XCTAssertEqual(rawStatus, "error/assistant")

        let call = try db.insertToolCall(ToolCallRecord(messageId: message.id!, callId: "call_1", name: "create_task",
                                                         arguments: #"{"title":"x"}"#, createdAt: fixedDate()))
        var updatedCall = call
        updatedCall.result = "Created"
        updatedCall.isError = true
        try db.updateToolCall(updatedCall)
        XCTAssertEqual(try db.toolCalls(messageId: message.id!), [updatedCall])

        let step = try db.insertTimelineStep(TimelineStep(messageId: message.id!, position: 0, kind: .toolCall,
                                                          title: "create_task", detail: "title: x", callId: "call_1",
                                                          status: .awaitingApproval, startedAt: fixedDate()))
        var finished = step
        finished.status = .done
        finished.duration = 0.5
        try db.updateTimelineStep(finished)
        XCTAssertEqual(try db.timelineSteps(messageIds: [message.id!]), [message.id!: [finished]])
        let rawKind = try db.pool.read { try String.fetchOne($0, sql: "SELECT kind || '/' || status FROM timelineStep") }
        XCTAssertEqual(rawKind, "toolCall/done")
    }

    func testToolCallIdsMayRepeatAcrossTurnsButNotWithinOne() throws {
        let db = try openDatabase()
        let conversation = try db.createConversation()
        let first = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: ""))
        let second = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: ""))
        _ = try db.insertToolCall(ToolCallRecord(messageId: first.id!, callId: "call_0", name: "a", arguments: "{}"))
        _ = try db.insertToolCall(ToolCallRecord(messageId: second.id!, callId: "call_0", name: "a", arguments: "{}"))
        XCTAssertThrowsError(try db.insertToolCall(
            ToolCallRecord(messageId: first.id!, callId: "call_0", name: "b", arguments: "{}")))
    }

    func testTodoSubtaskContactAndNoteRoundTrip() throws {
        let db = try openDatabase()
        let tree = try db.createTodo(title: "Trip", notes: "June", items: [("Passport", "renew"), ("Socks", "")])
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.subtasks.map(\.title), ["Passport", "Socks"])
        XCTAssertEqual(try db.todoTree(id: tree.todo.id!)?.subtasks.first?.notes, "renew")
        var todo = tree.todo
        todo.dueDate = day("2026-06-01")
        try db.updateTodo(todo)
        let rawDue = try db.pool.read { try String.fetchOne($0, sql: "SELECT dueDate FROM todo") }
        XCTAssertEqual(rawDue, "2026-06-01")
        XCTAssertEqual(try db.todoTree(id: todo.id!)?.todo.dueDate, day("2026-06-01"))

        let contact = try db.insertContact(Contact(name: "Ada Lovelace", email: "ada@example.org", phone: "+44",
                                                   organization: "Analytical", notes: "math", groups: "friends",
                                                   createdAt: fixedDate(), updatedAt: fixedDate()))
        XCTAssertEqual(try db.contact(id: contact.id!), contact)
        XCTAssertEqual(try db.searchContacts("ANALYT").map(\.name), ["Ada Lovelace"])
        XCTAssertEqual(try db.searchContacts("nobody"), [])
        var renamed = contact
        renamed.name = "Ada King"
        try db.updateContact(renamed)
        XCTAssertEqual(try db.searchContacts("").map(\.name), ["Ada King"])
        XCTAssertTrue(try db.deleteContact(id: contact.id!))
        XCTAssertNil(try db.contact(id: contact.id!))

        let note = try db.insertNote(Note(title: "Ideas", body: "Ünïcode body", createdAt: fixedDate(), updatedAt: fixedDate()))
        XCTAssertEqual(try db.note(id: note.id!), note)
        XCTAssertEqual(try db.searchNotes("ünïcode").map(\.title), ["Ideas"])
        var edited = note
        edited.body = "plain"
        try db.updateNote(edited)
        XCTAssertEqual(try db.note(id: note.id!)?.body, "plain")
        XCTAssertTrue(try db.deleteNote(id: note.id!))
        XCTAssertEqual(try db.searchNotes(""), [])
    }
}
