import XCTest
@testable import Terminal

/// readline's keys in the editor, key by key: kills that add up and come back with Ctrl-Y,
/// Ctrl-T, undo, and Ctrl-R's reverse incremental search through the history.
final class LineEditorReadlineTests: XCTestCase {
    private func press(_ e: inout LineEditor, _ keys: Key...) {
        for k in keys { _ = e.handle(k) }
    }

    private func editor(_ text: String, cursor: Int? = nil, history: [String] = []) -> LineEditor {
        var e = LineEditor(text: text, history: history)
        if let cursor { e.cursor = cursor }
        return e
    }

    func testLineAndCharacterMoves() {
        var e = editor("one\ntwo words", cursor: 6)
        XCTAssertEqual(e.handle(.ctrl("a")), .moved)
        XCTAssertEqual(e.cursor, 4, "Ctrl-A: the start of the line, not of the text")
        XCTAssertEqual(e.handle(.ctrl("e")), .moved)
        XCTAssertEqual(e.cursor, 13, "Ctrl-E: the end of the line")
        press(&e, .ctrl("b"), .ctrl("b"))
        XCTAssertEqual(e.cursor, 11)
        press(&e, .ctrl("f"))
        XCTAssertEqual(e.cursor, 12)
        press(&e, .alt("b"))
        XCTAssertEqual(e.cursor, 8, "Alt-B: the start of the word")
        press(&e, .alt("b"))
        XCTAssertEqual(e.cursor, 4)
        press(&e, .alt("f"))
        XCTAssertEqual(e.cursor, 7, "Alt-F: the end of the word")
        press(&e, .ctrlRight)
        XCTAssertEqual(e.cursor, 13)
        press(&e, .ctrlLeft)
        XCTAssertEqual(e.cursor, 8)
    }

    func testCtrlWCutsToWhitespaceWhereAltBackspaceCutsAWord() {
        var e = editor("open ~/notes/today.md")
        press(&e, .altBackspace)
        XCTAssertEqual(e.text, "open ~/notes/today.")
        var w = editor("open ~/notes/today.md")
        press(&w, .ctrl("w"))
        XCTAssertEqual(w.text, "open ", "unix-word-rubout: back to the space")
    }

    func testAltDCutsTheWordAfterTheCursor() {
        var e = editor("call mom tomorrow", cursor: 4)
        XCTAssertEqual(e.handle(.alt("d")), .edited)
        XCTAssertEqual(e.text, "call tomorrow")
        XCTAssertEqual(e.cursor, 4)
    }

    func testKillsInARowAddUpAndCtrlYPutsThemBack() {
        var e = editor("one two three")
        press(&e, .ctrl("w"), .ctrl("w"))
        XCTAssertEqual(e.text, "one ")
        press(&e, .ctrl("y"))
        XCTAssertEqual(e.text, "one two three", "two backward kills in a row yank as one, in order")
        press(&e, .ctrl("a"), .alt("d"), .alt("d"))
        XCTAssertEqual(e.text, " three")
        press(&e, .ctrl("e"), .ctrl("y"))
        XCTAssertEqual(e.text, " threeone two", "forward kills add at the end")
        // A move between two kills starts a new one.
        var f = editor("a b c")
        press(&f, .ctrl("w"), .left, .ctrl("w"), .ctrl("e"), .ctrl("y"))
        XCTAssertEqual(f.text, "a  b", "only the last kill comes back")
    }

    func testCtrlUAndCtrlKCutToTheLinesEdgesAndYankBack() {
        var e = editor("first\nsecond line", cursor: 13)
        press(&e, .ctrl("u"))
        XCTAssertEqual(e.text, "first\nline")
        press(&e, .ctrl("k"))
        XCTAssertEqual(e.text, "first\n")
        press(&e, .ctrl("y"))
        XCTAssertEqual(e.text, "first\nsecond line", "two kills in a row, one back and one on, come back whole")
        var fresh = LineEditor()
        XCTAssertEqual(fresh.handle(.ctrl("y")), .unchanged, "nothing cut yet")
    }

