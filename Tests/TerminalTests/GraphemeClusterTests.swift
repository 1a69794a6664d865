import XCTest
@testable import Terminal

/// Emoji sequences are one two-column cell everywhere: measured, drawn on the canvas, wrapped,
/// typed into the line editor scalar by scalar, and sent to the terminal whole.
final class GraphemeClusterTests: XCTestCase {
    /// ZWJ sequences, VS16, skin tones, flags, keycaps and a tag sequence.
    static let sequences: [(name: String, text: String)] = [
        ("family", "👨‍👩‍👧‍👦"), ("rainbow flag", "🏳️‍🌈"), ("pirate flag", "🏴‍☠️"), ("technologist", "👩🏽‍💻"),
        ("thumbs up, medium skin", "👍🏽"), ("red heart VS16", "❤️"), ("flag of Japan", "🇯🇵"), ("keycap 1", "1️⃣"),
        ("keycap #", "#️⃣"), ("England", "🏴󠁧󠁢󠁥󠁮󠁧󠁿"), ("couple with heart", "👩‍❤️‍👨"), ("eye in speech bubble", "👁️‍🗨️"),
    ]

    func testEachSequenceIsOneGraphemeTwoColumnsWide() {
        for (name, text) in Self.sequences {
            XCTAssertEqual(text.count, 1, name)
            XCTAssertEqual(TextWidth.of(text), 2, name)
            XCTAssertEqual(TextWidth.of("a" + text + "b"), 4, name)
        }
    }

    func testTheCanvasHoldsEachSequenceInOneWideCell() {
        for (name, text) in Self.sequences {
            var canvas = Canvas(width: 8, height: 1)
            XCTAssertEqual(canvas.put("a" + text + "b", x: 0, y: 0, style: .plain), 4, name)
            XCTAssertEqual(canvas[1, 0].text, text, name)
            XCTAssertEqual(canvas[1, 0].width, 2, name)
            XCTAssertTrue(canvas[2, 0].isContinuation, name)
            XCTAssertEqual(canvas[3, 0].text, "b", name)
            // Cut at the edge, the sequence is dropped whole, never split.
            var narrow = Canvas(width: 2, height: 1)
            narrow.put("a" + text, x: 0, y: 0, style: .plain)
            XCTAssertEqual(narrow.row(0), "a ", name)
        }
    }

    func testWrappingNeverSplitsASequence() {
        let all = Self.sequences.map(\.text).joined(separator: " ")
        for width in [2, 3, 5, 7] {
            let lines = Wrap.lines(all, width: width)
            XCTAssertEqual(lines.joined().filter { $0 != " " }.map(String.init), Self.sequences.map(\.text), "width \(width)")
            for line in lines { XCTAssertLessThanOrEqual(TextWidth.of(line), width, "width \(width): \(line)") }
        }
    }

    /// A terminal sends a sequence in pieces (one read per scalar, say): the editor joins them,
    /// so the cursor, Backspace and the drawn width see one grapheme.
    func testTheEditorJoinsASequenceTypedScalarByScalar() {
        for (name, text) in Self.sequences {
            var editor = LineEditor()
            for _ in 0..<3 {
                for scalar in text.unicodeScalars { _ = editor.handle(.text(String(scalar))) }
            }
            XCTAssertEqual(editor.text, text + text + text, name)
            XCTAssertEqual(editor.cursor, 3, name)
            var canvas = Canvas(width: 20, height: 1)
            editor.render(into: &canvas, rect: Rect(x: 0, y: 0, width: 20, height: 1), style: .plain)
            XCTAssertEqual(canvas.cursor, Point(x: 6, y: 0), name)
            _ = editor.handle(.backspace)
            XCTAssertEqual(editor.text, text + text, name)
            _ = editor.handle(.left)
            XCTAssertEqual(editor.cursor, 1, name)
        }
    }

