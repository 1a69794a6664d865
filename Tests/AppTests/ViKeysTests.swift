import XCTest
import Core
import Storage
import Terminal
@testable import App

/// `keymap = "vi"`, key by key through `update`; and the same keys with the default keymap,
/// which must do what they did before the vi keys existed.
final class ViKeysTests: XCTestCase {
    private func state(_ style: KeymapStyle, focus: PaneID = .chat) -> AppState {
        var state = SnapshotFixture.state(width: 120, height: 40, focus: focus)
        state.keyBindings.style = style
        return state
    }

    /// A last frame whose transcript was 20 rows high.
    private let view: ViewState = {
        var view = ViewState()
        view.chat.height = 20
        return view
    }()

    private func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { update(&state, .key($0), view: view) }
    }

    private func type(_ state: inout AppState, _ text: String) -> [Effect] {
        text.flatMap { update(&state, .key(.text(String($0)))) }
    }

    /// What a slash command does in the default keymap: what its vi command must do.
    private func slash(_ command: String) -> [Effect] {
        var plain = state(.default)
        plain.chat.input.text = command
        return press(&plain, .enter)
    }

    func testChatSelectionScrollsHalfAPageAndColonRunsCommands() {
        var s = state(.vi)
        _ = press(&s, .escape)
        XCTAssertEqual(s.chat.selectedMessageId, 4)
        _ = press(&s, .ctrl("u"), .ctrl("u"))
        XCTAssertEqual(s.chat.scroll.rowsFromBottom, 20)
        _ = press(&s, .ctrl("d"))
        XCTAssertEqual(s.chat.scroll.rowsFromBottom, 10)
        XCTAssertEqual(s.chat.selectedMessageId, 4, "scrolling keeps the selection")

        _ = press(&s, .text(":"))
        XCTAssertNil(s.chat.selectedMessageId)
        XCTAssertEqual(s.chat.input.text, ":")
        _ = type(&s, "q")
        XCTAssertEqual(press(&s, .enter), [.quit])

        let commands = [(":w notes.md", "/export notes.md"), (":search dentist", "/search dentist"), (":new", "/new"),
                        (":settings", "/settings"), (":history", "/history")]
        for (vi, command) in commands {
            var t = state(.vi)
            _ = press(&t, .escape, .text(":"))
            _ = type(&t, String(vi.dropFirst()))
            // A search is a new request each time: its number is not compared.
            func unnumbered(_ effects: [Effect]) -> [Effect] {
                effects.map { if case .conversation(.search(let q, _, let from)) = $0 { return .conversation(.search(query: q, request: 0, from: from)) } else { return $0 } }
            }
            XCTAssertEqual(unnumbered(press(&t, .enter)), unnumbered(slash(command)), vi)
        }
        var help = state(.vi)
        _ = press(&help, .escape, .text(":"))
        _ = type(&help, "help")
        _ = press(&help, .enter)
        XCTAssertNotNil(help[overlay: HelpView.self])
    }

    func testAnUnknownCommandIsNamedAndEscLeavesTheCommandLine() {
        var s = state(.vi)
        _ = press(&s, .escape, .text(":"))
        _ = type(&s, "bogus")
        XCTAssertEqual(press(&s, .enter), [])
        XCTAssertTrue(s.notice?.text.contains("Unknown command :bogus") == true, s.notice?.text ?? "")
        XCTAssertEqual(s.chat.input.text, ":bogus", "kept to fix")
        _ = press(&s, .escape)
        XCTAssertEqual(s.chat.input.text, "")
        XCTAssertEqual(s.chat.selectedMessageId, 4, "back to the messages, as vim's normal mode")
        // A message that merely starts with ":" (typed, not from selection) is sent as it is.
        var typed = state(.vi)
        typed.chat.input.text = ":) thanks"
        XCTAssertEqual(press(&typed, .enter), [.send(":) thanks"), .rememberInput(":) thanks")])
    }

    func testTasksFirstLastWeeksAndWeekEnds() {
        var s = state(.vi, focus: .tasks)
        _ = press(&s, .text("G"))
        XCTAssertEqual(s.tasks.selectedTask, 1)
        _ = press(&s, .text("g"), .text("g"))
        XCTAssertEqual(s.tasks.selectedTask, 0)
        XCTAssertEqual(press(&s, .ctrl("d")), [.reloadTasks])
        XCTAssertEqual(s.tasks.selected, CivilDate(year: 2026, month: 12, day: 1))
        _ = press(&s, .ctrl("u"))
        XCTAssertEqual(s.tasks.selected, CivilDate(year: 2026, month: 11, day: 24))
        _ = press(&s, .text("0"))
        XCTAssertEqual(s.tasks.selected, CivilDate(year: 2026, month: 11, day: 22), "Sunday, the grid's first column")
        _ = press(&s, .text("$"))
        XCTAssertEqual(s.tasks.selected, CivilDate(year: 2026, month: 11, day: 28))
        _ = press(&s, .text("g"), .text("l"))
        XCTAssertEqual(s.tasks.selected, CivilDate(year: 2026, month: 11, day: 29), "g then another key: the key as usual")
        XCTAssertNil(s[overlay: Form.self])
        _ = press(&s, .text("g"), .text("d"))
        XCTAssertEqual(s[overlay: Form.self]?.purpose, .gotoDate)
    }

    func testTodosFirstLastAndHalfPages() {
        var s = state(.vi, focus: .todos)
        s.todos.setTrees((1...60).map { TodoTree(todo: Todo(id: Int64($0), title: "Todo \($0)"), subtasks: []) })
        s.todos.selectedRow = 1
        _ = press(&s, .text("G"))
        XCTAssertEqual(s.todos.selectedRow, 60)
        _ = press(&s, .text("g"), .text("g"))
        XCTAssertEqual(s.todos.selectedRow, 1, "the first todo, under its section's header")
        let half = (Layout(size: s.size, focus: .todos).panes[.todos]!.height - 2) / 2
        XCTAssertGreaterThan(half, 3)
        _ = press(&s, .ctrl("d"))
        XCTAssertEqual(s.todos.selectedRow, 1 + half)
        _ = press(&s, .ctrl("u"))
        XCTAssertEqual(s.todos.selectedRow, 1)
    }

    /// The default keymap: the same keys do what they always did.
    func testTheDefaultKeymapIsUnchanged() {
        var chat = state(.default)
        _ = press(&chat, .escape, .ctrl("u"), .ctrl("d"))
        XCTAssertEqual(chat.chat.scroll.rowsFromBottom, 0)
        _ = press(&chat, .text(":"))
        XCTAssertNil(chat.chat.selectedMessageId)
        XCTAssertEqual(chat.chat.input.text, ":", "typed text leaves the selection, as before")
        _ = type(&chat, "q")
        XCTAssertEqual(press(&chat, .enter), [.send(":q"), .rememberInput(":q")])

        var tasks = state(.default, focus: .tasks)
        _ = press(&tasks, .text("G"), .text("0"), .text("$"), .ctrl("d"), .ctrl("u"))
        XCTAssertEqual(tasks.tasks.selected, CivilDate(year: 2026, month: 11, day: 24))
        XCTAssertEqual(tasks.tasks.selectedTask, 0)
        _ = press(&tasks, .text("g"))
        XCTAssertEqual(tasks[overlay: Form.self]?.purpose, .gotoDate, "g goes to a date at once")

        var todos = state(.default, focus: .todos)
        let row = todos.todos.selectedRow
        _ = press(&todos, .text("G"), .ctrl("d"), .ctrl("u"), .text("g"), .text("g"))
        XCTAssertEqual(todos.todos.selectedRow, row)
        XCTAssertEqual(todos.vi, ViState())
    }

    /// Keys that arrive in one read ("gg" typed fast, or sent by tmux) still work one by one.
    func testLettersReadTogetherAreCommandsOneByOne() {
        var tasks = state(.vi, focus: .tasks)
        _ = press(&tasks, .text("G"), .text("gg"))
        XCTAssertEqual(tasks.tasks.selectedTask, 0)
        _ = press(&tasks, .text("gd"))
        XCTAssertEqual(tasks[overlay: Form.self]?.purpose, .gotoDate)
        var chat = state(.vi)
        _ = press(&chat, .escape)
        XCTAssertEqual(press(&chat, .text(":q"), .enter), [.quit])
        var typing = state(.vi)
        _ = press(&typing, .text("gg"))
        XCTAssertEqual(typing.chat.input.text, "gg", "typed text in the input stays text")
    }

    /// A `[keys]` remap is the user's own choice: it wins over a vi key.
    func testARemapWinsOverAViKey() {
        var problems: [String] = []
        var s = state(.vi, focus: .tasks)
        s.keyBindings = KeyBindings(["go_to_date": "G"], problems: &problems)
        s.keyBindings.style = .vi
        XCTAssertEqual(problems, [])
        _ = press(&s, .text("G"))
        XCTAssertEqual(s[overlay: Form.self]?.purpose, .gotoDate)
    }

    func testTheHelpShowsTheViKeysOnlyWithVi() {
        func text(_ style: KeymapStyle) -> String {
            var bindings = KeyBindings()
            bindings.style = style
            return HelpOverlay.sections(bindings: bindings).flatMap { $0.lines.map(\.text) }.joined(separator: "\n")
        }
        let vi = text(.vi), plain = text(.default)
        for row in ["Ctrl-D/U (selected)", ": (selected)", "gg / G", "0 / $", "gd "] {
            XCTAssertTrue(vi.contains(row), row)
            XCTAssertFalse(plain.contains(row), row)
        }
        XCTAssertTrue(plain.contains("  g                     go to a date"), plain)
        XCTAssertFalse(vi.contains("  g                     go to a date"))
    }
}
