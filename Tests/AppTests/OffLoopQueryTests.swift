import XCTest
import Core
import Storage
import Terminal
import Synchronization
@testable import App

/// What is typed into the conversation list's filter and the Tasks filter is answered off the
/// loop: the keys echo at once, the newest text wins, a late answer for older text is dropped.
final class OffLoopQueryTests: XCTestCase {
    private var harness: AppTestHarness!
    private var app: TUIApp { harness.app }

    override func setUpWithError() throws { harness = try AppTestHarness(width: 120, height: 40) }

    private func keys(_ keys: Key...) { app.handle(keys.map(Event.key)) }
    private var picker: Picker? { app.state[overlay: Picker.self] }

    func testANewerRequestSupersedesTheOlderOnes() throws {
        let mailbox = Mailbox(), query = LatestQuery("test", mailbox: mailbox)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let sawItself = Mutex(true)
        query.run { isCurrent in
            started.signal()
            release.wait()
            sawItself.withLock { $0 = isCurrent() }
            return .noticed(Notice(text: "first", kind: .info, expires: nil))
        }
        started.wait()  // the first runs; the second waits behind it and the third supersedes both
        query.run { _ in .noticed(Notice(text: "second", kind: .info, expires: nil)) }
        query.run { _ in .noticed(Notice(text: "third", kind: .info, expires: nil)) }
        release.signal()
        query.waitUntilIdle()
        let posted = mailbox.drain().compactMap { event -> String? in
            if case .result(.noticed(let notice?)) = event { return notice.text }
            return nil
        }
        XCTAssertEqual(posted, ["third"], "only the newest answer is posted")
        XCTAssertFalse(sawItself.withLock { $0 }, "the running one was told it is stale")
    }

    func testALongListOpensOnItsHeadAndTheRestFollows() throws {
        let count = TUIApp.listHead + 50
        try harness.database.bulkInsert(conversations: (0..<count).map { i in
            let date = Date().addingTimeInterval(Double(i - count) * 60)
            return (Conversation(title: "Conversation \(i)", provider: "offline", model: "offline-assistant", createdAt: date, updatedAt: date),
                    [Message(conversationId: 0, role: .user, content: "hello \(i)", createdAt: date)])
        })
        keys(.ctrl("o"))
        XCTAssertEqual(picker?.items.count, TUIApp.listHead, "the first frame has the newest screenfuls")
        XCTAssertEqual(picker?.items.first?.label, "Conversation \(count - 1)")
        app.settle()
        XCTAssertEqual(picker?.items.count, count, "then the whole list")
        keys(.end)
        XCTAssertEqual(picker?.selectedItem?.label, "Conversation 0", "the oldest is reachable")
    }

    func testTheListFilterEchoesAtOnceAndTheNewestTextWins() throws {
        for title in ["Trip to Japan", "Groceries", "Garden plans"] {
            _ = try harness.database.createConversation(title: title, provider: "offline", model: "offline-assistant")
        }
        keys(.ctrl("o"), .text("/"), .text("g"), .text("r"))
        XCTAssertEqual(picker?.filter, "gr", "the letters are in the filter before any answer")
        XCTAssertTrue(picker?.filterPending ?? false)
        XCTAssertTrue(harness.screen().contains("filter: gr▏  filtering…"), harness.screen())
        // An answer for text no longer typed never shows.
        app.handle([.result(.listFiltered(filter: "g", items: []))])
        XCTAssertNil(picker?.filtered)
        app.settle()
        XCTAssertEqual(picker?.visible.map(\.label), ["Groceries", "Garden plans"])
        XCTAssertFalse(harness.screen().contains("filtering…"))
        keys(.text("o"))
        app.settle()
        XCTAssertEqual(picker?.visible.map(\.label), ["Groceries"])
        keys(.escape)
        XCTAssertEqual(picker?.visible.count, 3, "Esc clears the filter")
    }

    func testTheTasksFilterAppliesAsTypedAndDropsALateAnswer() throws {
        let today = app.state.tasks.today
        for title in ["Dentist", "Dinner with Ann", "Gym"] {
            _ = try harness.database.insertTask(TaskItem(title: title, dueDate: today.adding(days: 3)))
        }
        keys(.tab)  // Tasks
        XCTAssertEqual(app.state.focus, .tasks)
        keys(.text("/"), .text("d"))
        XCTAssertTrue(harness.screen().contains("Filter “d” · filtering…"), "no count of the day's list under the filter's name")
        app.settle()
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title).sorted(), ["Dentist", "Dinner with Ann"], "filtered as typed")
        XCTAssertTrue(harness.screen().contains("Filter “d” · 2 found"), harness.screen())
        XCTAssertNotNil(app.state[overlay: Form.self], "the filter's form is still open")
        keys(.text("e"))
        app.handle([.result(.taskFilterLoaded(text: "d", tasks: [], keptRules: []))])
        XCTAssertEqual(app.state.tasks.dayTasks.count, 2, "a late answer for “d” is dropped")
        app.settle()
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Dentist"])
        keys(.escape)
        app.settle()
        XCTAssertEqual(app.state.tasks.mode, .day, "Esc in the form: no filter, as before /")
    }

    func testTheTodosFilterLooksIntoFoldedTodos() throws {
        // 500 subtasks: more than unfold at start, so every todo is folded and its subtasks unread.
        try harness.database.bulkInsert(todos: (0..<100).map { i in
            TodoTree(todo: Todo(title: "List \(i)", position: i),
                     subtasks: (0..<5).map { j in Subtask(todoId: 0, title: "Step \(j) of list \(i)", completed: false, position: j) })
        })
        app.reloadTodos()
        keys(.tab, .tab)
        XCTAssertEqual(app.state.focus, .todos)
        XCTAssertEqual(app.state.todos.expanded, [], "folded")
        for key in "/step 3 of list 42" { app.handle([.key(.text(String(key)))]); app.settle() }
        let titles = app.state.todos.rows.compactMap { $0.subtask?.title }
        XCTAssertEqual(titles, ["Step 3 of list 42"], "a folded todo's subtask is found")
    }

    func testLettersThatCameInOneReadAreCommandsOneByOne() throws {
        _ = try harness.database.createConversation(title: "Groceries", provider: "offline", model: "offline-assistant")
        keys(.ctrl("o"), .text("/gr"))  // a fast typist over ssh: one read
        XCTAssertEqual(picker?.filtering, true, "/ started the filter")
        XCTAssertEqual(picker?.filter, "gr", "and the letters after it went into it")
        keys(.escape, .escape, .tab, .text("/de"))
        XCTAssertEqual(app.state[overlay: Form.self]?.fields.first?.text, "de", "Tasks: / opened the filter, the rest typed in it")
    }
}
