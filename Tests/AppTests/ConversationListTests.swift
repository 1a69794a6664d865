import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The conversation list (Ctrl-O), search (Ctrl-\\) and n / N in the chat, driven key by key
/// through the real runtime on a real database.
final class ConversationListTests: XCTestCase {
    private var harness: AppTestHarness!
    private var database: AppDatabase { harness.database }
    private var app: TUIApp { harness.app }

    override func setUpWithError() throws { harness = try AppTestHarness(width: 120, height: 40) }

    /// A conversation with `count` messages, alternating user and assistant, "message N" each.
    @discardableResult
    private func conversation(_ title: String, messages count: Int = 2, extra: [Int: String] = [:]) throws -> Conversation {
        let conversation = try database.createConversation(title: title, provider: "offline", model: "offline-assistant")
        for i in 0..<count {
            _ = try database.appendMessage(Message(conversationId: conversation.id!, role: i % 2 == 0 ? .user : .assistant,
                                                   content: extra[i] ?? "message \(i) of \(title)"))
        }
        return conversation
    }

    private func keys(_ keys: Key...) { app.handle(keys.map(Event.key)); app.settle() }
    private func type(_ text: String) { app.handle(text.map { Event.key(.text(String($0))) }); app.settle() }
    private var titles: [String] { app.state[overlay: Picker.self]?.visible.map(\.label) ?? [] }

    func testCtrlOListsByActivityAndOpensTheChosenOne() throws {
        try conversation("Trip to Japan")
        try conversation("Groceries", messages: 3)
        keys(.ctrl("o"))
        XCTAssertEqual(app.state[overlay: Picker.self]?.purpose, .conversations)
        XCTAssertEqual(titles, ["Groceries", "Trip to Japan"], "the last active first")
        XCTAssertTrue(app.state[overlay: Picker.self]?.visible.first?.detail.hasPrefix("just now · 3 messages · offline · offline-assistant · #") ?? false,
                      app.state[overlay: Picker.self]?.visible.first?.detail ?? "")
        keys(.down, .enter)
        XCTAssertNil(app.state[overlay: Picker.self])
        XCTAssertEqual(app.state.chat.conversation?.title, "Trip to Japan")
        XCTAssertEqual(app.state.chat.messages.count, 2)
    }

    func testRenameArchiveAndFilter() throws {
        let trip = try conversation("Trip to Japan")
        try conversation("Groceries")
        keys(.ctrl("o"), .down, .text("r"), .ctrl("u"))
        type("Japan in March")
        keys(.enter)
        XCTAssertEqual(try database.conversation(id: trip.id!)?.title, "Japan in March")
        XCTAssertEqual(titles, ["Groceries", "Japan in March"], "renaming keeps the place in the list")

        keys(.home, .text("a"))
        XCTAssertEqual(try database.conversationSummaries().map(\.conversation.title), ["Japan in March", "Groceries"])
        XCTAssertEqual(app.state[overlay: Picker.self]?.visible.last?.dimmed, true, "archived: listed last, dimmed")
        XCTAssertTrue(app.state[overlay: Picker.self]?.visible.last?.detail.contains("· archived ·") ?? false)

        keys(.text("/"))
        type("gro")
        XCTAssertEqual(titles, ["Groceries"], "/ filters, letters go to the filter")
        keys(.escape)
        XCTAssertEqual(titles.count, 2, "Esc clears the filter")
        XCTAssertNotNil(app.state[overlay: Picker.self], "and keeps the list open")
        keys(.escape)
        XCTAssertNil(app.state[overlay: Picker.self])
    }

    func testDeleteAsksAndUndoBringsItBackUntilTheTrashIsPurged() throws {
        let trip = try conversation("Trip to Japan", extra: [0: "kyoto temples"])
        try conversation("Groceries")
        keys(.ctrl("o"), .down, .text("d"))
        XCTAssertEqual(app.state[overlay: Picker.self]?.prompt, .confirmDelete(id: String(trip.id!), title: "Trip to Japan"))
        keys(.text("n"))
        XCTAssertEqual(titles.count, 2, "n keeps it")

        keys(.text("d"), .text("y"))
        XCTAssertEqual(titles, ["Groceries"])
        XCTAssertTrue(app.state[overlay: Picker.self]?.status?.contains("u brings it back until AI Helper quits") ?? false)
        XCTAssertEqual(try database.search("kyoto").count, 0, "a deleted conversation is out of search")
        XCTAssertNil(try database.conversationRecords(id: trip.id!))

        keys(.text("u"))
        XCTAssertEqual(titles, ["Groceries", "Trip to Japan"])
        XCTAssertEqual(try database.search("kyoto").count, 1)

        keys(.end, .text("d"), .text("y"))
        XCTAssertEqual(try database.purgeTrash(), 1, "at exit what was deleted goes for good")
        keys(.text("u"))
        XCTAssertNil(try database.conversation(id: trip.id!))
    }

