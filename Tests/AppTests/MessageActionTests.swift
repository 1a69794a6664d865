import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The message-selection mode, key by key through `update`: Esc leaves the input, j/k move,
/// and the letters ask for copy, pager, retry, edit-and-resend, branches, delete, action items.
final class MessageActionTests: XCTestCase {
    private func state() -> AppState {
        var s = SnapshotFixture.state(width: 80, height: 24)
        s.chat.messages[3].status = .complete
        s.chat.messages[3].errorText = nil
        return s
    }

    func testEscSelectsTheNewestMessageAndJKMoveAndEscGoesBackToTyping() {
        var s = state()
        _ = update(&s, .key(.escape))
        XCTAssertEqual(s.chat.selectedMessageId, 4)
        _ = update(&s, .key(.text("k")))
        _ = update(&s, .key(.text("k")))
        XCTAssertEqual(s.chat.selectedMessageId, 2)
        _ = update(&s, .key(.text("j")))
        XCTAssertEqual(s.chat.selectedMessageId, 3)
        _ = update(&s, .key(.text("g")))
        XCTAssertEqual(s.chat.selectedMessageId, 1)
        _ = update(&s, .key(.text("k")))
        XCTAssertEqual(s.chat.selectedMessageId, 1, "stays at the first")
        _ = update(&s, .key(.text("G")))
        XCTAssertEqual(s.chat.selectedMessageId, 4)
        _ = update(&s, .key(.escape))
        XCTAssertNil(s.chat.selectedMessageId)
        _ = update(&s, .key(.text("j")))
        XCTAssertEqual(s.chat.input.text, "j", "back in the input, letters are letters")
    }

    func testOtherTextGoesBackToTheInput() {
        var s = state()
        _ = update(&s, .key(.escape))
        _ = update(&s, .key(.text("hello")))
        XCTAssertNil(s.chat.selectedMessageId)
        XCTAssertEqual(s.chat.input.text, "hello")
    }

    func testWithNoMessagesEscSaysSo() {
        var s = state()
        s.chat.messages = []
        _ = update(&s, .key(.escape))
        XCTAssertNil(s.chat.selectedMessageId)
        XCTAssertEqual(s.notice?.text, "No messages to select yet.")
    }

    func testCopyAndPagerGetTheSanitizedText() {
        var s = state()
        s.chat.messages[3].content = "Answer \u{1B}]52;c;ZXZpbA==\u{07}with \u{1B}[31mred"
        _ = update(&s, .key(.escape))
        XCTAssertEqual(update(&s, .key(.text("y"))), [.copyText("Answer with red")])
        XCTAssertEqual(update(&s, .key(.text("p"))), [.openInPager("Answer with red")])
        XCTAssertEqual(s.chat.selectedMessageId, 4, "the selection stays")
    }

    func testRetryResendsTheLastQuestionAsABranch() {
        var s = state()
        _ = update(&s, .key(.escape))
        XCTAssertEqual(update(&s, .key(.text("r"))), [.resendEdited(messageId: 3, text: "中文标题 and emoji 👩‍💻 line up")])
        XCTAssertNil(s.chat.selectedMessageId)

        var older = state()
        older.chat.selectedMessageId = 2
        XCTAssertEqual(update(&older, .key(.text("r"))), [], "an older answer is not retried")
        XCTAssertTrue(older.notice?.text.hasPrefix("Only the last answer") == true)
    }

    func testEditPutsTheLastMessageInTheInputAndEnterResendsIt() {
        var s = state()
        s.chat.selectedMessageId = 3
        _ = update(&s, .key(.text("e")))
        XCTAssertEqual(s.chat.input.text, "中文标题 and emoji 👩‍💻 line up")
        XCTAssertEqual(s.chat.editingMessageId, 3)
        XCTAssertNil(s.chat.selectedMessageId)
        _ = update(&s, .key(.ctrl("u")))
        for ch in "fixed question" { _ = update(&s, .key(.text(String(ch)))) }
        XCTAssertEqual(update(&s, .key(.enter)), [.resendEdited(messageId: 3, text: "fixed question"), .rememberInput("fixed question")])
        XCTAssertNil(s.chat.editingMessageId)
        XCTAssertEqual(s.chat.input.text, "")
    }

    func testEscCancelsAnEditAndOnlyTheLastUserMessageIsEdited() {
        var s = state()
        s.chat.selectedMessageId = 3
        _ = update(&s, .key(.text("e")))
        _ = update(&s, .key(.escape))
        XCTAssertNil(s.chat.editingMessageId)
        XCTAssertEqual(s.chat.input.text, "")
        XCTAssertEqual(update(&s, .key(.enter)), [], "nothing to resend")

        var first = state()
        first.chat.selectedMessageId = 1
        _ = update(&first, .key(.text("e")))
        XCTAssertNil(first.chat.editingMessageId)
        XCTAssertTrue(first.notice?.text.hasPrefix("Only your last message") == true)
    }

