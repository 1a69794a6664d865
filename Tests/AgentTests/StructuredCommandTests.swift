import XCTest
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// /remind and /list against the loopback peer: JSON as models write it becomes a reminder or a
/// todo list through the tools; a reply without JSON creates nothing and says so.
final class StructuredCommandTests: XCTestCase {
    private func run(_ text: String, database: AppDatabase) async throws -> (Message, [ToolCallRecord]) {
        let agent = try PeerAgents.agent(database: database)
        let conversation = try database.createConversation(title: "t", provider: "openai", model: agent.model)
        let turn = try agent.startTurn(conversationId: conversation.id!, userText: text)
        let message = try await withDeadline(20) {
            await agent.run(turn, now: Date(timeIntervalSince1970: 1_795_435_200), timeZone: TimeZone(identifier: "UTC")!, emit: { _ in })
        }
        return (message, try database.toolCalls(messageId: message.id!))
    }

    func testRemindMakesAReminderWithTheDatePhraseResolvedHere() async throws {
        let database = try AppDatabase.temporary()
        let (message, calls) = try await run("/remind call mom tomorrow at 5pm [script:json:remind]", database: database)
        XCTAssertEqual(message.status, .complete, message.errorText ?? "")
        XCTAssertEqual(calls.map(\.name), ["create_reminder"])
        let reminder = try XCTUnwrap(try database.reminders().first)
        XCTAssertEqual(reminder.title, "Call mom")
        XCTAssertEqual(reminder.dueDate, CivilDate(year: 2026, month: 11, day: 24), "“tomorrow” from Monday 2026-11-23")
        XCTAssertEqual(reminder.dueTime?.hhmm, "17:00")
        XCTAssertEqual(reminder.category, "Personal")
        XCTAssertEqual(reminder.notes, "Ask about Sunday")
        XCTAssertEqual(message.content, "Created reminder Tue 2026-11-24 17:00 Call mom [Personal] in “Reminders” #\(reminder.id!)")
        let body = try PeerAgents.lastRequestBody()
        XCTAssertNil(body["tools"], "a structured request offers no tools")
        let system = ((body["messages"] as? [[String: Any]])?.first?["content"] as? String) ?? ""
        XCTAssertTrue(system.contains("\"date_query\"") && system.contains("Today is Monday 2026-11-23"), system)
    }

    func testListMakesATodoListWithItsItems() async throws {
        let database = try AppDatabase.temporary()
        let (message, calls) = try await run("/list buy what I need for pancakes [script:json:list]", database: database)
        XCTAssertEqual(message.status, .complete, message.errorText ?? "")
        XCTAssertEqual(calls.map(\.name), ["create_todo_list"])
        let tree = try XCTUnwrap(try database.todoTrees().first)
        XCTAssertEqual(tree.todo.title, "Shopping List: Pancakes")
        XCTAssertEqual(tree.todo.notes, "For Sunday breakfast")
        XCTAssertEqual(tree.subtasks.map(\.title), ["Flour, 500 g", "Eggs x6"])
        XCTAssertEqual(tree.subtasks.map(\.notes), ["", "free range"])
        let system = (try PeerAgents.lastRequestBody()["messages"] as? [[String: Any]])?.first?["content"] as? String
        XCTAssertTrue(system?.contains("shopping lists") == true, "the shopping wording for a buying request")
    }

    func testAReplyWithoutJSONCreatesNothingAndSaysSo() async throws {
        let database = try AppDatabase.temporary()
        let (message, calls) = try await run("/remind something odd [script:json:none]", database: database)
        XCTAssertEqual(message.status, .error)
        XCTAssertEqual(message.errorText, "The model's reply to /remind held no JSON it needs, so nothing was created. Try again, or ask in a plain message.")
        XCTAssertEqual(message.content, "I am not able to make that into a reminder.", "what the model said is kept")
        XCTAssertTrue(calls.isEmpty)
        XCTAssertTrue(try database.reminders().isEmpty)
    }

    /// The Offline assistant reads /list and /remind as words, titled as a typed list is, and in
    /// Chinese when the request is.
    func testTheOfflineAssistantTitlesAListByTheWordsBeforeTheColon() async throws {
        let cases: [(String, String, [String])] = [
            ("/list learn Rust: ownership, traits, async", "Learn Rust", ["Ownership", "Traits", "Async"]),
            ("/list groceries: eggs, milk", "Groceries", ["Eggs", "Milk"]),
            ("/list 学习Rust：所有权、特性、异步", "学习Rust", ["所有权", "特性", "异步"]),
        ]
        for (text, title, items) in cases {
            let database = try AppDatabase.temporary()
            let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: .builtIn(), database: database)
            let turn = try agent.startTurn(conversationId: try database.createConversation().id!, userText: text)
            let message = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
            XCTAssertEqual(message.status, .complete, text)
            let tree = try XCTUnwrap(try database.todoTrees().first, text)
            XCTAssertEqual(tree.todo.title, title, text)
            XCTAssertEqual(tree.subtasks.map(\.title), items, text)
        }
        let database = try AppDatabase.temporary()
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: .builtIn(), database: database)
        let turn = try agent.startTurn(conversationId: try database.createConversation().id!, userText: "/remind 明天下午5点给妈妈打电话")
        let message = try await withDeadline(20) { await agent.run(turn, emit: { _ in }) }
        XCTAssertEqual(message.status, .complete)
        XCTAssertTrue(message.content.contains("给妈妈打电话"), message.content)
        XCTAssertEqual(try database.upcomingTasks(from: .today(), limit: 5).first?.dueTime?.hhmm, "17:00")
    }

    func testCommandsAndListKinds() {
        XCTAssertEqual(StructuredCommand("/remind call mom"), .remind("call mom"))
        XCTAssertEqual(StructuredCommand("/LIST packing for Rome"), .list("packing for Rome"))
        XCTAssertNil(StructuredCommand("/remind   "))
        XCTAssertNil(StructuredCommand("remind me"))
        XCTAssertEqual(TodoListKind.detect("teach me Swift"), .learning)
        XCTAssertEqual(TodoListKind.detect("ingredients for lasagna"), .shopping)
        XCTAssertEqual(TodoListKind.detect("move house"), .general)
        XCTAssertEqual(StructuredCommand.remind("call mom").plainRequest, "remind me to call mom")
        XCTAssertEqual(StructuredCommand.list("学习Rust：所有权").plainRequest, "列一个待办清单：学习Rust：所有权")
    }
}