    func testDeletingTheOpenConversationLeavesANewOne() throws {
        let open = try conversation("Open one")
        app.openConversation(open)
        keys(.ctrl("o"), .text("d"), .text("y"), .escape)
        XCTAssertNil(app.state.chat.conversation)
        XCTAssertTrue(app.state.chat.messages.isEmpty)
    }

    /// Enter on a result opens its conversation at that message, even one older than the 200
    /// the chat opens with; n / N step through the conversation's hits.
    func testSearchOpensAnOldMessageAndNStepsThroughTheHits() throws {
        let long = try conversation("Long one", messages: 400, extra: [10: "the zanzibar ferry leaves at nine", 300: "zanzibar again"])
        try conversation("Other", extra: [1: "nothing here"])
        keys(.ctrl("\\"))
        type("zanz")
        harness.settleSearch()
        let items = try XCTUnwrap(app.state[overlay: Picker.self]?.visible)
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items.first?.highlighted?.filter(\.match).map(\.text), ["zanzibar"])
        let old = try XCTUnwrap(try database.messages(conversationId: long.id!).first { $0.content.hasPrefix("the zanzibar") })
        let index = try XCTUnwrap(items.firstIndex { $0.id == "m:\(long.id!):\(old.id!)" })
        for _ in 0..<index { keys(.down) }
        keys(.enter)
        XCTAssertEqual(app.state.chat.conversation?.id, long.id)
        XCTAssertTrue(app.state.chat.messages.contains { $0.id == old.id }, "the old message is loaded")
        XCTAssertEqual(app.state.chat.messages.last?.content, "message 399 of Long one", "with everything after it")
        XCTAssertEqual(app.state.chat.selectedMessageId, old.id)
        XCTAssertEqual(app.state.chat.search?.hits.count, 2)

        let screen = harness.screen()
        XCTAssertTrue(screen.contains("the zanzibar ferry leaves at nine"), "scrolled to the message:\n\(screen)")
        XCTAssertTrue(app.state.notice?.text.hasPrefix("Hit 1 of 2 for “zanz”") ?? false)

        keys(.text("n"))
        XCTAssertEqual(app.state.chat.selectedMessageId, app.state.chat.search?.hits[1])
        keys(.text("N"), .text("N"))
        XCTAssertEqual(app.state.chat.search?.current, 1, "N wraps around")
        keys(.escape)
        XCTAssertNil(app.state.chat.search)
        keys(.text("n"))
        XCTAssertEqual(app.state.chat.input.text, "n", "without a search, n is a letter")
    }

    func testSlashCommands() throws {
        try conversation("One")
        app.state.chat.input.text = "/search one"
        keys(.enter)
        harness.settleSearch()
        XCTAssertEqual(app.state[overlay: Picker.self]?.purpose, .search)
        XCTAssertEqual(app.state[overlay: Picker.self]?.visible.isEmpty, false, "the words after /search are searched")
        keys(.escape)
        app.state.chat.input.text = "/history"
        keys(.enter)
        XCTAssertEqual(app.state[overlay: Picker.self]?.purpose, .conversations)
        keys(.ctrl("n"))
        XCTAssertNil(app.state[overlay: Picker.self], "Ctrl-N: a new conversation, from the list too")
        XCTAssertNil(app.state.chat.conversation)
    }
}

extension ConversationListTests {
    /// Pasted text goes into the search as one line, without escape sequences.
    func testPastedQueryIsOneCleanLine() throws {
        try conversation("Weather", extra: [0: "rain in paris today"])
        keys(.ctrl("\\"), .paste("rain\n\u{1B}[31mparis"))
        harness.settleSearch()
        XCTAssertEqual(app.state[overlay: Picker.self]?.filter, "rain paris")
        XCTAssertEqual(app.state[overlay: Picker.self]?.visible.count, 1)
    }
}
