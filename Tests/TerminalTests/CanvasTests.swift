import XCTest
@testable import Terminal

final class CanvasTests: XCTestCase {
    func testPutClipsAtEdgeAndMaxWidth() {
        var c = Canvas(width: 6, height: 2)
        XCTAssertEqual(c.put("hello world", x: 2, y: 0, style: .plain), 4)
        XCTAssertEqual(c.put("abcdef", x: 0, y: 1, style: .plain, maxWidth: 3), 3)
        XCTAssertEqual(c.text(), "  hell\nabc")
        XCTAssertEqual(c.put("zzz", x: 0, y: 5, style: .plain), 0)
    }

    func testWideCharacterAndContinuation() {
        var c = Canvas(width: 5, height: 1)
        c.put("中文", x: 0, y: 0, style: .plain)
        XCTAssertEqual(c[0, 0].text, "中")
        XCTAssertEqual(c[0, 0].width, 2)
        XCTAssertTrue(c[1, 0].isContinuation)
        XCTAssertEqual(c[2, 0].text, "文")
        XCTAssertEqual(c.text(), "中文")
    }

    func testWideCharacterThatDoesNotFitBecomesSpace() {
        var c = Canvas(width: 5, height: 1)
        c.fill(c.bounds, style: .plain, char: ".")
        XCTAssertEqual(c.put("ab中", x: 2, y: 0, style: .plain), 3)
        XCTAssertEqual(c.row(0), "..ab ")
        XCTAssertFalse(c[4, 0].isContinuation)
    }

    func testOverwritingHalfOfAWideCharacterClearsTheOtherHalf() {
        var c = Canvas(width: 6, height: 1)
        c.put("中文", x: 0, y: 0, style: .plain)
        c.put("x", x: 1, y: 0, style: .plain)       // right half of 中
        XCTAssertEqual(c.row(0), " x文  ")
        c.put("y", x: 2, y: 0, style: .plain)       // left half of 文
        XCTAssertEqual(c.row(0), " xy   ")
        c.put("日本", x: 3, y: 0, style: .plain)    // 本 does not fit: a space at the edge
        XCTAssertEqual(c.row(0), " xy日 ")
        c.put("語", x: 2, y: 0, style: .plain)      // covers y and the left half of 日
        XCTAssertEqual(c.row(0), " x語  ")
        for x in 0..<6 where c[x, 0].width == 2 { XCTAssertTrue(c[x + 1, 0].isContinuation) }
    }

    func testSanitizesAndDrawsNewlineAsSpace() {
        var c = Canvas(width: 10, height: 1)
        c.put("a\u{1B}[31mb\nc", x: 0, y: 0, style: .plain)
        XCTAssertEqual(c.text(), "ab c")
    }

    func testFillClearAndBox() {
        var c = Canvas(width: 12, height: 4)
        c.box(Rect(x: 0, y: 0, width: 12, height: 4), title: "Tasks", style: .plain, titleStyle: .plain)
        XCTAssertEqual(c.text(), """
        ┌─ Tasks ──┐
        │          │
        │          │
        └──────────┘
        """)
        c.fill(Rect(x: 1, y: 1, width: 3, height: 2), style: .plain, char: "#")
        XCTAssertEqual(c.row(2), "│###       │")
        c.cursor = Point(x: 1, y: 1)
        c.clear()
        XCTAssertEqual(c.text(), "\n\n\n")
        XCTAssertNil(c.cursor)
    }

    func testPutInRectClips() {
        var c = Canvas(width: 10, height: 3)
        let r = Rect(x: 2, y: 1, width: 4, height: 1)
        c.put("abcdefgh", in: r, style: .plain)
        c.put("never", in: r, line: 1, style: .plain)
        XCTAssertEqual(c.text(), "\n  abcd\n")
    }

    func testRectHelpers() {
        let r = Rect(x: 0, y: 0, width: 80, height: 24)
        XCTAssertEqual(r.inset(1), Rect(x: 1, y: 1, width: 78, height: 22))
        let (left, right) = r.splitting(leftWidth: 30)
        XCTAssertEqual(left.width + right.width, 80)
        XCTAssertEqual(right.x, 30)
        let (top, bottom) = r.splitting(bottomHeight: 3)
        XCTAssertEqual(top.height, 21)
        XCTAssertEqual(bottom.y, 21)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 3, height: 3).inset(2).isEmpty)
    }
}
