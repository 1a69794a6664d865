import XCTest
@testable import Terminal

/// The answers to the graphics query, as a terminal sends them on stdin: never keys, and
/// the protocol decided by DA1.
final class GraphicsDetectionTests: XCTestCase {
    private func decode(_ s: String) -> (keys: [Key], replies: [TerminalReply]) {
        var d = KeyDecoder()
        let keys = d.feed(Array(s.utf8))
        return (keys, d.takeReplies())
    }

    func testKittyAnswerAndDA1AreRepliesNotKeys() {
        let (keys, replies) = decode("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        XCTAssertEqual(keys, [])
        XCTAssertEqual(replies, [.graphics(id: 31, ok: true), .cellSize(width: 10, height: 20), .primaryAttributes([62, 22])])
    }

    func testRepliesAmidTypingLeaveTheKeysAlone() {
        let (keys, replies) = decode("ab\u{1B}_Gi=31;ENOENT:no\u{1B}\\c\u{1B}[?1;2cd")
        XCTAssertEqual(keys, [.text("ab"), .text("c"), .text("d")])
        XCTAssertEqual(replies, [.graphics(id: 31, ok: false), .primaryAttributes([1, 2])])
    }

    func testAnAnswerSplitAcrossReadsWaitsForItsEnd() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("\u{1B}_Gi=31;O".utf8)), [])
        XCTAssertTrue(d.hasPendingEscape)
        XCTAssertEqual(d.feed(Array("K\u{1B}".utf8)), [])
        XCTAssertEqual(d.feed(Array("\\x".utf8)), [.text("x")])
        XCTAssertEqual(d.takeReplies(), [.graphics(id: 31, ok: true)])
    }

    /// Over a slow link an answer may come in pieces more than 25 ms apart: while answers are
    /// due, a cut one waits for its end (no flush), and none of it is typed.
    func testAnAnswerCutForLongWaitsWhileAnswersAreDue() {
        var d = KeyDecoder()
        d.awaitingReplies = true
        XCTAssertEqual(d.feed(Array("\u{1B}_Gi=3".utf8)), [])
        XCTAssertFalse(d.hasPendingEscape, "no flush timer for it")
        XCTAssertEqual(d.flushPending(), [])
        XCTAssertEqual(d.feed(Array("1;OK\u{1B}\\\u{1B}[?6".utf8)), [])
        XCTAssertFalse(d.hasPendingEscape)
        XCTAssertEqual(d.feed(Array("2;4c".utf8)), [])
        XCTAssertEqual(d.takeReplies(), [.graphics(id: 31, ok: true), .primaryAttributes([62, 4])])
        // A lone Esc is still the Escape key meanwhile.
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPendingEscape)
        XCTAssertEqual(d.flushPending(), [.escape])
        // Without answers due, a cut sequence is dropped after the wait, as before.
        d.awaitingReplies = false
        XCTAssertEqual(d.feed(Array("\u{1B}[?6".utf8)), [])
        XCTAssertTrue(d.hasPendingEscape)
        XCTAssertEqual(d.flushPending(), [])
    }

    func testAltUnderscoreIsStillAKey() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("\u{1B}_".utf8)), [])
        XCTAssertEqual(d.flushPending(), [.alt("_")])
        XCTAssertEqual(decode("\u{1B}_x").keys, [.alt("_"), .text("x")])
    }

    func testAnEndlessAnswerIsDroppedNotTyped() {
        let (keys, replies) = decode("\u{1B}_G" + String(repeating: "A", count: 600) + "z")
        XCTAssertFalse(keys.contains { if case .text(let t) = $0 { return t.contains("AAAA") } else { return false } })
        XCTAssertEqual(replies, [])
    }

    private func detect(_ answers: String, setting: PreviewSetting = .auto, env: [String: String] = ["TERM": "xterm-256color"]) -> GraphicsDetection {
        var detection = GraphicsDetection(setting: setting, environment: env)
        var d = KeyDecoder()
        _ = d.feed(Array(answers.utf8))
        for reply in d.takeReplies() { _ = detection.take(reply) }
        return detection
    }

    func testKittyOKThenDA1IsKitty() {
        let d = detect("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c")
        XCTAssertEqual(d.outcome, .found(.kitty))
    }

    func testDA1WithFourIsSixel() {
        XCTAssertEqual(detect("\u{1B}[?63;1;2;4;6;9;15;22c").outcome, .found(.sixel))
    }

    func testDA1WithoutFourIsNone() {
        XCTAssertEqual(detect("\u{1B}[?62;1;2;6;22c").outcome, .found(nil))
        // A VT132's class is 4, not an attribute: not sixel.
        XCTAssertEqual(detect("\u{1B}[?4;6c").outcome, .found(nil))
    }

    func testAKittyAnswerForAnotherIdOrAnErrorIsNotKitty() {
        XCTAssertEqual(detect("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62;22c").outcome, .found(nil))
        XCTAssertEqual(detect("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?62;22c").outcome, .found(nil))
    }

    func testNoAnswerKeepsWaitingUntilGivenUp() {
        var d = detect("")
        XCTAssertEqual(d.outcome, .waiting)
        d.giveUp()
        XCTAssertEqual(d.outcome, .found(nil))
        // A late DA1 changes nothing.
        XCTAssertFalse(d.take(.primaryAttributes([62, 4])))
        XCTAssertEqual(d.outcome, .found(nil))
    }

    func testTmuxAndSettings() {
        XCTAssertFalse(GraphicsDetection(setting: .auto, environment: ["TERM": "tmux-256color"]).asks)
        XCTAssertFalse(GraphicsDetection(setting: .auto, environment: ["TERM": "xterm", "TMUX": "/tmp/t,1,0"]).asks)
        XCTAssertEqual(GraphicsDetection(setting: .auto, environment: ["TERM": "screen"]).outcome, .found(nil))
        XCTAssertTrue(GraphicsDetection(setting: .auto, environment: ["TERM": "xterm-kitty"]).asks)
        XCTAssertEqual(GraphicsDetection(setting: .off, environment: ["TERM": "xterm-kitty"]).outcome, .found(nil))
        XCTAssertEqual(GraphicsDetection(setting: .sixel, environment: ["TERM": "tmux"]).outcome, .found(.sixel))
    }

    func testTheCellSizeAnswer() {
        XCTAssertEqual(detect("\u{1B}[6;18;9t").cellPixels, Size(width: 9, height: 18))
    }

    func testTheQueryIsTheKittyQueryThenDA1() {
        XCTAssertTrue(GraphicsDetection.query.hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
        XCTAssertTrue(GraphicsDetection.query.hasSuffix("\u{1B}[c"))
    }
}
