import XCTest
import Storage
import Core
import Terminal
import Agent
import Tools
@testable import App

/// Key scripts through `update`: the app's behavior without a terminal or a database.
final class UpdateTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 11, day: 23)

    private func makeState(width: Int = 120, height: Int = 40) -> AppState {
        AppState(size: Size(width: width, height: height), today: today, providerName: "Offline", modelName: "offline-assistant")
    }

    @discardableResult
    private func type(_ text: String, into state: inout AppState) -> [Effect] {
        update(&state, .key(.text(text)))
    }

    func testTypingThenEnterSendsTrimmedTextAndClearsInput() {
        var state = makeState()
        type("  remind me to call mom  ", into: &state)
        let effects = update(&state, .key(.enter))
        XCTAssertEqual(effects, [.send("remind me to call mom"), .rememberInput("remind me to call mom")])
        XCTAssertEqual(state.chat.input.text, "")
    }

    func testEmptyEnterSendsNothing() {
        var state = makeState()
        XCTAssertEqual(update(&state, .key(.enter)), [])
        type("   ", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [])
    }

    func testAltEnterInsertsNewlineInsteadOfSending() {
        var state = makeState()
        type("line one", into: &state)
        XCTAssertEqual(update(&state, .key(.altEnter)), [])
        type("line two", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.send("line one\nline two"), .rememberInput("line one\nline two")])
    }

    func testPasteWithNewlinesIsOnePieceAndNeverSends() {
        var state = makeState()
        let big = (1...10_000).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertEqual(update(&state, .key(.paste(big))), [])
        XCTAssertEqual(state.chat.input.text, big)
    }

    func testSendingWhileStreamingKeepsTextAndExplains() {
        var state = makeState()
        state.chat.turn = RunningTurn(id: 1, messageId: 2)
        type("second question", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [])
        XCTAssertEqual(state.chat.input.text, "second question")
        XCTAssertNotNil(state.notice)
    }

    func testEscapeCancelsOnlyWhileStreaming() {
        var state = makeState()
        XCTAssertEqual(update(&state, .key(.escape)), [])
        state.chat.turn = RunningTurn(id: 3, messageId: 2)
        XCTAssertEqual(update(&state, .key(.escape)), [.cancelTurn])
    }

    func testSlashCommands() {
        var state = makeState()
        type("/new", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.newConversation, .rememberInput("/new")])
        type("/help", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.rememberInput("/help")])
        XCTAssertNotNil(state[overlay: HelpView.self])
        XCTAssertEqual(update(&state, .key(.text("x"))), [], "any key closes help")
        XCTAssertNil(state[overlay: HelpView.self])
        type("/frobnicate", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [])
        XCTAssertEqual(state.notice?.kind, .error)
        XCTAssertTrue(state.notice?.text.contains("/frobnicate") ?? false)
        state.chat.input.text = ""
        type("/quit", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.quit])
        XCTAssertTrue(state.shouldQuit)
    }

    func testCtrlQQuitsFromEveryPane() {
        for pane in PaneID.allCases {
            var state = makeState()
            state.focus = pane
            XCTAssertEqual(update(&state, .key(.ctrl("q"))), [.quit])
        }
    }

    func testFocusMovesWithTabShiftTabAndAltDigits() {
        var state = makeState()
        _ = update(&state, .key(.tab))
        XCTAssertEqual(state.focus, .tasks)
        _ = update(&state, .key(.tab))
        XCTAssertEqual(state.focus, .todos)
        _ = update(&state, .key(.tab))
        XCTAssertEqual(state.focus, .chat)
        _ = update(&state, .key(.backTab))
        XCTAssertEqual(state.focus, .todos)
        _ = update(&state, .key(.alt("2")))
        XCTAssertEqual(state.focus, .tasks)
        _ = update(&state, .key(.alt("1")))
        XCTAssertEqual(state.focus, .chat)
    }

    func testCalendarNavigation() {
        var state = makeState()
        state.focus = .tasks
        XCTAssertEqual(update(&state, .key(.right)), [.reloadTasks])
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2026, month: 11, day: 24))
        _ = update(&state, .key(.text("j")))
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2026, month: 12, day: 1))
        _ = update(&state, .key(.text("]")))
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2027, month: 1, day: 1))
        _ = update(&state, .key(.text("{")))
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2026, month: 1, day: 1))
        _ = update(&state, .key(.text(".")))
        XCTAssertEqual(state.tasks.selected, today)
        state.tasks.selected = CivilDate(year: 2027, month: 1, day: 31)
        _ = update(&state, .key(.text("]")))
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2027, month: 2, day: 28), "clamped to the month's end")
    }

    func testStreamedTextAppendsAndFinishedEndsTheTurn() {
        var state = makeState()
        let answer = Message(id: 2, conversationId: 1, role: .assistant, content: "", status: .streaming)
        state.chat.messages = [Message(id: 1, conversationId: 1, role: .user, content: "hi"), answer]
        state.chat.turn = RunningTurn(id: 1, messageId: 2)
        _ = update(&state, .agent(turnId: 1, .textDelta(messageId: 2, "Hello ")))
        _ = update(&state, .agent(turnId: 1, .textDelta(messageId: 2, "there")))
        XCTAssertEqual(state.chat.messages[1].content, "Hello there")
        var final = answer
        final.content = "Hello there"
        final.status = .complete
        _ = update(&state, .agent(turnId: 1, .finished(final)))
        XCTAssertFalse(state.chat.isStreaming)
        XCTAssertNil(state.chat.streamingMessageId)
        XCTAssertEqual(state.chat.messages[1].status, .complete)
    }

    /// r and /retry after a failed or cancelled answer are the same retry as r on a selected
    /// answer: the question's new version (a branch), not the question sent a second time.
    func testFailedAnswerShowsItsErrorAndRetryAsksAgainAsABranch() {
        var state = makeState()
        var failed = Message(id: 2, conversationId: 1, role: .assistant, content: "", status: .error)
        failed.errorText = "The provider is overloaded. Try again in a minute."
        state.chat.messages = [Message(id: 1, conversationId: 1, role: .user, content: "plan my week"), failed]
        state.chat.turn = RunningTurn(id: 1, messageId: 2)
        _ = update(&state, .agent(turnId: 1, .finished(failed)))
        XCTAssertEqual(state.notice?.text, failed.errorText)
        XCTAssertEqual(update(&state, .key(.text("r"))), [.resendEdited(messageId: 1, text: "plan my week")])
        XCTAssertNil(state.notice, "the old error is not left up")

        state.chat.messages[1].status = .interrupted
        type("/retry", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.resendEdited(messageId: 1, text: "plan my week"), .rememberInput("/retry")])

        state.chat.messages[1].status = .complete
        type("/retry", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.rememberInput("/retry")])
        XCTAssertTrue(state.notice?.text.hasPrefix("Nothing to retry") == true, "/retry with nothing failed says so")
    }

    func testDataChangeSelectsTheTaskDayAndReloads() {
        var state = makeState()
        let day = CivilDate(year: 2026, month: 12, day: 4)
        let effects = update(&state, .agent(turnId: 1, .dataChanged(DataChange(tasks: true, focusDate: day, focusTaskId: 7))))
        XCTAssertEqual(effects, [.refresh(tasks: true, todos: false)])
        XCTAssertEqual(state.tasks.selected, day)
        XCTAssertEqual(state.tasks.focusTaskId, 7, "selected once the list has loaded again")
        XCTAssertEqual(update(&state, .agent(turnId: 1, .dataChanged(DataChange(todos: true)))), [.refresh(tasks: false, todos: true)])
        XCTAssertEqual(update(&state, .agent(turnId: 1, .dataChanged(DataChange()))), [], "nothing changed, nothing loaded")
    }

    func testTimelineStepsAreAddedThenUpdatedInPlace() {
        var state = makeState()
        var step = TimelineStep(id: 7, messageId: 2, position: 0, kind: .toolCall, title: "create_task", status: .running)
        _ = update(&state, .agent(turnId: 1, .step(step)))
        step.status = .done
        step.duration = 0.004
        _ = update(&state, .agent(turnId: 1, .step(step)))
        XCTAssertEqual(state.chat.steps[2]?.count, 1)
        XCTAssertEqual(state.chat.steps[2]?.first?.status, .done)
    }

    func testApprovalQuestionTakesYesOrNoAndIgnoresOtherKeys() {
        var state = makeState()
        XCTAssertEqual(update(&state, .approvalRequested(ApprovalRequest(id: 5, question: "Allow delete_task?"))), [.bell])
        XCTAssertEqual(update(&state, .key(.text("x"))), [])
        XCTAssertNotNil(state.pendingApproval)
        XCTAssertEqual(update(&state, .key(.text("y"))), [.answerApproval(id: 5, allow: true)])
        XCTAssertNil(state.pendingApproval)
        _ = update(&state, .approvalRequested(ApprovalRequest(id: 6, question: "Allow?")))
        XCTAssertEqual(update(&state, .key(.escape)), [.answerApproval(id: 6, allow: false)])
    }

    func testScrollingUpStopsFollowingAndEndReturnsToBottom() {
        var state = makeState()
        var view = ViewState()
        view.chat.height = 20
        _ = update(&state, .key(.pageUp), view: view)
        XCTAssertEqual(state.chat.scroll.rowsFromBottom, 18)
        _ = update(&state, .key(.pageDown), view: view)
        XCTAssertEqual(state.chat.scroll.rowsFromBottom, 0)
        _ = update(&state, .key(.pageUp), view: view)
        _ = update(&state, .key(.end), view: view)
        XCTAssertEqual(state.chat.scroll.rowsFromBottom, 0)
    }

    func testTodoTreeFoldingAndSelection() {
        var state = makeState()
        state.focus = .todos
        let todo = Todo(id: 1, title: "Packing list")
        let subs = ["Passport", "Charger", "Socks"].enumerated().map {
            Subtask(id: Int64($0.offset + 10), todoId: 1, title: $0.element, position: $0.offset)
        }
        state.todos.setTrees([TodoTree(todo: todo, subtasks: subs), TodoTree(todo: Todo(id: 2, title: "Groceries"), subtasks: [])])
        XCTAssertEqual(state.todos.rows.map(\.section?.title), ["In Progress · 2", nil, nil], "todos start folded, under a section")
        XCTAssertEqual(state.todos.selectedRow, 1, "the section header is never selected")
        XCTAssertEqual(update(&state, .key(.text("Z"))), [], "subtasks already loaded: no reload")
        XCTAssertEqual(state.todos.rows.count, 6)
        _ = update(&state, .key(.down))
        _ = update(&state, .key(.down))
        XCTAssertEqual(state.todos.rows[state.todos.selectedRow].subtask?.title, "Charger")
        _ = update(&state, .key(.left))
        XCTAssertEqual(state.todos.rows.count, 3, "folded")
        XCTAssertEqual(state.todos.selectedRow, 1, "selection moved to the folded todo")
        _ = update(&state, .key(.text("Z")))
        XCTAssertEqual(state.todos.rows.count, 6)
        _ = update(&state, .key(.text("z")))
        XCTAssertEqual(state.todos.rows.count, 3)
        _ = update(&state, .key(.up))
        XCTAssertEqual(state.todos.selectedRow, 1, "up from the first todo stays off the header")
    }

    func testUnfoldingATodoWhoseSubtasksWereNotLoadedAsksForThem() {
        var state = makeState()
        state.focus = .todos
        state.todos.setTrees([TodoTree(todo: Todo(id: 1, title: "Big"), subtaskCount: 3, doneCount: 1)])
        XCTAssertEqual(update(&state, .key(.right)), [.reloadTodos])
        XCTAssertEqual(state.todos.expanded, [1])
        let loaded = (0..<3).map { Subtask(id: Int64(10 + $0), todoId: 1, title: "s\($0)", completed: $0 == 0, position: $0) }
        XCTAssertFalse(state.todos.setTrees([TodoTree(todo: Todo(id: 1, title: "Big"), subtasks: loaded)]))
        XCTAssertEqual(state.todos.rows.map(\.subtask?.title), [nil, nil, "s0", "s1", "s2"])
    }

    func testATodoThatAppearsAfterTheFirstLoadIsUnfolded() {
        var state = makeState()
        state.todos.setTrees([TodoTree(todo: Todo(id: 1, title: "Old"), subtaskCount: 2, doneCount: 0)])
        XCTAssertEqual(state.todos.expanded, [], "the first load keeps everything folded")
        let new = TodoTree(todo: Todo(id: 2, title: "New"), subtaskCount: 2, doneCount: 0)
        XCTAssertTrue(state.todos.setTrees([TodoTree(todo: Todo(id: 1, title: "Old"), subtaskCount: 2, doneCount: 0), new]),
                      "the new todo is unfolded and its subtasks must be loaded")
        XCTAssertEqual(state.todos.expanded, [2])
    }

    func testLayoutModesFollowTheWidth() {
        XCTAssertEqual(Layout(size: Size(width: 39, height: 30), focus: .chat).mode, .tooSmall)
        XCTAssertEqual(Layout(size: Size(width: 80, height: 11), focus: .chat).mode, .tooSmall)
        let narrow = Layout(size: Size(width: 80, height: 24), focus: .tasks)
        XCTAssertEqual(narrow.mode, .narrow)
        XCTAssertEqual(Array(narrow.panes.keys), [.tasks])
        XCTAssertEqual(Layout(size: Size(width: 120, height: 40), focus: .chat).mode, .medium)
        let wide = Layout(size: Size(width: 200, height: 50), focus: .chat)
        XCTAssertEqual(wide.mode, .wide)
        let widths = PaneID.allCases.map { wide.panes[$0]!.width }
        XCTAssertEqual(widths.reduce(0, +), 200, "the panes fill the width")
    }

    func testProviderAndModelCommandsOpenPickersOrSwitchDirectly() {
        var state = makeState()
        type("/provider", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.openProviderPicker, .rememberInput("/provider")])
        type("/model gpt-4o-mini", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.switchProvider(provider: nil, model: "gpt-4o-mini"), .rememberInput("/model gpt-4o-mini")])
        type("/provider anthropic", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.switchProvider(provider: "anthropic", model: nil), .rememberInput("/provider anthropic")])
        type("/keys", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.checkKey], "a line that was a key is not kept")
        XCTAssertEqual(state.chat.input.text, "", "commands leave the input empty")
    }

    /// /remind and /list are messages for the agent, not commands of the app.
    func testRemindAndListAreSentToTheAgent() {
        var state = makeState()
        type("/remind call mom tomorrow", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.send("/remind call mom tomorrow"), .rememberInput("/remind call mom tomorrow")])
        type("/List packing", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [.send("/List packing"), .rememberInput("/List packing")])
        type("/remindme", into: &state)
        XCTAssertEqual(update(&state, .key(.enter)), [], "not the command: an unknown one")
        XCTAssertTrue(state.notice?.text.hasPrefix("Unknown command /remindme") == true)
    }

    func testPickerFiltersMovesAndChooses() {
        var state = makeState()
        state[overlay: Picker.self] = Picker(purpose: .model, title: "Model", items: ["gpt-4.1", "gpt-4o-mini", "o4-mini"].map {
            Picker.Item(id: $0, label: $0, detail: "")
        }, current: "gpt-4.1")
        for letter in ["m", "i", "n", "i"] { type(letter, into: &state) }
        XCTAssertEqual(state[overlay: Picker.self]?.visible.map(\.id), ["gpt-4o-mini", "o4-mini"])
        _ = update(&state, .key(.down))
        _ = update(&state, .key(.down))
        XCTAssertEqual(state[overlay: Picker.self]?.selected, 1, "the cursor stops at the last match")
        for _ in 0..<4 { _ = update(&state, .key(.backspace)) }
        XCTAssertEqual(state[overlay: Picker.self]?.visible.count, 3)
        XCTAssertEqual(state.chat.input.text, "", "typing goes to the filter, not the input")
        _ = update(&state, .key(.down))
        XCTAssertEqual(update(&state, .key(.enter)), [.switchProvider(provider: nil, model: "gpt-4o-mini")])
        XCTAssertNil(state[overlay: Picker.self])

        state[overlay: Picker.self] = Picker(purpose: .provider, title: "Provider", items: [Picker.Item(id: "openai", label: "OpenAI", detail: "")])
        XCTAssertEqual(update(&state, .key(.escape)), [])
        XCTAssertNil(state[overlay: Picker.self], "Esc closes without a choice")
    }

    func testALiveListKeepsTheHighlightedModel() {
        var state = makeState()
        let items = ["a", "b", "c"].map { Picker.Item(id: $0, label: $0, detail: "") }
        state[overlay: Picker.self] = Picker(purpose: .model, title: "Model", items: items, current: "a")
        _ = update(&state, .key(.down))
        _ = update(&state, .modelsListed(["x", "b", "y"].map { Picker.Item(id: $0, label: $0, detail: "") }, status: "3 models, live list"))
        XCTAssertEqual(state[overlay: Picker.self]?.visible[state[overlay: Picker.self]!.selected].id, "b")
        XCTAssertEqual(state[overlay: Picker.self]?.status, "3 models, live list")
    }

    func testRetryWaitCountsDownOnTheStatusBar() {
        var state = makeState()
        _ = update(&state, .agent(turnId: 1, .waiting(seconds: 3, reason: "OpenAI is rate limiting requests (429).")))
        let start = state.clock
        XCTAssertEqual(state.notice?.display(at: start), "Retrying in 3 s · OpenAI is rate limiting requests (429).")
        _ = update(&state, .tick(start.addingTimeInterval(1.2)))
        XCTAssertEqual(state.notice?.display(at: state.clock), "Retrying in 2 s · OpenAI is rate limiting requests (429).")
        _ = update(&state, .tick(start.addingTimeInterval(3.1)))
        XCTAssertNil(state.notice, "the notice goes when the wait is over")
    }

    func testUsageTextOnTheStatusBar() {
        XCTAssertEqual(StatusBar.usageText(UsageTotals(inputTokens: 20, outputTokens: 11)), "31 tok")
        XCTAssertEqual(StatusBar.usageText(UsageTotals(inputTokens: 10_000, outputTokens: 2_345, cost: 0.0042)), "12.3k tok · $0.0042")
        XCTAssertEqual(StatusBar.usageText(UsageTotals(inputTokens: 9, outputTokens: 1, cost: 0.00001)), "10 tok · <$0.0001")
        XCTAssertEqual(StatusBar.usageText(UsageTotals(inputTokens: 100_000, outputTokens: 0, cost: 1.5)), "100.0k tok · $1.50")
    }
}
