import XCTest
import Core
@testable import Providers

/// Sentences the offline assistant turns into tool calls, with the exact arguments the tools read.
final class OfflineToolCallTests: XCTestCase {
    // MARK: create_task

    func testReminderWithDateAndTime() async throws {
        try await assertToolCall("remind me to call mom tomorrow at 5pm", "create_task",
                                 ["title": "Call mom", "date": "2026-11-24", "time": "17:00", "category": "Personal"])
    }
    func testAddATaskWithWeekday() async throws {
        try await assertToolCall("add a task: dentist on friday at 9am", "create_task",
                                 ["title": "Dentist", "date": "2026-11-27", "time": "09:00", "category": "Health"])
    }
    func testScheduleNextWeekday() async throws {
        try await assertToolCall("schedule team meeting next tuesday 14:30", "create_task",
                                 ["title": "Team meeting", "date": "2026-12-01", "time": "14:30", "category": "Work"])
    }
    func testCreateTaskWithoutDate() async throws {
        try await assertToolCall("create task buy milk", "create_task", ["title": "Buy milk", "category": "Shopping"])
    }
    func testRememberToInDays() async throws {
        try await assertToolCall("remember to water plants in 3 days", "create_task",
                                 ["title": "Water plants", "date": "2026-11-26", "category": "Home"])
    }
    func testReminderWithISODate() async throws {
        try await assertToolCall("reminder: pay rent 2026-12-01", "create_task",
                                 ["title": "Pay rent", "date": "2026-12-01", "category": "Home"])
    }
    func testUrgentWordsMakeHighPriority() async throws {
        try await assertToolCall("remind me to send the report asap", "create_task",
                                 ["title": "Send the report", "category": "Work", "priority": "high"])
    }
    func testExclamationMarkMakesHighPriority() async throws {
        try await assertToolCall("Remind me to take medicine tonight!", "create_task",
                                 ["title": "Take medicine", "date": "2026-11-23", "time": "20:00",
                                  "category": "Health", "priority": "high"])
    }
    func testSomedayMakesLowPriority() async throws {
        try await assertToolCall("remind me to learn the guitar someday", "create_task",
                                 ["title": "Learn the guitar", "category": "Study", "priority": "low"])
    }
    func testPoliteLoneTimeFallsLaterToday() async throws {
        try await assertToolCall("can you please remind me to call dad at 7pm", "create_task",
                                 ["title": "Call dad", "date": "2026-11-23", "time": "19:00", "category": "Personal"])
    }
    func testSocialCategory() async throws {
        try await assertToolCall("remind me about the birthday party on sat", "create_task",
                                 ["title": "The birthday party", "date": "2026-11-28", "category": "Social"])
    }
    func testUnknownCategoryIsOther() async throws {
        try await assertToolCall("remind me to renew the car insurance", "create_task",
                                 ["title": "Renew the car insurance", "category": "Other"])
    }

    // MARK: create_todo_list

    func testPackingList() async throws {
        try await assertToolCall("make a packing list: passport, charger, socks", "create_todo_list",
                                 ["title": "Packing list", "items": ["Passport", "Charger", "Socks"]])
    }
    func testListForAnOccasionWithAndInTheLastPlace() async throws {
        try await assertToolCall("create a todo list for the party: balloons, cake and invitations", "create_todo_list",
                                 ["title": "Party", "items": ["Balloons", "Cake", "Invitations"]])
    }
    func testShoppingList() async throws {
        try await assertToolCall("shopping list: eggs, milk, bread", "create_todo_list",
                                 ["title": "Shopping list", "items": ["Eggs", "Milk", "Bread"]])
    }
    func testTodoWithSemicolons() async throws {
        try await assertToolCall("todo: fix bike; call plumber", "create_todo_list",
                                 ["title": "Todo list", "items": ["Fix bike", "Call plumber"]])
    }
    /// What `/list learn Rust: …` becomes: the list names no topic, the body's header does.
    func testAGenericListWhoseItemsHaveTheirOwnHeaderIsTitledByIt() async throws {
        try await assertToolCall("make a todo list: learn Rust: ownership, traits, async", "create_todo_list",
                                 ["title": "Learn Rust", "items": ["Ownership", "Traits", "Async"]])
        try await assertToolCall("make a packing list: passport: the new one, charger", "create_todo_list",
                                 ["title": "Packing list", "items": ["Passport: the new one", "Charger"]])
    }
    func testBulletedLines() async throws {
        try await assertToolCall("camping checklist\n- tent\n* stove\n1. map\n2) water", "create_todo_list",
                                 ["title": "Camping checklist", "items": ["Tent", "Stove", "Map", "Water"]])
    }