    func testCtrlTSwapsAroundTheCursorAndAtTheEndTheLastTwo() {
        var e = editor("teh", cursor: 2)
        XCTAssertEqual(e.handle(.ctrl("t")), .edited)
        XCTAssertEqual(e.text, "the")
        XCTAssertEqual(e.cursor, 3)
        var end = editor("abdc")
        press(&end, .ctrl("t"))
        XCTAssertEqual(end.text, "abcd", "at the end: the two characters before the cursor")
        XCTAssertEqual(end.cursor, 4)
        var start = editor("ab", cursor: 0)
        XCTAssertEqual(start.handle(.ctrl("t")), .unchanged, "nothing before the cursor")
        var wide = editor("中文👩‍💻", cursor: 2)
        press(&wide, .ctrl("t"))
        XCTAssertEqual(wide.text, "中👩‍💻文", "graphemes, never bytes")
        var lines = editor("a\nb", cursor: 2)
        XCTAssertEqual(lines.handle(.ctrl("t")), .unchanged, "not across a line break")
    }

    func testUndoTakesBackAWordOfTypingOrAnEditAtATime() {
        var e = LineEditor()
        press(&e, .text("h"), .text("e"), .text("y"), .text(" "), .text("y"), .text("o"), .text("u"))
        XCTAssertEqual(e.text, "hey you")
        XCTAssertEqual(e.handle(.ctrl("_")), .edited)
        XCTAssertEqual(e.text, "hey ", "the last word typed")
        press(&e, .ctrl("_"))
        XCTAssertEqual(e.text, "")
        XCTAssertEqual(e.handle(.ctrl("_")), .unchanged, "nothing left to undo")

        var k = editor("keep this")
        press(&k, .ctrl("w"), .ctrl("y"), .ctrl("t"))
        XCTAssertEqual(k.text, "keep thsi")
        press(&k, .ctrl("_"))
        XCTAssertEqual(k.text, "keep this")
        press(&k, .ctrl("_"))
        XCTAssertEqual(k.text, "keep ")
        press(&k, .ctrl("_"))
        XCTAssertEqual(k.text, "keep this")
        XCTAssertEqual(k.cursor, 9, "the cursor comes back too")

        var set = editor("draft")
        set.text = "from $EDITOR"
        press(&set, .ctrl("_"))
        XCTAssertEqual(set.text, "draft", "text set by the app is one undo step")
        _ = set.commit()
        XCTAssertEqual(set.handle(.ctrl("_")), .unchanged, "a sent line starts afresh")
    }

    func testUndoAfterWalkingTheHistoryBringsBackWhatWasTyped() {
        var e = editor("half typed", history: ["one", "two"])
        press(&e, .up, .up)
        XCTAssertEqual(e.text, "one")
        press(&e, .ctrl("_"))
        XCTAssertEqual(e.text, "half typed")
        press(&e, .up)
        XCTAssertEqual(e.text, "two", "the walk starts again from the newest")
    }

    // MARK: - Ctrl-R

    private let history = ["buy milk", "call mom", "water the plants", "buy oat milk", "call the plumber"]

    func testReverseSearchNarrowsAsYouTypeAndCtrlRStepsOlder() throws {
        var e = editor("draft", history: history)
        XCTAssertEqual(e.handle(.ctrl("r")), .edited)
        XCTAssertEqual(e.search?.query, "")
        XCTAssertEqual(e.text, "draft", "nothing typed: the line stays")
        press(&e, .text("mi"))
        XCTAssertEqual(e.text, "buy oat milk", "the newest line holding the words")
        XCTAssertEqual(e.cursor, 8, "the cursor on the match")
        press(&e, .text("l"))
        XCTAssertEqual(e.text, "buy oat milk", "still holds it: stays")
        press(&e, .ctrl("r"))
        XCTAssertEqual(e.text, "buy milk", "again: an older match")
        press(&e, .ctrl("r"))
        XCTAssertEqual(e.text, "buy milk")
        XCTAssertEqual(e.search?.failing, true, "nothing older: failing, the last match stays")
        press(&e, .backspace, .backspace, .backspace)
        XCTAssertEqual(e.text, "draft", "the query emptied: the line as it was")
        press(&e, .text("CALL"))
        XCTAssertEqual(e.text, "call the plumber", "ASCII case is ignored")
        XCTAssertEqual(e.search?.failing, false)
    }

