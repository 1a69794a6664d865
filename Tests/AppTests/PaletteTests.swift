import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The command palette (Ctrl-P): what it lists, the fuzzy filter, and Enter running the
/// chosen row through the path its key or command takes.
final class PaletteTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private func paletteState(focus: PaneID = .chat, conversations: [Picker.Item] = []) -> AppState {
        var state = SnapshotFixture.state(width: 120, height: 40, focus: focus)
        state[overlay: Picker.self] = CommandPalette.picker(state, conversations: conversations)
        return state
    }

    @discardableResult
    private func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { update(&state, .key($0)) }
    }

    private func labels(_ state: AppState) -> [String] { state[overlay: Picker.self]?.visible.map(\.label) ?? [] }

    func testCtrlPOpensThePaletteFromEveryPane() {
        for pane in PaneID.allCases {
            var state = SnapshotFixture.state(width: 120, height: 40, focus: pane)
            XCTAssertEqual(press(&state, .ctrl("p")), [.openPalette], "\(pane)")
        }
        var typing = SnapshotFixture.state(width: 120, height: 40)
        typing.chat.input.text = "half a question"
        XCTAssertEqual(press(&typing, .ctrl("p")), [.openPalette])
        XCTAssertEqual(typing.chat.input.text, "half a question")
    }

    func testItListsEveryNamedKeyEveryCommandTheSettingsAndRecentConversations() {
        let conversations = [Picker.Item(id: "1", label: "Call mom reminder", detail: "today"),  // the open one
                             Picker.Item(id: "7", label: "Trip to Kyoto", detail: "yesterday"),
                             Picker.Item(id: "8", label: "Old", detail: "", dimmed: true)]  // archived
        let items = paletteState(conversations: conversations)[overlay: Picker.self]!.items
        let ids = Set(items.map(\.id))
        XCTAssertFalse(ids.contains("key:palette"), "not itself")
        for action in Keymap.actions where action.name != nil && action.name != "palette" && action.keymap != .vi {
            XCTAssertTrue(ids.contains("key:" + action.name!), action.name!)
        }
        for command in SlashCommand.all { XCTAssertTrue(ids.contains("cmd:" + command.name), command.name) }
        for field in SettingsScreen.Field.allCases { XCTAssertTrue(ids.contains("set:" + field.rawValue), field.rawValue) }
        XCTAssertEqual(items.filter { $0.id.hasPrefix("conv:") }.map(\.label), ["open “Trip to Kyoto”"])
        XCTAssertEqual(items.first { $0.id == "key:history" }?.detail, "Ctrl-O", "each row shows its key")
        XCTAssertEqual(items.first { $0.id == "cmd:/theme" }?.detail, "/theme")
    }

    func testARemappedKeyIsTheOneShown() {
        var problems: [String] = []
        var state = SnapshotFixture.state(width: 120, height: 40)
        state.keyBindings = KeyBindings(["history": "ctrl-h"], problems: &problems)
        XCTAssertEqual(problems, [])
        let items = CommandPalette.picker(state, conversations: []).items
        XCTAssertEqual(items.first { $0.id == "key:history" }?.detail, "Ctrl-H")
    }

    func testTypingFiltersFuzzilyAndEnterRunsTheKeysAction() {
        var state = paletteState()
        press(&state, .text("new conv"))
        XCTAssertEqual(labels(state).first, "new conversation")
        XCTAssertEqual(press(&state, .enter), [.newConversation], "the same path as Ctrl-N")
        XCTAssertFalse(state.hasOverlay)
    }

    func testAPanesActionGoesToItsPane() {
        var state = paletteState()
        press(&state, .text("add a todo"))
        XCTAssertEqual(state[overlay: Picker.self]?.selectedItem?.id, "key:add_todo")
        press(&state, .enter)
        XCTAssertEqual(state.focus, .todos)
        XCTAssertNotNil(state[overlay: Form.self], "a in Todos: the add form")
    }

    func testACommandRunsAsIfTypedAndTheInputKeepsItsDraft() {
        var state = paletteState()
        state.chat.input.text = "a draft"
        press(&state, .text("/theme"))
        XCTAssertEqual(press(&state, .enter), [.openThemePicker])
        XCTAssertEqual(state.chat.input.text, "a draft")
        XCTAssertEqual(state.chat.input.history, [], "not in the input's history")
        // One that needs words goes into the input for them.
        state[overlay: Picker.self] = CommandPalette.picker(state, conversations: [])
        press(&state, .text("/remind"))
        press(&state, .enter)
        XCTAssertEqual(state.chat.input.text, "/remind a draft")
        XCTAssertEqual(state.chat.input.cursor, "/remind ".count)
    }

    func testSettingsRowsAndConversations() {
        var state = paletteState(conversations: [Picker.Item(id: "7", label: "Trip to Kyoto", detail: "")])
        press(&state, .text("settings theme"))
        XCTAssertEqual(state[overlay: Picker.self]?.selectedItem?.id, "set:Theme")
        XCTAssertEqual(press(&state, .enter), [.openSettingsAt(.theme)])
        state[overlay: Picker.self] = CommandPalette.picker(state, conversations: [Picker.Item(id: "7", label: "Trip to Kyoto", detail: "")])
        press(&state, .text("kyoto"))
        XCTAssertEqual(press(&state, .enter), [.conversation(.open(id: 7, messageId: nil, query: nil))])
    }

    /// Bad input: CJK and symbols in the filter.
    func testCJKAndSymbolsInTheFilter() {
        Strings.use(.simplifiedChinese)
        var state = paletteState()
        press(&state, .text("主题"))
        XCTAssertTrue(labels(state).contains("选择配色主题"), labels(state).joined(separator: ", "))
        XCTAssertTrue(labels(state).contains("设置 › 主题"))
        press(&state, .ctrl("u"))
        state[overlay: Picker.self]?.filter = ""
        press(&state, .text("$EDITOR"))
        XCTAssertTrue(labels(state).contains("对话 › 在 $EDITOR 中编写"), labels(state).joined(separator: ", "))
        XCTAssertTrue(labels(state).allSatisfy { $0.contains("$EDITOR") }, "only the rows with the symbols: \(labels(state))")
        state[overlay: Picker.self]?.filter = ""
        press(&state, .text("%%%"))
        XCTAssertEqual(labels(state), [])
        XCTAssertTrue(screenText(state).contains("没有"), "the palette says nothing matches")
        XCTAssertEqual(press(&state, .enter), [], "Enter on nothing does nothing")
        XCTAssertTrue(state.hasOverlay)
    }

    /// Through the runtime: Ctrl-P reads the recent conversations from the database.
    func testTheRuntimeOpensItWithTheRecentConversations() async throws {
        let harness = try AppTestHarness(width: 120, height: 40)
        _ = try harness.database.createConversation(title: "Budget for March")
        try await harness.press(.ctrl("p"))
        XCTAssertEqual(harness.app.state[overlay: Picker.self]?.purpose, .palette)
        try await harness.press(.text("budget"))
        XCTAssertTrue(harness.screen().contains("open “Budget for March”"), harness.screen())
    }
}