    // MARK: list_tasks

    func testWhatsOnToday() async throws {
        try await assertToolCall("what's on today", "list_tasks", ["from": "2026-11-23", "to": "2026-11-23"])
    }
    func testWhatDoIHaveTomorrow() async throws {
        try await assertToolCall("what do I have tomorrow", "list_tasks", ["from": "2026-11-24", "to": "2026-11-24"])
    }
    func testShowMyTasksThisWeek() async throws {
        try await assertToolCall("show my tasks this week", "list_tasks", ["from": "2026-11-23", "to": "2026-11-29"])
    }
    func testUpcoming() async throws {
        try await assertToolCall("upcoming", "list_tasks", ["from": "2026-11-23", "to": "2026-12-23"])
    }
    func testWhatsNext() async throws {
        try await assertToolCall("What’s next?", "list_tasks", ["from": "2026-11-23", "to": "2026-12-23"])
    }
    func testAgendaForFriday() async throws {
        try await assertToolCall("agenda for friday", "list_tasks", ["from": "2026-11-27", "to": "2026-11-27"])
    }
    func testWhatsOnNextWeek() async throws {
        try await assertToolCall("what's on next week?", "list_tasks", ["from": "2026-11-30", "to": "2026-12-06"])
    }
    func testWhatsOnAloneMeansToday() async throws {
        try await assertToolCall("what's on", "list_tasks", ["from": "2026-11-23", "to": "2026-11-23"])
    }

    // MARK: complete_task and delete_task

    func testMarkAsDone() async throws {
        try await assertToolCall("mark call mom as done", "complete_task", ["title": "call mom"])
    }
    func testComplete() async throws {
        try await assertToolCall("complete dentist", "complete_task", ["title": "dentist"])
    }
    func testIFinished() async throws {
        try await assertToolCall("I finished the report", "complete_task", ["title": "report"])
    }
    func testDoneColon() async throws {
        try await assertToolCall("done: buy milk", "complete_task", ["title": "buy milk"])
    }
    func testTitleIsDone() async throws {
        try await assertToolCall("the dentist task is done", "complete_task", ["title": "dentist"])
    }
    func testDeleteTheTask() async throws {
        try await assertToolCall("delete the dentist task", "delete_task", ["title": "dentist"])
    }
    func testRemove() async throws {
        try await assertToolCall("remove buy milk", "delete_task", ["title": "buy milk"])
    }
    func testCancel() async throws {
        try await assertToolCall("cancel team meeting", "delete_task", ["title": "team meeting"])
    }

    // MARK: resolve_date

    func testWhatDateIsNextFriday() async throws {
        try await assertToolCall("what date is next friday", "resolve_date", ["phrase": "next friday"])
    }
    func testWhenIsTheDayAfterTomorrow() async throws {
        try await assertToolCall("when is the day after tomorrow?", "resolve_date", ["phrase": "the day after tomorrow"])
    }
    func testWhatDayIsAnISODate() async throws {
        try await assertToolCall("what day is 2026-12-25", "resolve_date", ["phrase": "2026-12-25"])
    }
    func testWhatDateIsIt() async throws {
        try await assertToolCall("what date is it?", "resolve_date", ["phrase": "today"])
    }

    // MARK: Call ids

    func testCallIdsCountTheCallsAlreadyMade() async throws {
        let earlier = ChatMessage(role: .assistant, content: "",
                                  toolCalls: [ToolCallRequest(id: "offline-1", name: "list_tasks", arguments: "{}")])
        let events = try await collect(offlineRequest([
            ChatMessage(role: .user, content: "upcoming"), earlier,
            ChatMessage(role: .tool, content: "Nothing planned.", toolCallId: "offline-1", toolName: "list_tasks"),
            ChatMessage(role: .assistant, content: "Here's what I found: Nothing planned."),
            ChatMessage(role: .user, content: "remind me to stretch"),
        ]))
        XCTAssertEqual(toolCall(in: events)?.id, "offline-2")
    }
}
