import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The real terminal, through ncursesw. Input is NOT read through curses: the app polls
/// and reads stdin itself and decodes with `KeyDecoder` (keypad stays off).
///
/// Swift 6 refuses the C globals `stdscr`, `COLORS` and `COLOR_PAIRS`, so this uses the
/// stdscr-implicit functions (`mvadd_wch`, `refresh` = wnoutrefresh(stdscr) + doupdate,
/// `clear`, `move`) and asks terminfo (`tigetnum`) for the counts.
public final class NcursesBackend: TerminalBackend {
    public private(set) var size: Size
    /// What frames are rendered with: `.trueColor` only when the terminfo entry has direct
    /// colors (TERM=xterm-direct); `COLORTERM=truecolor` over a 256-color entry gives 256,
    /// since ncurses writes colors through the entry's setaf/setab.
    public let colorDepth: ColorDepth
    /// What the environment asked for (`COLORTERM=truecolor` gives `.trueColor`).
    public let detectedColorDepth: ColorDepth
    /// Set when TERM was unset, empty, not a valid name or unknown here, and a close entry was used.
    public let terminalFallback: TerminalFallback?

    private let screen: OpaquePointer
    private let enableMouse: Bool
    private var pairs: ColorPairs
    private var lastFrame: Canvas?
    private var needsFullRedraw = true
    private var cursorShown: Bool?
    private var isSuspended = false
    private var isShutDown = false
    public private(set) var cellPixelSize: Size?
    public private(set) var lastChangedRows: [Int] = []

    // attr_t bits: the A_* macros are function-like macros Swift cannot import.
    static let underlineBit: attr_t = 1 << 17
    static let reverseBit: attr_t = 1 << 18
    static let dimBit: attr_t = 1 << 20
    static let boldBit: attr_t = 1 << 21
    static let italicBit: attr_t = 1 << 31
    /// A_INVIS: marks the placeholders of graphemes written directly (`DirectClusters`).
    static let placeholderBit: attr_t = 1 << 23

    /// Read by `emergencyRestore`; set once, before any signal handler can run.
    nonisolated(unsafe) private static var savedTermios = termios()
    nonisolated(unsafe) private static var hasSavedTermios = false

    public init(enableMouse: Bool = true) throws {
        guard isatty(0) == 1, isatty(1) == 1 else { throw TerminalError.noTerminal("stdin or stdout is not a tty") }
        let term = getenv("TERM").map { String(cString: $0) }
        setlocale(LC_ALL, "")

        if tcgetattr(0, &NcursesBackend.savedTermios) == 0 { NcursesBackend.hasSavedTermios = true }
        // fdopen rather than the `stdout`/`stdin` globals (not concurrency-safe in Swift 6).
        // They are never fclose'd: that would close fds 0 and 1.
        // newterm (unlike initscr) returns NULL instead of exiting when TERM has no
        // terminfo entry: it is the lookup, tried for TERM and then its fallbacks.
        guard let out = fdopen(1, "w"), let inp = fdopen(0, "r") else {
            throw TerminalError.initFailed("cannot open the tty streams")
        }
        var opened: OpaquePointer?
        let choice = TerminalType.choose(term) { name in
            opened = newterm(name, out, inp)
            return opened != nil
        }
        guard let choice, let scr = opened else { throw TerminalError.unknownTerminal(term ?? "") }
        terminalFallback = choice.fallback
        // The editor and shell commands started from the app need an entry too.
        if choice.fallback != nil { setenv("TERM", choice.name, 1) }
        screen = scr
        set_term(scr)
        raw()
        noecho()
        nonl()
        typeahead(-1)  // we read stdin ourselves; never postpone updates for pending input

        var defaultColors = false
        var colors = 0
        if has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
            colors = Int(max(0, tigetnum("colors")))
        }
        var env: [String: String] = [:]
        for name in ["NO_COLOR", "COLORTERM"] {
            if let v = getenv(name) { env[name] = String(cString: v) }
        }
        detectedColorDepth = ColorDepth.detect(environment: env, colors: colors)
        colorDepth = min(detectedColorDepth, ColorDepth.fromColorCount(colors))
        let pairLimit = min(Int32(32767), max(0, tigetnum("pairs")))
        pairs = ColorPairs(depth: colorDepth, defaultColors: defaultColors, limit: pairLimit, directColor: colorDepth == .trueColor)