    func testAModifierTypedInsideTheTextJoinsTheEmojiBeforeTheCursor() {
        var editor = LineEditor(text: "a👍b")
        _ = editor.handle(.left)
        _ = editor.handle(.text("\u{1F3FD}"))
        XCTAssertEqual(editor.text, "a👍🏽b")
        XCTAssertEqual(editor.cursor, 2)
        _ = editor.handle(.backspace)
        XCTAssertEqual(editor.text, "ab")
        // Deleting what stood between two regional indicators makes them one flag.
        var flags = LineEditor(text: "🇯x🇵")
        _ = flags.handle(.left)
        _ = flags.handle(.backspace)
        XCTAssertEqual(flags.text, "🇯🇵")
        XCTAssertEqual(flags.text.count, 1)
        XCTAssertEqual(flags.cursor, 1)
    }

    /// glibc's wcwidth as ncurses sees it: emoji with emoji presentation and regional indicators
    /// as its tables have them; joiners and selectors zero.
    private static func glibcLikeWidth(_ v: UInt32) -> Int32 {
        switch v {
        case 0x200D, 0xFE0F, 0x20E3, 0xE0020...0xE007F: return 0
        case 0x1F1E6...0x1F1FF, 0x2764, 0x1F3F3, 0x1F441, 0x2620, 0x1F5E8, 0x23, 0x31...0x39: return 1
        default: return v < 0x7F ? 1 : 2
        }
    }

    func testSequencesNcursesCannotHoldGoOutDirectly() {
        for (name, text) in Self.sequences {
            let cell = Cell(text: text, width: 2, style: .plain)
            XCTAssertFalse(DirectClusters.fitsCurses(cell, wcwidth: Self.glibcLikeWidth), name)
        }
        XCTAssertTrue(DirectClusters.fitsCurses(Cell(text: "中", width: 2, style: .plain), wcwidth: Self.glibcLikeWidth))
        XCTAssertTrue(DirectClusters.fitsCurses(Cell(text: "e\u{301}", width: 1, style: .plain)) { $0 == 0x301 ? 0 : 1 })
        XCTAssertTrue(DirectClusters.fitsCurses(Cell(text: "😀", width: 2, style: .plain), wcwidth: Self.glibcLikeWidth))
        // Half typed: the terminal would join what comes next to a trailing joiner, so it is not sent.
        XCTAssertFalse(DirectClusters.fitsCurses(Cell(text: "👨\u{200D}", width: 2, style: .plain), wcwidth: Self.glibcLikeWidth))
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("👨\u{200D}", x: 0, y: 0, style: .plain)
        XCTAssertEqual(canvas[0, 0].text, "👨\u{200D}")
        XCTAssertFalse(DirectClusters.sequence(canvas, rows: [0: 0]) { _ in "" }.contains("\u{200D}"))
    }

    func testTheDirectWriteDrawsEachSequenceWholeAndTheRestOfItsRowAtItsColumns() {
        var canvas = Canvas(width: 12, height: 2)
        canvas.put("x👨‍👩‍👧‍👦y🏳️‍🌈z", x: 0, y: 1, style: Style(fg: .ansi(2), bold: true))
        let out = DirectClusters.sequence(canvas, rows: [1: 1]) { _ in "32;49" }
        XCTAssertTrue(out.hasPrefix("\u{1B}7\u{1B}[?7l"), out)   // cursor and attributes saved, no autowrap
        XCTAssertTrue(out.hasSuffix("\u{1B}[?7h\u{1B}8"), out)
        XCTAssertTrue(out.contains("\u{1B}[2;2H\u{1B}[0;1;32;49m👨‍👩‍👧‍👦\u{1B}[2;4Hy🏳️‍🌈\u{1B}[2;7Hz"), out.debugDescription)
        XCTAssertFalse(out.contains("x"), "drawn from the first sequence on")
        XCTAssertEqual(DirectClusters.colorParameters(foreground: -1, background: 4, directColor: false), "39;44")
        XCTAssertEqual(DirectClusters.colorParameters(foreground: 9, background: 200, directColor: false), "91;48;5;200")
        XCTAssertEqual(DirectClusters.colorParameters(foreground: 0x102030, background: 3, directColor: true), "38;2;16;32;48;43")
    }
}
