#if canImport(Glibc)
import Glibc
#endif

/// Where frames go: the real terminal (`NcursesBackend`) or memory (`MemoryBackend`, tests).
public protocol TerminalBackend: AnyObject {
    /// The size frames should have; changes only through `updateSize()`.
    var size: Size { get }
    /// The colors frames will be shown with; styles are degraded to it by the backend.
    var colorDepth: ColorDepth { get }
    /// Shows `canvas`, writing only cells that changed since the last frame.
    func present(_ canvas: Canvas)
    /// Re-reads the terminal size (after SIGWINCH); the next `present` redraws everything.
    func updateSize() -> Size
    /// Gives the terminal back (for `$EDITOR` or a shell); `resume()` takes it again.
    func suspend()
    func resume()
    /// Restores the terminal for good; safe to call twice.
    func shutdown()
    func bell()
    /// Writes a control sequence the screen does not show (OSC 52 to set the clipboard),
    /// whole, between frames. The caller builds it from sanitized text only.
    func sendControlSequence(_ sequence: String)
    /// The terminfo entry used in place of an unknown TERM, said once on the status bar.
    var terminalFallback: TerminalFallback? { get }
    /// A cell's size in pixels as the tty says it (`TIOCGWINSZ`), nil when it does not.
    var cellPixelSize: Size? { get }
    /// The rows the last `present` wrote to (sorted): a sixel image on them may have been drawn over.
    var lastChangedRows: [Int] { get }
    /// Writes inline image bytes (kitty graphics, sixel) after the frame; only ever called
    /// once the terminal said it takes them (`GraphicsDetection`).
    func writeGraphics(_ sequence: String)
    /// Writes `rows` again whole from the last frame, over whatever an image left on them.
    func repaint(rows: [Int])
}

extension TerminalBackend {
    public var colorDepth: ColorDepth { .trueColor }
    public var terminalFallback: TerminalFallback? { nil }
    public var cellPixelSize: Size? { nil }
}

/// The sorted rows of the flat cell indexes `changed` (sorted, as `diffCells` gives them).
func rows(of changed: [Int], width: Int) -> [Int] {
    var rows: [Int] = []
    for i in changed where rows.last != i / width { rows.append(i / width) }
    return rows
}

public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// No usable terminal: stdin/stdout is not a tty.
    case noTerminal(String)
    /// Neither TERM nor any fallback (`TerminalType.fallbacks`, down to vt100) has a terminfo entry.
    case unknownTerminal(String)
    /// ncurses refused to start for another reason.
    case initFailed(String)

    public var description: String {
        switch self {
        case let .noTerminal(why):
            return "No terminal: \(why). Run aihelper in a terminal, or use `aihelper ask` for pipes."
        case let .unknownTerminal(term):
            let what = term.isEmpty ? "TERM is not set" : "Unknown terminal type \"\(term)\""
            return "\(what): no terminfo entry for it, nor for xterm or vt100. Install ncurses-base and ncurses-term."
        case let .initFailed(why):
            return "Could not start the terminal screen: \(why)."
        }
    }
}

/// The flat indexes (`y * width + x`) of the cells of `new` to write so the screen shows
/// it, given it shows `old` now; everything when there is no old frame or the size changed.
/// Continuation cells are never listed: writing a wide character covers them, and a
/// changed continuation always comes with a changed wide character to its left.
func diffCells(old: Canvas?, new: Canvas) -> [Int] {
    var changed: [Int] = []
    if let old, old.width == new.width, old.height == new.height {
        let width = new.width, stride = MemoryLayout<Cell>.stride
        old.cells.withUnsafeBytes { oldBytes in
            new.cells.withUnsafeBytes { newBytes in
                guard let o = oldBytes.baseAddress, let n = newBytes.baseAddress else { return }
                for y in 0..<new.height {
                    let rowStart = y * width
                    // Identical bytes are identical cells: an unchanged row costs one memcmp.
                    if memcmp(o + rowStart * stride, n + rowStart * stride, width * stride) == 0 { continue }
                    for i in rowStart..<(rowStart + width) {
                        if memcmp(o + i * stride, n + i * stride, stride) == 0 { continue }
                        // Different bytes may still be equal cells (a string stored elsewhere).
                        if new.cells[i] != old.cells[i] && !new.cells[i].isContinuation { changed.append(i) }
                    }
                }
            }
        }
    } else {
        changed.reserveCapacity(new.cells.count)
        for i in new.cells.indices where !new.cells[i].isContinuation { changed.append(i) }
    }
    return changed
}

/// Brings a backend's copy of the screen up to `new`, given `changed = diffCells(old: last, new: new)`:
/// in place when the size is the same, so the app's canvas and this copy never share (and
/// copy) storage frame after frame.
func updateLastFrame(_ last: inout Canvas?, to new: Canvas, changed: [Int], full: Bool) {
    if !full, last != nil, last!.width == new.width, last!.height == new.height {
        last!.copyCells(from: new, at: changed)
    } else {
        last = new
    }
}

/// A backend that keeps frames in memory: for tests and headless runs.
public final class MemoryBackend: TerminalBackend {
    public var size: Size
    public var colorDepth: ColorDepth
    public private(set) var lastFrame: Canvas?
    public private(set) var framesPresented = 0
    /// Cells written over all frames, and by the last frame alone.
    public private(set) var cellsWritten = 0
    public private(set) var lastCellsWritten = 0
    public private(set) var bells = 0
    public var cellPixelSize: Size?
    public private(set) var lastChangedRows: [Int] = []
    /// Image bytes written (`writeGraphics`), and rows repainted under images, for tests.
    public private(set) var graphics: [String] = []
    public private(set) var repaintedRows: [[Int]] = []
    public private(set) var isSuspended = false
    public private(set) var isShutDown = false
    private var needsFullRedraw = true

    public init(size: Size = Size(width: 80, height: 24), colorDepth: ColorDepth = .trueColor) {
        self.size = size
        self.colorDepth = colorDepth
    }

    public func present(_ canvas: Canvas) {
        let changed = diffCells(old: needsFullRedraw ? nil : lastFrame, new: canvas)
        updateLastFrame(&lastFrame, to: canvas, changed: changed, full: needsFullRedraw)
        needsFullRedraw = false
        framesPresented += 1
        lastCellsWritten = changed.count
        cellsWritten += changed.count
        lastChangedRows = rows(of: changed, width: canvas.width)
    }

    public func writeGraphics(_ sequence: String) { graphics.append(sequence) }
    public func repaint(rows: [Int]) { repaintedRows.append(rows) }

    /// Returns `size`, which tests set directly to simulate a resize.
    public func updateSize() -> Size {
        needsFullRedraw = true
        return size
    }

    public func suspend() { isSuspended = true }
    public func resume() { isSuspended = false; needsFullRedraw = true }
    public func shutdown() { isShutDown = true }
    public func bell() { bells += 1 }
    /// The control sequences sent, for tests.
    public private(set) var controlSequences: [String] = []
    public func sendControlSequence(_ sequence: String) { controlSequences.append(sequence) }
}