    func testEnterKeepsTheMatchAndDownGoesBackToTheDraft() {
        var e = editor("draft", history: history)
        press(&e, .ctrl("r"), .text("water"))
        XCTAssertEqual(e.handle(.enter), .edited, "Enter ends the search; it does not submit")
        XCTAssertNil(e.search)
        XCTAssertEqual(e.text, "water the plants")
        press(&e, .down)
        XCTAssertEqual(e.text, "buy oat milk", "Down goes on from the match")
        press(&e, .down, .down)
        XCTAssertEqual(e.text, "draft")
        var undone = editor("draft", history: history)
        press(&undone, .ctrl("r"), .text("water"), .enter, .ctrl("_"))
        XCTAssertEqual(undone.text, "draft", "the line before the search is an undo step")
    }

    func testEscAndCtrlGPutBackTheLine() {
        for cancel in [Key.escape, .ctrl("g")] {
            var e = editor("draft", cursor: 2, history: history)
            press(&e, .ctrl("r"), .text("plumb"))
            XCTAssertEqual(e.text, "call the plumber")
            XCTAssertEqual(e.handle(cancel), .edited)
            XCTAssertNil(e.search)
            XCTAssertEqual(e.text, "draft")
            XCTAssertEqual(e.cursor, 2)
            press(&e, .ctrl("r"), .ctrl("r"))
            XCTAssertEqual(e.text, "call the plumber", "Ctrl-R on an empty search looks for the last query again")
        }
    }

    func testAnotherKeyEndsTheSearchAndActs() {
        var e = editor("", history: history)
        press(&e, .ctrl("r"), .text("oat"))
        XCTAssertEqual(e.handle(.ctrl("e")), .moved, "Ctrl-E ends the search and moves")
        XCTAssertNil(e.search)
        XCTAssertEqual(e.cursor, 12)
        press(&e, .ctrl("r"), .text("mom"))
        XCTAssertNil(e.handle(.tab), "a key the editor does not take is the caller's, the search ended")
        XCTAssertNil(e.search)
        XCTAssertEqual(e.text, "call mom")
    }

    func testCtrlRStepsOverRepeatsAndNeedsAHistory() {
        var e = editor("", history: ["milk", "eggs", "milk"])
        press(&e, .ctrl("r"), .text("milk"), .ctrl("r"))
        XCTAssertEqual(e.search?.failing, true, "the same line again is not another match")
        var field = LineEditor(text: "x")
        XCTAssertEqual(field.handle(.ctrl("r")), .unchanged, "no history (a form's field): nothing")
        var replaced = editor("", history: history)
        press(&replaced, .ctrl("r"), .text("mom"))
        replaced.history = ["new"]
        XCTAssertNil(replaced.search, "a new history ends the search")
    }

    func testSearchMatchesCJKAndEmojiAndPutsTheCursorOnTheGrapheme() {
        var e = editor("", history: ["提醒我 买牛奶 👩‍💻 明天", "other"])
        press(&e, .ctrl("r"), .text("牛奶"))
        XCTAssertEqual(e.text, "提醒我 买牛奶 👩‍💻 明天")
        XCTAssertEqual(e.cursor, 5)
        press(&e, .text(" 👩‍💻"))
        XCTAssertEqual(e.search?.failing, false)
    }

    /// 100,000 lines: a search that finds nothing reads them all, and stays well under a frame
    /// in a release build (docs/performance.md); here, in a debug build, under a second.
    func testSearchingAHundredThousandLinesIsQuick() {
        let lines = (0..<100_000).map { "message number \($0) about the weather and the plans for today" }
        var e = editor("", history: lines)
        let clock = ContinuousClock()
        let time = clock.measure { press(&e, .ctrl("r"), .text("zz")) }
        XCTAssertEqual(e.search?.failing, true)
        XCTAssertLessThan(time, .seconds(1))
        press(&e, .backspace, .backspace, .text("number 7 "))
        XCTAssertEqual(e.text, "message number 7 about the weather and the plans for today")
    }

    func testOneLineFieldsJoinPastedLinesAndLeaveEnterAndArrowsToTheCaller() {
        var e = LineEditor()
        XCTAssertEqual(e.handleOneLine(.paste("rain\nparis")), .edited)
        XCTAssertEqual(e.text, "rain paris")
        XCTAssertNil(e.handleOneLine(.enter))
        XCTAssertNil(e.handleOneLine(.altEnter))
        XCTAssertNil(e.handleOneLine(.up))
        XCTAssertEqual(e.handleOneLine(.ctrl("a")), .moved)
        XCTAssertEqual(e.textBeforeCursor + "|" + e.textAfterCursor, "|rain paris")
    }
}
