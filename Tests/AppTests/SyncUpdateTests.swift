import XCTest
import Sync
import Core
import Terminal
@testable import App

/// Sync in the TUI, through `update` and the renderer: when runs start (on start, by the
/// interval, after a local change), never two at once, the status bar, `/sync`, the conflict key.
final class SyncUpdateTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    static let account = SyncAccountSummary(name: "home", kind: "caldav", intervalMinutes: 5, conflicts: "ask")
    static let t0 = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23 10:00 UTC

    private func state(width: Int = 80, height: Int = 24, focus: PaneID = .chat) -> AppState {
        var state = SnapshotFixture.state(width: width, height: height, focus: focus)
        state.clock = Self.t0
        return state
    }

    private func statusLine(_ state: AppState) -> String {
        screenText(state).split(separator: "\n").last.map(String.init) ?? ""
    }

    func testNoAccountMeansNothingOfSync() {
        var state = state()
        let before = statusLine(state)
        XCTAssertEqual(update(&state, .sync(.accountsRead([], conflicts: []))), [])
        state.clock = Self.t0.addingTimeInterval(3600)
        XCTAssertEqual(update(&state, .tick(state.clock)), [.sync(.readAccounts)], "only a look for an account")
        _ = update(&state, .sync(.localChange))
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(3700))), [], "no run, no second look before the answer")
        XCTAssertEqual(statusLine(state), before, "no ⟳ ✓ ⚠ without an account")
        XCTAssertFalse(statusLine(state).contains("⟳"))
    }

    /// A run that could not reach its server is tried again sooner than the interval (30 s, then
    /// 1, 2, 4 minutes, never past it); a refused password waits for the interval; one that
    /// ends well puts the interval back.
    func testAnUnreachableServerIsTriedAgainSoonerEachTimeLessSoon() {
        var state = state()
        _ = update(&state, .sync(.accountsRead([Self.account], conflicts: [])))
        func end(_ reason: SyncReason?) -> TimeInterval? {
            let failures = reason.map { [SyncProblemSummary(href: nil, message: "why", reason: $0)] } ?? []
            _ = update(&state, .sync(.finished([SyncRunSummary(account: "home", startedAt: state.clock, finishedAt: state.clock,
                                                               failures: failures)], conflicts: [])))
            return state.sync.nextRunAt?.timeIntervalSince(state.clock)
        }
        let offline = SyncReason(.unreachable, "http://h/")
        XCTAssertEqual([end(offline), end(offline), end(offline), end(offline), end(offline)], [30, 60, 120, 240, 300])
        XCTAssertEqual(end(nil), 300, "a good run: the interval")
        XCTAssertEqual(end(offline), 30, "counted again from the start")
        XCTAssertEqual(end(SyncReason(.unauthorized, "401")), 300, "a wrong password is not retried sooner")
    }

    /// An account set up while the app runs (`aihelper sync setup` in another terminal): with
    /// none, config.toml is looked at again every 30 s; the first account found runs at once.
    func testAnAccountAddedWhileRunningIsPickedUpAndRuns() {
        var state = state()
        state.clock = Self.t0
        XCTAssertEqual(update(&state, .sync(.accountsRead([], conflicts: []))), [])
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(29))), [], "not before 30 s")
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(30))), [.sync(.readAccounts)])
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(31))), [], "one look at a time")
        XCTAssertEqual(update(&state, .sync(.accountsRead([], conflicts: []))), [], "still none")
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(61))), [.sync(.readAccounts)], "the next look")
        XCTAssertEqual(update(&state, .sync(.accountsRead([Self.account], conflicts: []))), [.sync(.run)], "found: a run at once")
        XCTAssertTrue(statusLine(state).contains("⟳"), statusLine(state))
        XCTAssertNil(state.sync.accountsCheckAt, "with an account, each run reads the accounts again")
        // The accounts read again after a run: a second account is listed, no run twice.
        let second = SyncAccountSummary(name: "phone", kind: "vdir", intervalMinutes: 2, conflicts: "ask")
        _ = update(&state, .sync(.finished([SyncRunSummary(account: "home", startedAt: Self.t0, finishedAt: Self.t0)], conflicts: [])))
        XCTAssertEqual(update(&state, .sync(.accountsRead([Self.account, second], conflicts: []))), [])
        XCTAssertEqual(state.sync.accounts.map(\.name), ["home", "phone"])
        // All removed: back to looking.
        XCTAssertEqual(update(&state, .sync(.accountsRead([], conflicts: []))), [])
        XCTAssertNotNil(state.sync.accountsCheckAt)
    }

    func testRunsOnStartThenByTheIntervalNeverTwoAtOnce() {
        var state = state()
        XCTAssertEqual(update(&state, .sync(.accountsRead([Self.account], conflicts: []))), [.sync(.run)], "the first run at once")
        XCTAssertTrue(statusLine(state).contains("⟳"), statusLine(state))
        // While it runs: no second, even past the interval.
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(600))), [])
        state.clock = Self.t0.addingTimeInterval(2)
        let run = SyncRunSummary(account: "home", startedAt: Self.t0, finishedAt: Self.t0.addingTimeInterval(2), pulled: 3, pushed: 1)
        XCTAssertEqual(update(&state, .sync(.finished([run], conflicts: []))), [.refresh(tasks: false, todos: false)])
        XCTAssertTrue(statusLine(state).contains("✓ 10:00"), statusLine(state))
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(2 + 299))), [], "not before 5 minutes")
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(2 + 300))), [.sync(.run)])
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(2 + 301))), [], "one at a time")
    }

    func testALocalChangeRunsAfterTheDebounceAndChangesInARowMakeOneRun() {
        var state = state()
        _ = update(&state, .sync(.accountsRead([Self.account], conflicts: [])))
        _ = update(&state, .sync(.finished([SyncRunSummary(account: "home", startedAt: Self.t0, finishedAt: Self.t0)], conflicts: [])))
        state.clock = Self.t0.addingTimeInterval(10)
        _ = update(&state, .sync(.localChange))
        state.clock = Self.t0.addingTimeInterval(12)
        _ = update(&state, .sync(.localChange))  // another edit: the run waits for the last
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(14))), [])
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(15))), [.sync(.run)])
        XCTAssertNil(state.sync.changeDueAt)
    }

    func testAFailureShowsItsReasonCleanedAndShortAt80Columns() {
        var state = state()
        _ = update(&state, .sync(.accountsRead([Self.account], conflicts: [])))
        let failed = SyncRunSummary(account: "home", startedAt: Self.t0, finishedAt: Self.t0,
                                    failure: "could not reach \u{1B}[31mdav.example.com\u{1B}]0;pwned\u{07}: connection refused (offline)")
        _ = update(&state, .sync(.finished([failed], conflicts: [])))
        let line = statusLine(state)
        XCTAssertTrue(line.contains("⚠ could not"), line)
        XCTAssertFalse(line.contains("\u{1B}") || line.contains("pwned"), line)
        XCTAssertEqual(TextWidth.of(line), 80, "the bar keeps its width")
        XCTAssertTrue(line.contains("Call mom"), "the conversation's title still shows: \(line)")
        guard case .failed(let why) = state.sync.phase else { return XCTFail("failed") }
        XCTAssertEqual(why.map(\.message), [failed.failure], "the reason kept as it came; the bar cleans it when drawn")
        // The next run retries (the engine kept the queue) at the interval.
        XCTAssertEqual(update(&state, .tick(Self.t0.addingTimeInterval(300))), [.sync(.run)])
    }

    func testSyncViewListsTheRunAndSyncsNowWithS() throws {
        var state = state()
        _ = update(&state, .sync(.accountsRead([Self.account], conflicts: [])))
        let run = SyncRunSummary(account: "home", startedAt: Self.t0, finishedAt: Self.t0.addingTimeInterval(65), pulled: 12, pushed: 3, deleted: 1,
                                 conflicts: 1, problems: [SyncProblemSummary(href: "/cal/bad.ics", message: "malformed \u{1B}[2JVEVENT")],
                                 changes: [SyncItemChange(.pulled, .tasks, "Gym\u{1B}]0;owned\u{7}"), SyncItemChange(.deletedThere, .contacts, "Ann")]
                                     + (0..<10).map { SyncItemChange(.pushed, .todos, "Todo \($0)") })
        let conflict = SyncConflictSummary(id: 7, account: "home", item: .task, localId: 1, title: "Dentist", serverTitle: "Dentist at 5")
        _ = update(&state, .sync(.finished([run], conflicts: [conflict])))
        state.chat.input.text = "/sync"
        XCTAssertTrue(update(&state, .key(.enter)).contains(.sync(.readAccounts)))
        XCTAssertNotNil(state[overlay: SyncView.self])
        for (width, height) in [(80, 24), (120, 40)] {
            state.size = Size(width: width, height: height)
            let text = screenText(state)
            for expected in ["Sync", "home", "✓ 10:01", "12 pulled · 3 pushed · 1 deleted · 1 conflict", "/cal/bad.ics — malformed VEVENT",
                             "task “Dentist” — the server's: “Dentist at 5”", "2026-11-23 10:01"] {
                XCTAssertTrue(text.contains(expected), "\(width)×\(height) lacks \(expected):\n\(text)")
            }
            XCTAssertFalse(text.contains("\u{1B}"))
        }
        // What the run changed, after the problems and conflicts: scrolled to.
        for _ in 0..<3 { _ = update(&state, .key(.pageDown)) }
        let end = screenText(state)
        for expected in ["What the last run changed:", "pulled task “Gym”", "deleted on the server contact “Ann”", "pushed to-do “Todo 5”",
                         "… and 4 more (aihelper sync --status --json lists them)"] {
            XCTAssertTrue(end.contains(expected), "lacks \(expected):\n\(end)")
        }
        XCTAssertFalse(end.contains("\u{1B}") || end.contains("owned\u{7}"))
        XCTAssertEqual(update(&state, .key(.text("s"))), [.sync(.run)])
        XCTAssertTrue(screenText(state).contains("⟳ syncing…"))
        XCTAssertEqual(update(&state, .key(.text("s"))), [], "not while one runs")
        _ = update(&state, .key(.escape))
        XCTAssertNil(state[overlay: SyncView.self])
        Strings.use(.simplifiedChinese)
        _ = update(&state, .sync(.finished([run], conflicts: [conflict])))
        _ = openSyncView(&state)
        let chinese = screenText(state)
        XCTAssertTrue(chinese.contains("拉取 12 · 推送 3 · 删除 1 · 冲突 1"), chinese)
        for _ in 0..<3 { _ = update(&state, .key(.pageDown)) }
        XCTAssertTrue(screenText(state).contains("拉取任务“Gym”"), screenText(state))
    }

    func testSyncViewWithoutAccountSaysHowToAddOne() {
        var state = state()
        _ = openSyncView(&state)
        XCTAssertTrue(screenText(state).contains("No sync account"), screenText(state))
    }

    func testConflictMarkAndKeyInTasks() {
        var state = state(width: 80, height: 24, focus: .tasks)
        state.sync.accounts = [Self.account]
        let conflict = SyncConflictSummary(id: 7, account: "home", item: .task, localId: 1, title: "Dentist", serverTitle: "Dentist at 5")
        _ = update(&state, .sync(.resolved(conflicts: [conflict], failure: nil)))
        XCTAssertTrue(screenText(state).contains("⚠ Dentist"), screenText(state))
        state.tasks.selectedTask = 0
        XCTAssertEqual(state.tasks.selectedItem?.id, 1)
        XCTAssertEqual(update(&state, .key(.text("C"))), [])
        let choice = try? XCTUnwrap(state[overlay: Choice.self])
        XCTAssertEqual(choice?.options.map(\.key), ["m", "s", "b"])
        XCTAssertTrue(screenText(state).contains("Dentist at 5"))
        XCTAssertEqual(update(&state, .key(.text("s"))), [.sync(.resolve(conflict: 7, keep: .server))])
        // Another task has no conflict: C says so.
        state.tasks.selectedTask = 1
        _ = update(&state, .key(.text("C")))
        XCTAssertNil(state[overlay: Choice.self])
        XCTAssertEqual(state.notice?.text, tr.sync.noConflict)
    }

    func testConflictMarkAndKeyInTodos() {
        var state = state(width: 80, height: 24, focus: .todos)
        guard let row = state.todos.rows.first(where: { $0.section == nil && $0.subtask == nil }),
              let todoId = state.todos.tree(row.todoId)?.todo.id else { return XCTFail("the fixture has todos") }
        let title = state.todos.tree(row.todoId)!.todo.title
        state.sync.conflicts = [SyncConflictSummary(id: 3, account: "home", item: .todo, localId: todoId, title: title)]
        XCTAssertTrue(screenText(state).contains("⚠ " + title), screenText(state))
        state.todos.selectedRow = state.todos.rows.firstIndex { $0.todoId == row.todoId && $0.subtask == nil }!
        _ = update(&state, .key(.text("C")))
        XCTAssertEqual(update(&state, .key(.text("b"))), [.sync(.resolve(conflict: 3, keep: .both))])
    }

    /// The Contacts view marks a contact in conflict and C there asks the same three sides; a
    /// pick (or a run's end) reads the view again, so the mark goes once the conflict is gone.
    func testConflictMarkAndKeyInContacts() {
        var state = state(width: 80, height: 24)
        state.sync.accounts = [Self.account]
        let ann = Contact(id: 4, name: "Ann Lee", email: "ann@example.com"), bob = Contact(id: 5, name: "Bob")
        state[overlay: RecordsView.self] = RecordsView(kind: .contacts, records: [.contact(ann), .contact(bob)])
        _ = update(&state, .sync(.accountsRead([Self.account], conflicts: [
            SyncConflictSummary(id: 9, account: "home", item: .contact, localId: 4, title: "Ann Lee", serverTitle: "Ann Lee-Smith")])))
        XCTAssertTrue(screenText(state).contains("› ⚠ Ann Lee"), screenText(state))
        XCTAssertFalse(screenText(state).contains("⚠ Bob"))
        XCTAssertEqual(update(&state, .key(.text("C"))), [])
        XCTAssertTrue(screenText(state).contains("Ann Lee-Smith"), screenText(state))
        XCTAssertEqual(update(&state, .key(.text("s"))), [.sync(.resolve(conflict: 9, keep: .server))])
        XCTAssertNotNil(state[overlay: RecordsView.self], "the view stays under the choice")
        XCTAssertEqual(update(&state, .sync(.resolved(conflicts: [], failure: nil))),
                       [.refresh(tasks: true, todos: true), .records(.open(.contacts))])
        XCTAssertFalse(screenText(state).contains("⚠ Ann"), screenText(state))
        _ = update(&state, .key(.down))
        _ = update(&state, .key(.text("C")))
        XCTAssertNil(state[overlay: Choice.self])
        XCTAssertEqual(state.notice?.text, tr.sync.noConflict)
    }
}