    func testAngleBracketsSwitchBetweenSiblings() {
        var s = state()
        s.chat.branches[3] = BranchPosition(siblings: [3, 7, 9], index: 0)
        s.chat.selectedMessageId = 3
        XCTAssertEqual(update(&s, .key(.text("<"))), [], "no older sibling")
        XCTAssertEqual(update(&s, .key(.text(">"))), [.switchBranch(to: 7)])
        s.chat.branches[3] = BranchPosition(siblings: [3, 7, 9], index: 2)
        XCTAssertEqual(update(&s, .key(.text("<"))), [.switchBranch(to: 7)])
        s.chat.selectedMessageId = 1
        XCTAssertEqual(update(&s, .key(.text(">"))), [])
        XCTAssertTrue(s.notice?.text.hasPrefix("This message has no other versions") == true)
    }

    func testDeleteAsksFirst() {
        var s = state()
        _ = update(&s, .key(.escape))
        XCTAssertEqual(update(&s, .key(.text("d"))), [])
        XCTAssertEqual(s[overlay: Choice.self]?.question, "Delete this answer “Partial answer”? It cannot be undone.")
        XCTAssertEqual(update(&s, .key(.text("n"))), [])
        XCTAssertNil(s[overlay: Choice.self])
        _ = update(&s, .key(.text("d")))
        XCTAssertEqual(update(&s, .key(.text("y"))), [.deleteMessage(4)])
    }

    func testActionItemsOfASummaryBecomeTodos() {
        var s = state()
        s.chat.summaries[4] = Summary(title: "T", actionItems: ["Book the flight", "Renew the passport"])
        _ = update(&s, .key(.escape))
        _ = update(&s, .key(.text("a")))
        XCTAssertEqual(s[overlay: Choice.self]?.options.map(\.label), ["Book the flight", "Renew the passport"])
        XCTAssertEqual(update(&s, .key(.text("2"))), [.changeTodo(.addTodo(title: "Renew the passport", afterPosition: nil))])

        s.chat.selectedMessageId = 2
        _ = update(&s, .key(.text("a")))
        XCTAssertNil(s[overlay: Choice.self])
        XCTAssertTrue(s.notice?.text.hasPrefix("No action items here") == true)
    }

    /// Nine action items do not fit on one line of 80 columns: the question shows one a line,
    /// so none is cut off the screen.
    func testEveryActionItemOfALongSummaryIsOnScreen() {
        var s = state()
        let items = (1...9).map { "Action item number \($0) with a fairly long description" }
        s.chat.summaries[4] = Summary(title: "T", actionItems: items)
        _ = update(&s, .key(.escape))
        _ = update(&s, .key(.text("a")))
        let text = screenText(s)
        for (i, item) in items.enumerated() { XCTAssertTrue(text.contains("\(i + 1) \(item)"), "item \(i + 1):\n\(text)") }
        XCTAssertTrue(text.contains("Which action item becomes a todo?") && text.contains("Esc cancel"), text)
    }

    func testSummarizeGoesToTheAgentAndItsAnswerLoadsTheSummary() {
        var s = state()
        for ch in "/summarize" { _ = update(&s, .key(.text(String(ch)))) }
        XCTAssertEqual(update(&s, .key(.enter)), [.send("/summarize"), .rememberInput("/summarize")])
        s.chat.messages += [Message(id: 5, conversationId: 1, role: .user, content: "/summarize"),
                            Message(id: 6, conversationId: 1, role: .assistant, content: "", status: .streaming)]
        s.chat.turn = RunningTurn(id: 1, messageId: 6)
        let done = Message(id: 6, conversationId: 1, role: .assistant, content: "T", status: .complete)
        XCTAssertEqual(update(&s, .agent(turnId: 1, .finished(done))), [.reloadUsage, .loadSummary(messageId: 6)])
    }

    func testOSC52IsOneSequenceOfBase64AndWrappedForTmux() {
        XCTAssertEqual(Clipboard.osc52("hi ✓", inTmux: false), "\u{1B}]52;c;aGkg4pyT\u{07}")
        let tmux = Clipboard.osc52("hi", inTmux: true)!
        XCTAssertEqual(tmux, "\u{1B}]52;c;aGk=\u{07}" + "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
        XCTAssertNil(Clipboard.osc52(String(repeating: "x", count: Clipboard.maxOSC52Bytes + 1), inTmux: false))
    }

    func testClipboardToolIsFoundOnPathForTheDisplayInUse() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        for name in ["wl-copy", "xclip"] {
            let file = bin.appendingPathComponent(name)
            try "#!/bin/sh\ncat > \"$(dirname \"$0\")/got-\(name)\"\n".write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        XCTAssertEqual(Clipboard.tool(environment: ["PATH": bin.path, "WAYLAND_DISPLAY": "wayland-0"]), [bin.path + "/wl-copy"])
        let xclip = try XCTUnwrap(Clipboard.tool(environment: ["PATH": bin.path, "DISPLAY": ":0"]))
        XCTAssertEqual(xclip, [bin.path + "/xclip", "-selection", "clipboard"])
        XCTAssertNil(Clipboard.tool(environment: ["PATH": bin.path]), "no display: no desktop clipboard")
        XCTAssertTrue(Clipboard.run(xclip, text: "copied text"))
        XCTAssertEqual(try String(contentsOf: bin.appendingPathComponent("got-xclip"), encoding: .utf8), "copied text")
    }
}
