import XCTest
import Core
import Terminal
@testable import App

/// readline's keys in every text input, key by key through `update`: the chat's input, a form's
/// field, a chooser's filter, search and a title being renamed; the app's keys that moved for
/// them (`$EDITOR` to Ctrl-X Ctrl-E / Ctrl-G, search to Ctrl-\ / Alt-/, the timeline to F3) and
/// `[keys]` remaps that bring the old keys back.
final class ReadlineKeyTests: XCTestCase {
    private func chat(_ text: String = "", cursor: Int? = nil, history: [String] = []) -> AppState {
        var state = AppState(size: Size(width: 100, height: 30), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        state.chat.input = LineEditor(text: text, history: history)
        if let cursor { state.chat.input.cursor = cursor }
        return state
    }

    @discardableResult
    private func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { update(&state, .key($0)) }
    }

    /// The input as text with `|` at the cursor.
    private func input(_ state: AppState) -> String {
        state.chat.input.textBeforeCursor + "|" + state.chat.input.textAfterCursor
    }

    func testEachMoveInTheChatInput() {
        var state = chat("call mom tomorrow", cursor: 9)
        let moves: [(Key, String)] = [
            (.ctrl("a"), "|call mom tomorrow"), (.ctrl("e"), "call mom tomorrow|"), (.ctrl("b"), "call mom tomorro|w"),
            (.alt("b"), "call mom |tomorrow"), (.alt("b"), "call |mom tomorrow"), (.ctrl("f"), "call m|om tomorrow"),
            (.alt("f"), "call mom| tomorrow"), (.ctrlRight, "call mom tomorrow|"), (.ctrlLeft, "call mom |tomorrow"),
            (.home, "|call mom tomorrow"), (.end, "call mom tomorrow|"),
        ]
        for (key, expected) in moves {
            XCTAssertEqual(press(&state, key), [], "\(key) asks for nothing")
            XCTAssertEqual(input(state), expected, "after \(key)")
        }
    }

    func testEachCutYankSwapAndUndoInTheChatInput() {
        var state = chat("call mom tomorrow", cursor: 9)
        let edits: [(Key, String)] = [
            (.ctrl("w"), "call |tomorrow"), (.ctrl("y"), "call mom |tomorrow"), (.alt("d"), "call mom |"),
            // Alt-Backspace right after Alt-D: one kill, "mom " before "tomorrow", as readline adds them up.
            (.altBackspace, "call |"), (.ctrl("y"), "call mom tomorrow|"), (.ctrl("a"), "|call mom tomorrow"),
            (.ctrl("k"), "|"), (.ctrl("y"), "call mom tomorrow|"), (.ctrl("u"), "|"), (.ctrl("_"), "call mom tomorrow|"),
            (.ctrl("b"), "call mom tomorro|w"), (.ctrl("t"), "call mom tomorrwo|"), (.ctrl("_"), "call mom tomorro|w"),
            (.ctrl("d"), "call mom tomorro|"), (.backspace, "call mom tomorr|"),
        ]
        for (key, expected) in edits {
            XCTAssertEqual(press(&state, key), [], "\(key) asks for nothing")
            XCTAssertEqual(input(state), expected, "after \(key)")
        }
    }

    func testEditorMovedToCtrlXCtrlEAndCtrlG() {
        var state = chat("a long message")
        XCTAssertEqual(press(&state, .ctrl("g")), [.composeInEditor("a long message")])
        XCTAssertEqual(press(&state, .ctrl("x")), [], "Ctrl-X waits for the next key")
        XCTAssertEqual(press(&state, .ctrl("e")), [.composeInEditor("a long message")], "Ctrl-X Ctrl-E, as in bash")
        XCTAssertEqual(press(&state, .ctrl("x"), .ctrl("a")), [])
        XCTAssertEqual(input(state), "|a long message", "after Ctrl-X another key acts as usual")
        XCTAssertEqual(press(&state, .ctrl("e")), [], "Ctrl-E alone is the end of the line")
        XCTAssertEqual(input(state), "a long message|")
        press(&state, .ctrl("x"), .ctrl("x"), .ctrl("e"))
        XCTAssertEqual(input(state), "a long message|", "a second Ctrl-X ends the first: Ctrl-E moves")
    }

