import XCTest
import Core
import Terminal
@testable import App

/// The slash-command popup, key by key through `update`: a view of the input that takes only
/// ↑ ↓ Tab Enter Esc while it shows.
final class CompletionTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private func makeState() -> AppState {
        AppState(size: Size(width: 120, height: 40), today: CivilDate(year: 2026, month: 11, day: 23),
                 providerName: "Offline", modelName: "offline-assistant")
    }

    @discardableResult
    private func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { update(&state, .key($0)) }
    }

    private func rows(_ state: AppState) -> [String] { CompletionPopup.of(state)?.rows.map(\.text) ?? [] }

    func testSlashListsTheCommandsWithWhatTheyDo() {
        var state = makeState()
        press(&state, .text("/"))
        let popup = CompletionPopup.of(state)
        XCTAssertEqual(popup?.rows.count, SlashCommand.all.count)
        XCTAssertEqual(popup?.rows.first?.detail, "the keys and commands")
        Strings.use(.simplifiedChinese)
        XCTAssertEqual(CompletionPopup.of(state)?.rows.first?.detail, "按键与命令")
    }

    func testTypingFiltersAndTabCompletesWithASpaceForTheArgument() {
        var state = makeState()
        press(&state, .text("/"), .text("t"), .text("h"))
        XCTAssertEqual(rows(state).first, "/theme")
        let effects = press(&state, .tab)
        XCTAssertEqual(state.chat.input.text, "/theme ")
        XCTAssertEqual(effects, [.listCompletions(.themes)], "the themes are asked for once")
        XCTAssertEqual(state.focus, .chat, "Tab completed instead of changing the pane")
        XCTAssertEqual(CompletionPopup.of(state)?.empty, "loading…")
        _ = update(&state, .result(.completionsListed(.themes, ["dark", "light", "solarized-dark"].map { Picker.Item(id: $0, label: $0, detail: "") })))
        press(&state, .text("sd"))
        XCTAssertEqual(rows(state), ["solarized-dark"])
        XCTAssertEqual(press(&state, .text("x")), [], "typing on asks nothing again")
        press(&state, .backspace)
        press(&state, .enter)
        XCTAssertEqual(state.chat.input.text, "/theme solarized-dark", "Enter completes a partial argument")
        XCTAssertEqual(press(&state, .enter), [.switchTheme("solarized-dark"), .rememberInput("/theme solarized-dark")], "and runs the complete one")
    }

    func testUpDownChooseAndWrap() {
        var state = makeState()
        press(&state, .text("/se"))
        XCTAssertEqual(Array(rows(state).prefix(2)), ["/search", "/settings"])
        press(&state, .down)
        XCTAssertEqual(CompletionPopup.of(state)?.selected, 1)
        press(&state, .up, .up)
        XCTAssertEqual(CompletionPopup.of(state)?.selected, rows(state).count - 1, "up from the first wraps to the last")
        XCTAssertEqual(state.chat.input.text, "/se", "the history was not walked")
        press(&state, .text("t"))
        XCTAssertEqual(CompletionPopup.of(state)?.selected, 0, "a new text chooses afresh")
    }

    func testEnterRunsACommandThatNeedsNoArgument() {
        var state = makeState()
        press(&state, .text("/ne"))
        XCTAssertEqual(press(&state, .enter), [.newConversation, .rememberInput("/new")])
        XCTAssertEqual(state.chat.input.text, "")
        // A command typed whole runs as it always did.
        press(&state, .text("/theme"))
        XCTAssertEqual(press(&state, .enter), [.openThemePicker, .rememberInput("/theme")])
    }

    func testEscClosesThePopupAndKeepsTheText() {
        var state = makeState()
        press(&state, .text("/mo"))
        XCTAssertNotNil(CompletionPopup.of(state))
        XCTAssertEqual(press(&state, .escape), [])
        XCTAssertNil(CompletionPopup.of(state))
        XCTAssertEqual(state.chat.input.text, "/mo")
        XCTAssertNil(state.chat.selectedMessageId)
        press(&state, .text("d"))
        XCTAssertNotNil(CompletionPopup.of(state), "typing opens it again")
    }

    /// Bad input: nothing matches. The popup says so (it stays, so Tab does not leave the
    /// pane under it), Enter sends the text as typed, and the unknown command is not sent.
    func testNoMatchesSaysSoAndEnterNamesTheNearestCommand() {
        var state = makeState()
        press(&state, .text("/thme"))
        XCTAssertEqual(rows(state).first, "/theme", "a fuzzy match still")
        press(&state, .escape)
        state.chat.completion.closedOver = nil
        state.chat.input.text = "/zzz"
        XCTAssertEqual(rows(state), [])
        XCTAssertEqual(CompletionPopup.of(state)?.empty, "no command matches “/zzz”")
        XCTAssertEqual(press(&state, .tab), [])
        XCTAssertEqual(state.focus, .chat)
        state.chat.input.text = "/thme x"
        XCTAssertEqual(press(&state, .enter), [], "an unknown command is never sent")
        XCTAssertEqual(state.notice?.text, "Unknown command /thme — did you mean /theme?")
        state.chat.input.text = "/qqqqqqqq"
        press(&state, .enter)
        XCTAssertTrue(state.notice?.text.hasPrefix("Unknown command /qqqqqqqq. Commands: /help") ?? false, state.notice?.text ?? "")
        Strings.use(.simplifiedChinese)
        state.chat.input.text = "/modle"
        press(&state, .enter)
        XCTAssertEqual(state.notice?.text, "未知命令 /modle——你是想用 /model 吗？")
    }

    func testArgumentsOfProviderModelAndAttach() {
        var state = makeState()
        state.chat.input.text = "/provider "
        XCTAssertEqual(followInput(&state), [.listCompletions(.providers)])
        state.chat.input.text = "/model gp"
        XCTAssertEqual(followInput(&state), [.listCompletions(.models)])
        _ = update(&state, .modelsListed(["gpt-4o", "gpt-4o-mini", "o3"].map { Picker.Item(id: $0, label: $0, detail: "") }, status: nil))
        XCTAssertEqual(rows(state), ["gpt-4o", "gpt-4o-mini"], "the live list the model picker reads feeds it too")
        _ = update(&state, .modelsListed(["gpt-4o-mini", "gpt-4o"].map { Picker.Item(id: $0, label: $0, detail: "") }, status: nil))
        state.chat.input.text = "/model gpt-4o"
        XCTAssertEqual(rows(state), ["gpt-4o", "gpt-4o-mini"], "the id typed whole first")
        XCTAssertEqual(press(&state, .enter), [.switchProvider(provider: nil, model: "gpt-4o"), .rememberInput("/model gpt-4o")], "so Enter sends it as typed")
        state.chat.input.text = "/attach "
        XCTAssertEqual(followInput(&state), [.listCompletions(.mcpServers)])
        _ = update(&state, .result(.completionsListed(.mcpServers, [
            Picker.Item(id: "docs", label: "docs", detail: "", keywords: "file:///a.md\nfile:///b.txt")])))
        press(&state, .text("d"), .tab)
        XCTAssertEqual(state.chat.input.text, "/attach docs ", "a server's name, then a space for its resource")
        XCTAssertEqual(rows(state), ["file:///a.md", "file:///b.txt"])
        press(&state, .text("b"), .tab)
        XCTAssertEqual(state.chat.input.text, "/attach docs file:///b.txt")
        XCTAssertNil(CompletionPopup.of(state.withInput("/attach docs file:///b.txt more")), "past the last argument: no popup")
        XCTAssertNil(CompletionPopup.of(state.withInput("/remind call mom")), "free text: no popup")
    }

    func testPersonaNamesComplete() {
        var state = makeState()
        _ = press(&state, .text("/persona te"))
        XCTAssertEqual(rows(state), ["technical"])
        _ = press(&state, .tab)
        XCTAssertEqual(state.chat.input.text, "/persona technical")
        state = makeState()
        _ = press(&state, .text("/persona "))
        XCTAssertEqual(Set(rows(state)), ["professional", "casual", "technical", "custom", "default"])
    }

    func testFilePathsCompleteFromTheirFolderAndEnterKeepsANewName() {
        var state = makeState()
        state.chat.input.text = "/export "
        XCTAssertEqual(followInput(&state), [.listCompletions(.files(folder: ""))])
        _ = update(&state, .result(.completionsListed(.files(folder: ""), ["docs/", "notes.md", ".hidden"].map { Picker.Item(id: $0, label: $0, detail: "") })))
        XCTAssertEqual(rows(state), ["docs/", "notes.md"], "hidden files only after a dot")
        press(&state, .text("do"), .tab)
        XCTAssertEqual(state.chat.input.text, "/export docs/", "a folder ends in / and its own entries are asked for")
        XCTAssertEqual(state.chat.completion.asked, [.files(folder: ""), .files(folder: "docs/")])
        state.chat.input.text = "/export no"
        _ = followInput(&state)
        XCTAssertEqual(rows(state), ["notes.md"])
        XCTAssertEqual(press(&state, .enter), [.conversation(.export(path: "no")), .rememberInput("/export no")], "Enter sends a new file name as typed")
    }

    func testNotShownOverOtherThings() {
        var state = makeState()
        press(&state, .text("/"))
        XCTAssertNotNil(CompletionPopup.of(state))
        XCTAssertNil(CompletionPopup.of(state.withInput("hello /")))
        var moved = state
        moved.chat.input.cursor = 0
        XCTAssertNil(CompletionPopup.of(moved), "only with the cursor at the end")
        var tasks = state
        tasks.focus = .tasks
        XCTAssertNil(CompletionPopup.of(tasks))
        state[overlay: HelpView.self] = HelpView()
        XCTAssertNil(CompletionPopup.of(state))
    }

    /// Forgotten when the text is not a command: the next `/` reads the lists fresh.
    func testListsAreReadAgainForTheNextCommand() {
        var state = makeState()
        press(&state, .text("/theme "))
        XCTAssertEqual(state.chat.completion.asked, [.themes])
        press(&state, .ctrl("u"))
        XCTAssertEqual(state.chat.completion.asked, [])
        XCTAssertEqual(press(&state, .text("/theme ")), [.listCompletions(.themes)])
    }
}

private extension AppState {
    func withInput(_ text: String) -> AppState {
        var state = self
        state.chat.input.text = text
        return state
    }
}
