import XCTest
@testable import Terminal

final class LineEditorTests: XCTestCase {
    private func type(_ e: inout LineEditor, _ keys: [Key]) {
        for k in keys { _ = e.handle(k) }
    }

    func testInsertAndCursorMovesByGrapheme() {
        var e = LineEditor()
        XCTAssertEqual(e.handle(.text("héllo👩‍💻")), .edited)
        XCTAssertEqual(e.cursor, 6)
        type(&e, [.left, .backspace])
        XCTAssertEqual(e.text, "héll👩‍💻")
        type(&e, [.home, .delete, .end, .text("!")])
        XCTAssertEqual(e.text, "éll👩‍💻!")
        XCTAssertEqual(e.handle(.home), .moved)
        XCTAssertEqual(e.handle(.backspace), .unchanged)
        XCTAssertNil(e.handle(.tab))
        XCTAssertNil(e.handle(.ctrl("g")), "the app's: $EDITOR")
        XCTAssertNil(e.handle(.ctrl("x")), "the app's: Ctrl-X Ctrl-E")
    }

    func testWordCommands() {
        var e = LineEditor(text: "hello big world")
        type(&e, [.ctrlLeft])
        XCTAssertEqual(e.cursor, 10)
        type(&e, [.ctrlLeft, .ctrlRight])
        XCTAssertEqual(e.cursor, 9)
        type(&e, [.ctrl("w")])
        XCTAssertEqual(e.text, "hello  world")
        type(&e, [.ctrl("u")])
        XCTAssertEqual(e.text, " world")
        type(&e, [.ctrl("k")])
        XCTAssertEqual(e.text, "")
    }

    func testSubmitAndNewline() {
        var e = LineEditor(text: "first")
        XCTAssertEqual(e.handle(.altEnter), .edited)
        type(&e, [.text("second")])
        XCTAssertEqual(e.text, "first\nsecond")
        XCTAssertEqual(e.handle(.enter), .submit)
        XCTAssertEqual(e.commit(), "first\nsecond")
        XCTAssertEqual(e.text, "")
        XCTAssertEqual(e.history, ["first\nsecond"])
    }

    func testUpDownMoveBetweenLinesKeepingColumn() {
        var e = LineEditor(text: "abcdef\nxy\n123456")
        type(&e, [.left, .left])     // after "1234"
        type(&e, [.up])              // "xy" is shorter: end of it
        XCTAssertEqual(e.cursor, 9)
        type(&e, [.up])
        XCTAssertEqual(e.cursor, 2)  // column 2 of "abcdef"
        type(&e, [.down, .down])
        XCTAssertEqual(e.cursor, 12)
    }

    func testHistoryKeepsTheDraft() {
        var e = LineEditor(history: ["one", "two"])
        type(&e, [.text("draft")])
        type(&e, [.up])
        XCTAssertEqual(e.text, "two")
        type(&e, [.up])
        XCTAssertEqual(e.text, "one")
        XCTAssertEqual(e.handle(.up), .unchanged)
        type(&e, [.down])
        XCTAssertEqual(e.text, "two")
        type(&e, [.down])
        XCTAssertEqual(e.text, "draft")
        XCTAssertNil(e.handle(.down))  // free for the caller (scrolling)
        XCTAssertEqual(e.history, ["one", "two"])
    }

    func testPasteIsInsertedSanitizedAtCursor() {
        var e = LineEditor(text: "ab")
        type(&e, [.left, .paste("1\n2\u{1B}[31m3")])
        XCTAssertEqual(e.text, "a1\n23b")
        XCTAssertEqual(e.cursor, 5)
    }

    func testRenderWrapsAndPlacesCursor() {
        var canvas = Canvas(width: 10, height: 3)
        var e = LineEditor(text: "hello wide world")
        e.render(into: &canvas, rect: Rect(x: 0, y: 0, width: 10, height: 3), style: .plain)
        XCTAssertEqual(canvas.text(), "hello wide\nworld\n")
        XCTAssertEqual(canvas.cursor, Point(x: 5, y: 1))
        e.cursor = 2
        e.render(into: &canvas, rect: Rect(x: 0, y: 0, width: 10, height: 3), style: .plain)
        XCTAssertEqual(canvas.cursor, Point(x: 2, y: 0))
    }

    func testRenderScrollsToCursorAndShowsPlaceholder() {
        var canvas = Canvas(width: 8, height: 2)
        let rect = Rect(x: 0, y: 0, width: 8, height: 2)
        var e = LineEditor(text: "1\n2\n3\n4")
        e.render(into: &canvas, rect: rect, style: .plain)
        XCTAssertEqual(canvas.text(), "3\n4")
        XCTAssertEqual(canvas.cursor, Point(x: 1, y: 1))
        e.cursor = 0
        e.render(into: &canvas, rect: rect, style: .plain)
        XCTAssertEqual(canvas.text(), "1\n2")
        XCTAssertEqual(canvas.cursor, Point(x: 0, y: 0))
        e.text = "12345678"   // full row: the cursor goes to the next row
        XCTAssertEqual(e.visualRowCount(width: 8), 2)
        e.render(into: &canvas, rect: rect, style: .plain)
        XCTAssertEqual(canvas.cursor, Point(x: 0, y: 1))
        e.text = ""
        e.render(into: &canvas, rect: rect, style: .plain, placeholder: "Ask anything…", placeholderStyle: .plain)
        XCTAssertEqual(canvas.text(), "Ask any…\n")
        XCTAssertEqual(canvas.cursor, Point(x: 0, y: 0))
    }
}