    func testSearchMovedToCtrlBackslashAndAltSlashFromEveryPane() {
        for pane in PaneID.allCases {
            var state = chat("typing")
            state.focus = pane
            XCTAssertEqual(press(&state, .ctrl("\\")), [], "\(pane)")
            XCTAssertEqual(state[overlay: Picker.self]?.purpose, .search, "\(pane)")
            state[overlay: Picker.self] = nil
            XCTAssertEqual(press(&state, .alt("/")), [], "\(pane)")
            XCTAssertEqual(state[overlay: Picker.self]?.purpose, .search, "\(pane)")
            state[overlay: Picker.self] = nil
            XCTAssertEqual(press(&state, .ctrl("f")), [], "Ctrl-F opens nothing now (\(pane))")
        }
        var state = chat("typing")
        press(&state, .ctrl("a"), .ctrl("f"))
        XCTAssertEqual(input(state), "t|yping", "Ctrl-F moves forward in the input")
    }

    func testTimelineMovedToF3AndCtrlTSwaps() {
        var state = chat("ab")
        state.chat.messages = [Message(id: 1, conversationId: 1, role: .user, content: "q"),
                               Message(id: 2, conversationId: 1, role: .assistant, content: "a")]
        state.chat.steps[2] = [TimelineStep(messageId: 2, position: 0, kind: .toolCall, title: "create_task", detail: "{}", status: .done)]
        press(&state, .ctrl("t"))
        XCTAssertEqual(state.chat.input.text, "ba", "Ctrl-T swaps in the input")
        XCTAssertNil(state[overlay: TimelineViewState.self])
        press(&state, .f(3))
        XCTAssertEqual(state[overlay: TimelineViewState.self]?.messageId, 2, "F3: the last answer's timeline")
        press(&state, .f(3))
        XCTAssertNil(state[overlay: TimelineViewState.self], "F3 closes it too")
    }

    func testCtrlRSearchesTheHistoryAndDrawsReadlinesPrompt() {
        var state = chat("", history: ["buy oat milk", "call mom", "water the plants"])
        press(&state, .ctrl("r"), .text("mo"))
        XCTAssertEqual(state.chat.input.text, "call mom")
        XCTAssertTrue(screenText(state).contains("(reverse-i-search)`mo': "), screenText(state))
        press(&state, .text("zz"))
        XCTAssertTrue(screenText(state).contains("(failing reverse-i-search)`mozz': "), screenText(state))
        press(&state, .backspace, .backspace)
        XCTAssertEqual(press(&state, .enter), [], "Enter keeps the match; it does not send")
        XCTAssertNil(state.chat.input.search)
        XCTAssertFalse(screenText(state).contains("reverse-i-search"))
        XCTAssertEqual(press(&state, .enter), [.send("call mom"), .rememberInput("call mom")], "a second Enter sends it")
    }

    func testEscEndsTheSearchNotTheAnswerAndOtherKeysAct() {
        var state = chat("draft", history: ["call mom"])
        state.chat.turn = RunningTurn(id: 1, messageId: 9)
        press(&state, .ctrl("r"), .text("mom"))
        XCTAssertEqual(press(&state, .escape), [], "Esc cancels the search, not the streaming answer")
        XCTAssertEqual(state.chat.input.text, "draft")
        XCTAssertEqual(press(&state, .escape), [.cancelTurn], "then Esc cancels the answer")

        var typed = chat("", history: ["call mom", "call dad"])
        press(&typed, .ctrl("r"), .text("call"), .ctrl("r"), .ctrl("a"))
        XCTAssertEqual(input(typed), "|call mom", "Ctrl-A ends the search on the match and moves")
        press(&typed, .ctrl("r"), .text("dad"), .tab)
        XCTAssertEqual(typed.focus, .tasks, "Tab ends the search and switches panes")
        XCTAssertNil(typed.chat.input.search)
        var composed = chat("", history: ["call mom"])
        XCTAssertEqual(press(&composed, .ctrl("r"), .text("mom"), .ctrl("x"), .ctrl("e")), [.composeInEditor("call mom")],
                       "Ctrl-X Ctrl-E takes the match to $EDITOR")
    }

    func testAFormFieldEditsWithTheSameKeys() {
        var state = chat()
        state.focus = .tasks
        press(&state, .text("/"))
        XCTAssertEqual(state[overlay: Form.self]?.purpose, .filterTasks(previous: .day))
        press(&state, .text("dentist appointment"), .ctrl("w"), .ctrl("a"), .alt("d"), .ctrl("y"), .ctrl("e"))
        var field: String? {
            state[overlay: Form.self].map { $0.fields[0].editor.textBeforeCursor + "|" + $0.fields[0].editor.textAfterCursor }
        }
        XCTAssertEqual(field, "dentist |")
        press(&state, .ctrl("_"))
        XCTAssertEqual(field, "| ", "undo: before the yank")
        press(&state, .ctrl("_"), .ctrl("_"))
        XCTAssertEqual(field, "dentist appointment|")
        press(&state, .ctrl("b"), .ctrl("t"))
        XCTAssertEqual(field, "dentist appointmetn|", "Ctrl-T swapped")
        press(&state, .ctrl("b"), .ctrl("b"), .ctrl("k"))
        XCTAssertEqual(field, "dentist appointme|", "Ctrl-K cut")
        XCTAssertEqual(state.chat.input.text, "", "nothing reached the chat's input")
    }