        self.enableMouse = enableMouse
        size = Size(width: 80, height: 24)
        size = updateSize()
        fflush(out)
        // Until the first endwin, ncurses 6 flushes its output after every cursor move (for
        // terminfo-only programs): a frame went out as one write(2) per move, dozens each.
        // endwin + refresh leaves that state before anything is drawn: one write per frame.
        endwin()
        refresh()
        setModes(on: true)
    }

    deinit { shutdown() }

    public func present(_ canvas: Canvas) {
        guard !isShutDown, !isSuspended else { return }
        if needsFullRedraw { clear() }  // also makes the next refresh repaint the whole screen
        let changed = diffCells(old: needsFullRedraw ? nil : lastFrame, new: canvas)
        updateLastFrame(&lastFrame, to: canvas, changed: changed, full: needsFullRedraw)
        needsFullRedraw = false
        lastChangedRows = rows(of: changed, width: canvas.width)
        writeChanged(changed, of: canvas)
        if let c = canvas.cursor, c.x >= 0, c.y >= 0, c.x < size.width, c.y < size.height {
            showCursor(true)
            move(Int32(c.y), Int32(c.x))
        } else {
            showCursor(false)
        }
        refresh()
        // ncurses may rewrite unchanged cells between two changes of a row (cheaper than a cursor
        // move), placeholders included: every changed row with such a grapheme is drawn again.
        var directRows: [Int: Int] = [:]
        var lastRow = -1
        for i in changed where i / canvas.width != lastRow {
            lastRow = i / canvas.width
            if let x = (0..<canvas.width).first(where: { isDirect(canvas[$0, lastRow]) }) { directRows[lastRow] = x }
        }
        if !directRows.isEmpty {
            writeAll(DirectClusters.sequence(canvas, rows: directRows) { [pairs, colorDepth] style in
                guard colorDepth > .none else { return "" }
                return DirectClusters.colorParameters(foreground: pairs.number(style.fg, foreground: true),
                                                      background: pairs.number(style.bg, foreground: false),
                                                      directColor: pairs.directColor)
            })
        }
    }

    /// A wide grapheme that ncurses cannot hold whole: it gets placeholders, then goes out directly.
    private func isDirect(_ cell: Cell) -> Bool {
        cell.width == 2 && !DirectClusters.fitsCurses(cell) { NcursesBackend.cWcwidth(wchar_t(bitPattern: $0)) }
    }

    public func updateSize() -> Size {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            size = Size(width: Int(ws.ws_col), height: Int(ws.ws_row))
            resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
            cellPixelSize = ws.ws_xpixel > 0 && ws.ws_ypixel > 0
                ? Size(width: Int(ws.ws_xpixel) / Int(ws.ws_col), height: Int(ws.ws_ypixel) / Int(ws.ws_row)) : nil
        }
        needsFullRedraw = true
        return size
    }

    public func suspend() {
        guard !isSuspended, !isShutDown else { return }
        setModes(on: false)
        endwin()
        isSuspended = true
    }

    public func resume() {
        guard isSuspended, !isShutDown else { return }
        isSuspended = false
        refresh()  // curses' documented way back into program mode after endwin
        setModes(on: true)
        cursorShown = nil
        needsFullRedraw = true
    }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if !isSuspended {
            setModes(on: false)
            curs_set(1)
            endwin()
        }
        delscreen(screen)
    }

    public func bell() { beep() }

    /// For fatal-signal handlers: turns mouse reporting and bracketed paste off, resets
    /// attributes, shows the cursor, leaves the alternate screen and restores the tty
    /// modes saved at startup. Uses only write(2) and tcsetattr(3), which are
    /// async-signal-safe; it does not call endwin(), which is not.
    public static func emergencyRestore() {
        let reset: StaticString = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = Glibc.write(1, reset.utf8Start, reset.utf8CodeUnitCount)
        if hasSavedTermios { _ = tcsetattr(0, TCSANOW, &savedTermios) }
    }

    // MARK: - Private

    /// DECSET/DECRST for SGR mouse (1000 clicks, 1002 drags, 1006 SGR encoding),
    /// bracketed paste (2004) and focus reporting (1004: `CSI I` / `CSI O`, so a long answer
    /// that ends while the terminal is in the background can ring), written straight to the tty.
    private func setModes(on: Bool) {
        let c = on ? "h" : "l"
        var s = ""
        if enableMouse { s += "\u{1B}[?1000\(c)\u{1B}[?1002\(c)\u{1B}[?1006\(c)" }
        s += "\u{1B}[?2004\(c)\u{1B}[?1004\(c)"
        writeAll(s)
    }

    /// Goes out between frames, straight to the terminal (ncurses has flushed its own output
    /// after `doupdate`), and moves nothing on the screen.
    public func sendControlSequence(_ sequence: String) {
        guard !isSuspended, !isShutDown else { return }
        writeAll(sequence)
    }

    public func writeGraphics(_ sequence: String) {
        guard !isSuspended, !isShutDown else { return }
        writeAll(sequence)
    }

    /// ncurses forgets what it believes these rows show (`wredrawln`) and writes them whole.
    public func repaint(rows: [Int]) {
        guard !isSuspended, !isShutDown, !rows.isEmpty else { return }
        for row in rows where row >= 0 && row < size.height { aih_redrawln(Int32(row), 1) }
        refresh()
    }

    private func writeAll(_ s: String) {
        var bytes = Array(s.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { break }
            done += n
        }
    }

    private func showCursor(_ visible: Bool) {
        guard cursorShown != visible else { return }
        cursorShown = visible
        curs_set(visible ? 1 : 0)
    }

    private func attributes(_ s: Style) -> attr_t {
        var a: attr_t = 0
        if s.bold { a |= NcursesBackend.boldBit }
        if s.dim { a |= NcursesBackend.dimBit }
        if s.italic { a |= NcursesBackend.italicBit }
        if s.underline { a |= NcursesBackend.underlineBit }
        if s.reverse { a |= NcursesBackend.reverseBit }
        return a
    }

    /// Runs of neighbouring changed cells on one row, in one style, each one printable ASCII
    /// character, go to ncurses in one call (a scrolled chat pane is a few thousand cells, and
    /// a call per cell was most of a frame's cost); other cells go one by one.
    private func writeChanged(_ changed: [Int], of canvas: Canvas) {
        let last = canvas.cells.count - 1   // the bottom-right cell: written alone, the cursor cannot move past it
        var run: [wchar_t] = []
        run.reserveCapacity(canvas.width + 1)
        var i = 0
        while i < changed.count {
            let start = changed[i], cell = canvas.cells[start]
            guard start != last, let first = Self.plainASCII(cell) else {
                write(cell, x: start % canvas.width, y: start / canvas.width)
                i += 1
                continue
            }
            run.removeAll(keepingCapacity: true)
            run.append(first)
            var j = i + 1
            while j < changed.count, changed[j] == changed[j - 1] + 1, changed[j] % canvas.width != 0, changed[j] != last,
                  canvas.cells[changed[j]].style == cell.style, let next = Self.plainASCII(canvas.cells[changed[j]]) {
                run.append(next)
                j += 1
            }
            useStyle(cell.style)
            var pair = lastPair
            attr_set(lastAttrs, Int16(truncatingIfNeeded: min(pair, 32767)), &pair)
            run.append(0)
            _ = mvaddnwstr(Int32(start / canvas.width), Int32(start % canvas.width), run, Int32(run.count - 1))
            i = j
        }
        attr_set(0, 0, nil)
    }

    /// The cell's character when it is one printable ASCII character of width 1.
    private static func plainASCII(_ cell: Cell) -> wchar_t? {
        guard cell.width == 1, cell.text.utf8.count == 1, let b = cell.text.utf8.first, b >= 0x20, b < 0x7F else { return nil }
        return wchar_t(b)
    }

    private func useStyle(_ style: Style) {
        guard style != lastStyle else { return }
        lastPair = pairs.pair(for: style) { init_extended_pair($0, $1, $2) == OK }
        lastAttrs = attributes(style)
        lastStyle = style
    }

    /// The pair and attributes of the last style written: neighbouring cells mostly share one.
    private var lastStyle: Style?
    private var lastPair: Int32 = 0
    private var lastAttrs: attr_t = 0

    private func write(_ cell: Cell, x: Int, y: Int) {
        useStyle(cell.style)
        var pair = lastPair
        let attrs = lastAttrs
        var cc = cchar_t()
        // Most cells are one printable ASCII character: no arrays, no width lookup.
        if cell.width == 1, cell.text.utf8.count == 1, let b = cell.text.utf8.first, b >= 0x20, b < 0x7F {
            var wch: (wchar_t, wchar_t) = (wchar_t(b), 0)
            withUnsafeMutableBytes(of: &wch) { raw in
                let p = raw.baseAddress!.assumingMemoryBound(to: wchar_t.self)
                _ = setcchar(&cc, p, attrs, Int16(truncatingIfNeeded: min(pair, 32767)), &pair)
            }
            mvadd_wch(Int32(y), Int32(x), &cc)
            return
        }
        if isDirect(cell) {
            var blank: [wchar_t] = [0x20, 0]
            setcchar(&cc, &blank, attrs | NcursesBackend.placeholderBit, Int16(truncatingIfNeeded: min(pair, 32767)), &pair)
            mvadd_wch(Int32(y), Int32(x), &cc)
            mvadd_wch(Int32(y), Int32(x + 1), &cc)
            return
        }
        var wch = NcursesBackend.cursesText(for: cell).map { wchar_t(bitPattern: $0.value) } + [0]
        setcchar(&cc, &wch, attrs, Int16(truncatingIfNeeded: min(pair, 32767)), &pair)
        mvadd_wch(Int32(y), Int32(x), &cc)
    }

    /// The scalars to hand ncurses for a cell it can hold (a wide grapheme it cannot hold goes
    /// through `DirectClusters`): a narrow grapheme longer than a cchar_t keeps its first
    /// scalar, and one the C library cannot measure is drawn as "?".
    static func cursesText(for cell: Cell) -> [Unicode.Scalar] {
        let scalars = Array(cell.text.unicodeScalars)
        guard let base = scalars.first else { return [" "] }
        if cWcwidth(wchar_t(bitPattern: base.value)) < 0 { return ["?"] }
        return scalars.count > DirectClusters.maxScalarsPerCell ? [base] : scalars
    }

    /// The C library's wcwidth (what ncurses uses), looked up at run time because the
    /// Glibc module does not export it. Locale-dependent: valid after setlocale.
    private static let cWcwidth: @convention(c) (wchar_t) -> Int32 = {
        if let sym = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") {
            return unsafeBitCast(sym, to: (@convention(c) (wchar_t) -> Int32).self)
        }
        return { $0 < 0x7F ? 1 : 2 }
    }()
}
