import XCTest
@testable import Terminal

final class BackendTests: XCTestCase {
    func testDiffListsOnlyChangedCells() {
        var a = Canvas(width: 10, height: 2)
        a.put("hello", x: 0, y: 0, style: .plain)
        var b = a
        b.put("J", x: 0, y: 0, style: .plain)
        b.put("!", x: 9, y: 1, style: .plain)
        XCTAssertEqual(diffCells(old: a, new: b), [0, 19])
        XCTAssertEqual(diffCells(old: a, new: a), [])
        XCTAssertEqual(diffCells(old: nil, new: a).count, 20)
    }

    func testDiffSkipsContinuationsAndCatchesStyleChanges() {
        var a = Canvas(width: 4, height: 1)
        a.put("ab", x: 0, y: 0, style: .plain)
        var b = a
        b.put("中", x: 1, y: 0, style: .plain)
        XCTAssertEqual(diffCells(old: a, new: b), [1])  // col 2 is covered by the wide char
        var c = b
        c.put("a", x: 0, y: 0, style: Style(bold: true))
        XCTAssertEqual(diffCells(old: b, new: c), [0])
        XCTAssertEqual(diffCells(old: nil, new: b), [0, 1, 3])
    }

    func testBackendCopyOfTheScreenFollowsEveryFrame() {
        // The backend updates its copy of the screen in place from the diff: after each
        // frame it must equal the frame, wide characters, styles and cursor included.
        let backend = MemoryBackend(size: Size(width: 12, height: 3))
        var frame = Canvas(size: backend.size)
        let texts = ["abc 中文 x", "中中中中中中", "a中b中c中d", "      ", "👩‍💻 🇫🇷 e\u{301}", "xyz"]
        for step in 0..<60 {
            let text = texts[step % texts.count]
            let style = step % 4 == 0 ? Style(fg: .ansi(2), bold: true) : .plain
            frame.put(text, x: step % 5, y: step % 3, style: style)
            if step % 7 == 0 { frame.fill(Rect(x: 2 + step % 3, y: 0, width: 3, height: 2), style: style) }
            frame.cursor = step % 2 == 0 ? Point(x: step % 12, y: 1) : nil
            backend.present(frame)
            XCTAssertTrue(backend.lastFrame == frame, "step \(step)")
            XCTAssertEqual(diffCells(old: backend.lastFrame, new: frame), [], "step \(step)")
        }
    }

    func testFillKeepsWideCharactersWhole() {
        var a = Canvas(width: 8, height: 1)
        a.put("中文中文", x: 0, y: 0, style: .plain)
        a.fill(Rect(x: 1, y: 0, width: 4, height: 1), style: .plain, char: "-")
        XCTAssertEqual(a.row(0), " ---- 文")
        a.fill(Rect(x: 7, y: 0, width: 1, height: 1), style: .plain, char: "+")
        XCTAssertEqual(a.row(0), " ----  +")
    }

    func testMemoryBackendCountsAndRedrawsFullyAfterResize() {
        let backend = MemoryBackend(size: Size(width: 10, height: 3))
        var frame = Canvas(size: backend.size)
        frame.put("hi", x: 0, y: 0, style: .plain)
        backend.present(frame)
        XCTAssertEqual(backend.lastCellsWritten, 30)
        frame.put("ho", x: 0, y: 0, style: .plain)
        backend.present(frame)
        XCTAssertEqual(backend.lastCellsWritten, 1)
        XCTAssertEqual(backend.lastFrame?.text(), "ho\n\n")
        backend.size = Size(width: 5, height: 2)
        XCTAssertEqual(backend.updateSize(), Size(width: 5, height: 2))
        backend.present(Canvas(size: backend.size))
        XCTAssertEqual(backend.lastCellsWritten, 10)
        XCTAssertEqual(backend.framesPresented, 3)
        XCTAssertEqual(backend.cellsWritten, 41)
        backend.bell()
        backend.shutdown()
        XCTAssertEqual(backend.bells, 1)
        XCTAssertTrue(backend.isShutDown)
    }

    func testColorDegrading() {
        XCTAssertEqual(Color.rgb(255, 0, 0).degraded(to: .palette256), .palette(196))
        XCTAssertEqual(Color.rgb(128, 128, 128).degraded(to: .palette256), .palette(244))
        XCTAssertEqual(Color.rgb(250, 10, 10).degraded(to: .ansi16), .ansi(9))
        XCTAssertEqual(Color.palette(21).degraded(to: .ansi16), .ansi(4))
        XCTAssertEqual(Color.ansi(9).degraded(to: .ansi8), .ansi(1))
        XCTAssertEqual(Color.ansi(8).degraded(to: .ansi8), .ansi(7))
        XCTAssertEqual(Color.rgb(1, 2, 3).degraded(to: .none), .terminalDefault)
        XCTAssertEqual(Color.rgb(1, 2, 3).degraded(to: .trueColor), .rgb(1, 2, 3))
        XCTAssertEqual(Style(fg: .rgb(0, 0, 0), bold: true).degraded(to: .ansi8), Style(fg: .ansi(0), bold: true))
    }