    func testAChoosersFilterEditsWithTheSameKeysAndMovesDoNotFilterAgain() {
        var state = chat()
        let items = ["gpt-4.1", "gpt-4o-mini", "o4-mini"].map { Picker.Item(id: $0, label: $0, detail: "") }
        state[overlay: Picker.self] = Picker(purpose: .model, title: "Model", items: items)
        press(&state, .text("gpt mini"), .ctrl("w"))
        XCTAssertEqual(state[overlay: Picker.self]?.filter, "gpt ")
        press(&state, .ctrl("u"), .text("mini"), .ctrl("a"), .text("o4-"))
        XCTAssertEqual(state[overlay: Picker.self]?.visible.map(\.id), ["o4-mini"])
        XCTAssertTrue(screenText(state).contains("filter: o4-▏mini"), "the cursor is shown where it is")
        press(&state, .ctrl("_"))
        XCTAssertEqual(state[overlay: Picker.self]?.filter, "mini")
        XCTAssertEqual(state.chat.input.text, "", "nothing reached the chat's input")
    }

    func testSearchAsksAgainOnlyWhenTheQueryChanges() {
        var state = chat()
        state[overlay: Picker.self] = Picker(purpose: .search, title: "Search", items: [])
        func searched(_ effects: [Effect]) -> [String] {
            effects.compactMap { if case .conversation(.search(let query, _, _)) = $0 { return query } else { return nil } }
        }
        XCTAssertEqual(searched(press(&state, .text("oat milk"))), ["oat milk"])
        XCTAssertEqual(press(&state, .alt("b")), [], "a move does not search again")
        XCTAssertEqual(searched(press(&state, .ctrl("k"))), ["oat "])
        XCTAssertEqual(searched(press(&state, .ctrl("y"))), ["oat milk"])
        XCTAssertEqual(searched(press(&state, .ctrl("w"))), ["oat "])
    }

    func testARenamedTitleEditsWithTheSameKeys() {
        var state = chat()
        state[overlay: Picker.self] = Picker(purpose: .conversations, title: "Conversations",
                                             items: [Picker.Item(id: "4", label: "Trip to Paris", detail: "")])
        press(&state, .text("r"), .ctrl("w"), .text("Rome"), .ctrl("a"), .alt("d"), .text("Holiday"))
        XCTAssertTrue(screenText(state).contains("New title: Holiday▏ to Rome"), screenText(state))
        XCTAssertEqual(press(&state, .enter), [.conversation(.rename(id: 4, title: "Holiday to Rome"))])
    }

    func testOldKeysComeBackThroughKeysRemapsUnderTheSameNames() {
        var problems: [String] = []
        var state = chat("draft")
        state.keyBindings = KeyBindings(["compose": "ctrl-e", "search": "ctrl-f", "timeline": "ctrl-t"], problems: &problems)
        XCTAssertEqual(problems, [], "an editing key may be taken back for an action")
        XCTAssertEqual(press(&state, .ctrl("e")), [.composeInEditor("draft")])
        XCTAssertEqual(press(&state, .ctrl("f")), [])
        XCTAssertEqual(state[overlay: Picker.self]?.purpose, .search, "Ctrl-F remapped opens search")
        state[overlay: Picker.self] = nil
        XCTAssertEqual(press(&state, .ctrl("g")), [.composeInEditor("draft")], "the new default still works")
        let remapped = KeyBindings(["help": "ctrl-_", "history": "ctrl-]"], problems: &problems)
        XCTAssertEqual(problems, [], "Ctrl with \\ ] ^ _ can be written in [keys]")
        XCTAssertEqual(remapped.translate(.ctrl("_"), focus: .tasks), .f(1))
        XCTAssertEqual(remapped.translate(.ctrl("]"), focus: .chat), .ctrl("o"))
        var clash: [String] = []
        _ = KeyBindings(["help": "ctrl-o"], problems: &clash)
        XCTAssertEqual(clash.count, 1, "another action's key is still refused: \(clash)")
    }
}
