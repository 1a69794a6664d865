import XCTest
import Core
import Terminal
@testable import App

/// The help and the dispatch cannot drift: the keymap (`Keymap.actions`) the help is drawn
/// from lists exactly the keys the Tasks and Todos panes answer to. Every key a terminal can
/// send is pressed in each pane; a key that does anything (an effect, or a different screen, styles included)
/// must be in the keymap for that pane or everywhere, and a key in the keymap must do something.
final class KeymapAgreementTests: XCTestCase {
    private static let probes: [Key] = {
        var keys: [Key] = (0x21...0x7E).map { .text(String(UnicodeScalar(UInt8($0)))) } + [.text(" ")]
        keys += "abcdefghijklmnopqrstuvwxyz\\]^_".map { .ctrl($0) }
        keys += [.enter, .altEnter, .tab, .backTab, .backspace, .delete, .insert, .altBackspace, .escape,
                 .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                 .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .ctrlUp, .ctrlDown, .ctrlLeft, .ctrlRight, .ctrlHome, .ctrlEnd,
                 .altUp, .altDown, .altLeft, .altRight]
        keys += (1...12).map { .f($0) }
        keys += "123txbdf/".map { .alt($0) }
        return keys
    }()

    private func listed(_ scope: KeyAction.Scope) -> Set<Key> {
        Set(Keymap.actions.filter { ($0.scope == scope || $0.scope == .everywhere) && $0.keymap != .vi }.flatMap(\.keys))
    }

    /// The pane with its selection on the first row, on the last, and while an answer streams:
    /// a key that moves up does nothing on the first row, Esc cancels only a streaming answer;
    /// on a folded todo; with words in the chat's input (and one of them cut), a long conversation, a chosen answer.
    private func probeStates(_ pane: PaneID) -> [AppState] {
        let first = SnapshotFixture.state(width: 120, height: 40, focus: pane)
        var last = first
        last.tasks.selectedTask = last.tasks.dayTasks.count - 1
        last.todos.selectedRow = last.todos.rows.count - 1
        var streaming = first
        streaming.chat.turn = RunningTurn(id: 1, messageId: 4)
        var folded = first  // a folded todo with subtasks, for the keys that unfold
        folded.todos.selectedRow = first.todos.rows.firstIndex { $0.section == nil && $0.subtask == nil && !first.todos.expanded.contains($0.todoId) } ?? 0
        var typed = first  // words in the input, the cursor between them, a question before
        typed.chat.input = LineEditor(text: "hello world", history: ["an earlier question"])
        typed.chat.input.cursor = 5
        var cut = typed  // a word cut (Ctrl-W): something to paste back (Ctrl-Y) and an edit to undo (Ctrl-_)
        _ = cut.chat.input.handle(.ctrl("w"))
        var long = first  // a conversation taller than the pane, scrolled up a little
        long.chat.messages = (1...60).map { Message(id: Int64($0), conversationId: 1, role: $0 % 2 == 0 ? .assistant : .user, content: "message \($0)") }
        long.chat.scroll.ask(5)
        var chosen = first  // an answer chosen (Alt-Up)
        chosen.chat.selectedMessageId = 2
        return [first, last, streaming, folded, typed, cut, long, chosen]
    }

    private func mismatches(in pane: PaneID) -> (unlisted: [Key], idle: [Key]) {
        // Each state drawn once, as the app shows it before the key: its view is what keys read.
        let states = probeStates(pane).map { state -> (AppState, ViewState, Canvas) in
            var view = ViewState()
            let canvas = screenCanvas(state, view: &view)
            return (state, view, canvas)
        }
        var unlisted: [Key] = [], idle: [Key] = []
        let keys = listed(KeyAction.Scope(pane))
        // Focusing the pane one is in changes nothing, by design.
        let ownFocus: Key = pane == .chat ? .alt("1") : pane == .tasks ? .alt("2") : .alt("3")
        for key in Self.probes where key != ownFocus && !(pane == .chat && Self.isTyping(key)) {
            let acts = states.contains { fresh, view, before in
                var state = fresh, after = view
                let effects = update(&state, .key(key), view: view)
                return !effects.isEmpty || screenCanvas(state, view: &after) != before
            }
            if acts && !keys.contains(key) { unlisted.append(key) }
            if !acts && keys.contains(key) { idle.append(key) }
        }
        return (unlisted, idle)
    }

    /// Printable keys in the chat are typed into the input.
    private static func isTyping(_ key: Key) -> Bool {
        if case .text = key { return true }
        return false
    }

    func testTheChatAnswersToExactlyItsKeys() {
        let (unlisted, idle) = mismatches(in: .chat)
        XCTAssertEqual(unlisted, [], "keys the chat answers to that the help does not list")
        XCTAssertEqual(idle, [], "keys the help lists for the chat that do nothing there")
    }

    func testTheTasksPaneAnswersToExactlyItsKeys() {
        let (unlisted, idle) = mismatches(in: .tasks)
        XCTAssertEqual(unlisted, [], "keys the Tasks pane answers to that the help does not list")
        XCTAssertEqual(idle, [], "keys the help lists for Tasks that do nothing there")
    }

    func testTheTodosPaneAnswersToExactlyItsKeys() {
        let (unlisted, idle) = mismatches(in: .todos)
        XCTAssertEqual(unlisted, [], "keys the Todos pane answers to that the help does not list")
        XCTAssertEqual(idle, [], "keys the help lists for Todos that do nothing there")
    }
}