    func testLegibleDegradationNeverPutsTextInItsBackgroundsColor() {
        let border = Style(fg: .rgb(0x66, 0x5c, 0x54), bg: .rgb(0x28, 0x28, 0x28))  // gruvbox bg3 on bg
        XCTAssertEqual(border.degraded(to: .ansi8), Style(fg: .ansi(0), bg: .ansi(0)), "plain degradation: black on black")
        XCTAssertEqual(border.degradedLegibly(to: .ansi8), Style(fg: .ansi(7), bg: .ansi(0)))
        XCTAssertEqual(Style(fg: .rgb(250, 250, 250), bg: .rgb(255, 255, 255)).degradedLegibly(to: .ansi16), Style(fg: .ansi(7), bg: .ansi(15)))
        XCTAssertEqual(Style(fg: .rgb(250, 250, 250), bg: .rgb(255, 255, 255)).degradedLegibly(to: .ansi8), Style(fg: .ansi(0), bg: .ansi(7)))
        XCTAssertEqual(Style(fg: .rgb(1, 1, 1), bg: .rgb(0, 0, 0)).degradedLegibly(to: .palette256), Style(fg: .palette(250), bg: .palette(16)))
        XCTAssertEqual(Style(fg: .ansi(4), bg: .ansi(4)).degradedLegibly(to: .ansi8), Style(fg: .ansi(4), bg: .ansi(4)), "asked for: kept")
        XCTAssertEqual(border.degradedLegibly(to: .none), Style())
    }

    func testColorDepthDetection() {
        XCTAssertEqual(ColorDepth.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], colors: 256), ColorDepth.none)
        XCTAssertEqual(ColorDepth.detect(environment: ["COLORTERM": "24bit"], colors: 256), .trueColor)
        XCTAssertEqual(ColorDepth.detect(environment: [:], colors: 256), .palette256)
        XCTAssertEqual(ColorDepth.detect(environment: [:], colors: 16), .ansi16)
        XCTAssertEqual(ColorDepth.detect(environment: [:], colors: 8), .ansi8)
        XCTAssertEqual(ColorDepth.detect(environment: [:], colors: 0), ColorDepth.none)
        XCTAssertEqual(ColorDepth.detect(environment: [:], colors: 1 << 24), .trueColor, "a direct-color terminfo entry")
        XCTAssertEqual(ColorDepth.detect(environment: ["NO_COLOR": "1"], colors: 1 << 24), ColorDepth.none)
    }

    /// xterm-direct: color numbers 0-7 are the standard colors, from 8 up 24-bit RGB values.
    func testDirectColorPairsCarryRGBValues() {
        var pairs = ColorPairs(depth: .trueColor, defaultColors: true, limit: 100, directColor: true)
        var allocated: [[Int32]] = []
        let allocate: (Int32, Int32, Int32) -> Bool = { allocated.append([$0, $1, $2]); return true }
        _ = pairs.pair(for: Style(fg: .rgb(0x26, 0x8b, 0xd2), bg: .rgb(0, 0x2b, 0x36)), allocate: allocate)
        _ = pairs.pair(for: Style(fg: .ansi(1), bg: .ansi(9)), allocate: allocate)
        _ = pairs.pair(for: Style(fg: .palette(196), bg: .rgb(0, 0, 3)), allocate: allocate)
        XCTAssertEqual(allocated, [[1, 0x268bd2, 0x002b36], [2, 1, 0xff0000], [3, 0xff0000, 8]])
        XCTAssertEqual(ColorPairs(depth: .palette256, defaultColors: true, limit: 9, directColor: true).number(.rgb(255, 0, 0), foreground: true),
                       196, "direct color only at true-color depth")
    }

    func testColorPairsAreAllocatedLazilyAndCached() {
        var pairs = ColorPairs(depth: .trueColor, defaultColors: true, limit: 3)
        var allocated: [(Int32, Int32, Int32)] = []
        let allocate: (Int32, Int32, Int32) -> Bool = { allocated.append(($0, $1, $2)); return true }
        XCTAssertEqual(pairs.pair(for: .plain, allocate: allocate), 0)
        XCTAssertEqual(pairs.pair(for: Style(fg: .ansi(1)), allocate: allocate), 1)
        XCTAssertEqual(pairs.pair(for: Style(fg: .ansi(1), bold: true), allocate: allocate), 1)
        XCTAssertEqual(pairs.pair(for: Style(fg: .rgb(255, 0, 0), bg: .ansi(4)), allocate: allocate), 2)
        XCTAssertEqual(pairs.pair(for: Style(fg: .ansi(3)), allocate: allocate), 0)  // table full
        XCTAssertEqual(allocated.map { [$0.0, $0.1, $0.2] }, [[1, 1, -1], [2, 196, 4]])
        XCTAssertEqual(pairs.misses, 1)
        var mono = ColorPairs(depth: .none, defaultColors: true, limit: 64)
        XCTAssertEqual(mono.pair(for: Style(fg: .ansi(1)), allocate: allocate), 0)
    }

    func testCursesTextFallsBackWhenACellIsTooLong() {
        let long = Cell(text: "e\u{301}\u{302}\u{303}\u{304}\u{305}", width: 1, style: .plain)
        XCTAssertEqual(NcursesBackend.cursesText(for: long).map(\.value), [0x65])
        let plain = Cell(text: "e\u{301}", width: 1, style: .plain)
        XCTAssertEqual(NcursesBackend.cursesText(for: plain).map(\.value), [0x65, 0x301])
    }

    func testNcursesBackendRefusesWithoutATerminal() throws {
        // Run with stdin pointing at /dev/null so this is headless whatever runs the tests:
        // init must throw a clear error rather than exit or touch the screen.
        let saved = dup(0)
        let devNull = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThanOrEqual(devNull, 0)
        dup2(devNull, 0)
        defer { dup2(saved, 0); close(saved); close(devNull) }
        XCTAssertThrowsError(try NcursesBackend()) { error in
            XCTAssertEqual(error as? TerminalError, .noTerminal("stdin or stdout is not a tty"))
            XCTAssertTrue("\(error)".contains("not a tty"))
        }
    }
}
