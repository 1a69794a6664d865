import XCTest
@testable import Terminal

final class KeyDecoderTests: XCTestCase {
    private func decode(_ s: String) -> [Key] {
        var d = KeyDecoder()
        return d.feed(Array(s.utf8))
    }

    func testTextIsCoalescedAndUTF8Decoded() {
        XCTAssertEqual(decode("héllo 中文 😀"), [.text("héllo 中文 😀")])
    }

    func testSplitUTF8AcrossFeeds() {
        var d = KeyDecoder()
        let bytes = Array("中😀".utf8)
        XCTAssertEqual(d.feed(Array(bytes[0..<2])), [])
        XCTAssertEqual(d.feed(Array(bytes[2..<5])), [.text("中")])
        XCTAssertEqual(d.feed(Array(bytes[5...])), [.text("😀")])
        XCTAssertFalse(d.hasPendingEscape)
    }

    /// Focus reports (`CSI ? 1004 h`): events, never text, split across reads too, between
    /// typed text; a parameter or an SS3 `O` is something else.
    func testFocusReportsAreEventsNeverText() {
        XCTAssertEqual(decode("\u{1B}[I"), [.focus(true)])
        XCTAssertEqual(decode("\u{1B}[O"), [.focus(false)])
        XCTAssertEqual(decode("ab\u{1B}[Ocd\u{1B}[Ie"), [.text("ab"), .focus(false), .text("cd"), .focus(true), .text("e")])
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("x\u{1B}[".utf8)), [.text("x")])
        XCTAssertEqual(d.feed(Array("O".utf8)), [.focus(false)])
        XCTAssertEqual(decode("\u{1B}OP"), [.f(1)])
        XCTAssertFalse(decode("\u{1B}[1;5I").contains(.focus(true)))
    }

    func testControlKeys() {
        XCTAssertEqual(decode("\r"), [.enter])
        XCTAssertEqual(decode("\n"), [.enter])
        XCTAssertEqual(decode("\r\n"), [.enter])
        XCTAssertEqual(decode("\t"), [.tab])
        XCTAssertEqual(decode("\u{7F}"), [.backspace])
        XCTAssertEqual(decode("\u{8}"), [.backspace])
        XCTAssertEqual(decode("\u{1}\u{5}\u{17}\u{1A}"), [.ctrl("a"), .ctrl("e"), .ctrl("w"), .ctrl("z")])
        XCTAssertEqual(decode("ab\u{3}c"), [.text("ab"), .ctrl("c"), .text("c")])
    }

    func testAltKeys() {
        XCTAssertEqual(decode("\u{1B}\r"), [.altEnter])
        XCTAssertEqual(decode("\u{1B}x"), [.alt("x")])
        XCTAssertEqual(decode("\u{1B}1\u{1B}2\u{1B}3"), [.alt("1"), .alt("2"), .alt("3")])
        XCTAssertEqual(decode("\u{1B}\u{7F}"), [.altBackspace])
        XCTAssertEqual(decode("\u{1B}é"), [.alt("é")])
    }

    func testArrowsAndModifiers() {
        XCTAssertEqual(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
        XCTAssertEqual(decode("\u{1B}OA\u{1B}OD"), [.up, .left])
        XCTAssertEqual(decode("\u{1B}[1;2A\u{1B}[1;2B"), [.shiftUp, .shiftDown])
        XCTAssertEqual(decode("\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;3D"), [.ctrlRight, .ctrlLeft, .altLeft])
    }

    func testNavigationKeys() {
        XCTAssertEqual(decode("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF"), [.home, .end, .home, .end])
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"), [.home, .end, .home, .end])
        XCTAssertEqual(decode("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~"), [.pageUp, .pageDown, .delete, .insert])
        XCTAssertEqual(decode("\u{1B}[Z"), [.backTab])
        XCTAssertEqual(decode("\u{1B}[1;5H"), [.ctrlHome])
    }

    func testFunctionKeys() {
        XCTAssertEqual(decode("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS"), [.f(1), .f(2), .f(3), .f(4)])
        XCTAssertEqual(decode("\u{1B}[11~\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[23~\u{1B}[24~"),
                       [.f(1), .f(5), .f(6), .f(10), .f(11), .f(12)])
        XCTAssertEqual(decode("\u{1B}[1;2P\u{1B}[[A"), [.f(1), .f(1)])
    }

    func testShiftEnterReportsAsNewline() {
        XCTAssertEqual(decode("\u{1B}[13;2u\u{1B}[27;2;13~\u{1B}[13u"), [.altEnter, .altEnter, .enter])
    }

    func testSplitEscapeSequenceAcrossFeeds() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPendingEscape)
        XCTAssertEqual(d.feed(Array("[1;".utf8)), [])
        XCTAssertEqual(d.feed(Array("5Cok".utf8)), [.ctrlRight, .text("ok")])
        XCTAssertFalse(d.hasPendingEscape)
    }

    func testLoneEscapeWaitsThenFlushes() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPendingEscape)
        XCTAssertEqual(d.flushPending(), [.escape])
        XCTAssertFalse(d.hasPendingEscape)
        XCTAssertEqual(d.flushPending(), [])
        XCTAssertEqual(d.feed(Array("a".utf8)), [.text("a")])
        XCTAssertEqual(decode("\u{1B}\u{1B}[A"), [.escape, .up])
    }

    func testUnknownSequencesAreSwallowed() {
        XCTAssertEqual(decode("\u{1B}[99~a\u{1B}[?1;2cb\u{1B}[Jc\u{1B}O~d"), [.text("a"), .text("b"), .text("c"), .text("d")])
    }

    func testSGRMouse() {
        XCTAssertEqual(decode("\u{1B}[<64;10;5M"), [.mouse(MouseEvent(kind: .wheelUp, x: 9, y: 4))])
        XCTAssertEqual(decode("\u{1B}[<65;1;1M"), [.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0))])
        XCTAssertEqual(decode("\u{1B}[<0;3;4M\u{1B}[<0;3;4m"),
                       [.mouse(MouseEvent(kind: .press(0), x: 2, y: 3)), .mouse(MouseEvent(kind: .release(0), x: 2, y: 3))])
        XCTAssertEqual(decode("\u{1B}[<32;7;8M"), [.mouse(MouseEvent(kind: .drag(0), x: 6, y: 7))])
        XCTAssertEqual(decode("\u{1B}[<18;2;2M"), [.mouse(MouseEvent(kind: .press(2), x: 1, y: 1, ctrl: true))])
    }

    func testBracketedPasteAcrossThreeFeeds() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("x\u{1B}[200~line one\r".utf8)), [.text("x")])
        XCTAssertTrue(d.isInPaste)
        XCTAssertEqual(d.feed(Array("line two\u{1B}[31m\rline three\u{1B}[2".utf8)), [])
        XCTAssertFalse(d.hasPendingEscape)
        XCTAssertEqual(d.feed(Array("01~\r".utf8)), [.paste("line one\nline two\nline three"), .enter])
        XCTAssertFalse(d.isInPaste)
    }

    func testHugePasteIsOneEventAndFast() {
        var d = KeyDecoder()
        let line = "some pasted text that is moderately long, with words 中文\n"
        let body = String(repeating: line, count: 10_000)
        let bytes = Array(("\u{1B}[200~" + body + "\u{1B}[201~").utf8)
        let start = Date()
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {  // as a tty delivers it: 4 KiB reads
            keys += d.feed(Array(bytes[i..<min(bytes.count, i + 4096)]))
            i += 4096
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(keys, [.paste(body)])
    }

    func testLegacyMouse() {
        XCTAssertEqual(decode("\u{1B}[M\u{60}\u{25}\u{26}"), [.mouse(MouseEvent(kind: .wheelUp, x: 4, y: 5))])
    }
}
