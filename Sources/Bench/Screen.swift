import Foundation
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// What a terminal would show, rebuilt from the bytes the app writes to its pty: enough of
/// xterm for what ncurses sends with TERM=xterm-256color (cursor addressing, erase, repeat,
/// insert/delete lines, scroll regions, deferred wrap). The benchmarks ask this screen, not
/// the raw byte stream, whether a glyph is shown: ncurses skips cells that did not change and
/// scrolls by moving lines, so a token need not appear whole in the bytes.
struct Screen {
    let width: Int, height: Int
    /// One scalar per cell: the app never sends a combining mark, and a wide character's
    /// second cell is a space.
    private(set) var rows: [[Unicode.Scalar]]
    private var x = 0, y = 0
    private var top = 0, bottom: Int
    private var pendingWrap = false
    private var saved = (0, 0)
    private var lastPrinted: (scalar: Unicode.Scalar, width: Int) = (" ", 1)
    // Parser state
    private var utf8: [UInt8] = []
    private var utf8Needed = 0
    private enum Mode { case ground, escape, csi, osc, charset }
    private var mode = Mode.ground
    private var csi: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        bottom = height - 1
    }

    func line(_ row: Int) -> String { String(String.UnicodeScalarView(rows[row])) }
    var text: String { rows.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n") }

    /// Whether `needle` is shown within one row of `rowRange`, in `columns`: looked up in the
    /// cells, not in strings built for it, so asking after every read costs next to nothing.
    func contains(_ needle: String, rows rowRange: Range<Int>, columns: Range<Int>) -> Bool {
        let needle = Array(needle.unicodeScalars)
        guard let first = needle.first, needle.count <= columns.count else { return false }
        for r in rowRange {
            let row = rows[r]
            var x = columns.lowerBound
            while x + needle.count <= columns.upperBound {
                if row[x] == first, (1..<needle.count).allSatisfy({ row[x + $0] == needle[$0] }) { return true }
                x += 1
            }
        }
        return false
    }

    mutating func feed<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        for b in bytes { step(b) }
    }

    private mutating func step(_ b: UInt8) {
        switch mode {
        case .escape: escape(b); return
        case .csi:
            csi.append(b)
            if b >= 0x40 && b <= 0x7E { runCSI(); mode = .ground }
            return
        case .osc:
            if b == 0x07 || b == 0x5C { mode = .ground }  // BEL or the end of ESC \
            return
        case .charset: mode = .ground; return
        case .ground: break
        }
        if utf8Needed > 0 {
            utf8.append(b); utf8Needed -= 1
            if utf8Needed == 0, let scalar = String(decoding: utf8, as: UTF8.self).unicodeScalars.first { printScalar(scalar) }
            return
        }
        switch b {
        case 0x1B: mode = .escape
        case 0x0D: x = 0; pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: x = max(0, x - 1); pendingWrap = false
        case 0x09: x = min(width - 1, (x / 8 + 1) * 8)
        case 0x00..<0x20, 0x7F: break
        case 0xC0..<0xE0: utf8 = [b]; utf8Needed = 1
        case 0xE0..<0xF0: utf8 = [b]; utf8Needed = 2
        case 0xF0..<0xF8: utf8 = [b]; utf8Needed = 3
        default: print(Self.ascii[Int(b)], width: 1)   // printable ASCII: no string per byte
        }
    }

    private mutating func escape(_ b: UInt8) {
        mode = .ground
        switch b {
        case UInt8(ascii: "["): mode = .csi; csi = []
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"): mode = .osc
        case UInt8(ascii: "("), UInt8(ascii: ")"): mode = .charset
        case UInt8(ascii: "M"):  // reverse index
            if y == top { scrollDown(1) } else { y = max(0, y - 1) }
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): x = 0; lineFeed()
        case UInt8(ascii: "7"): saved = (x, y)
        case UInt8(ascii: "8"): (x, y) = saved; pendingWrap = false
        case UInt8(ascii: "c"): self = Screen(width: width, height: height)
        default: break
        }
    }

    /// Scalars for the bytes under 0x80: the screen reads a frame's worth per token at full speed.
    private static let ascii: [Unicode.Scalar] = (0..<128).map { Unicode.Scalar(UInt8($0)) }

    private mutating func printScalar(_ s: Unicode.Scalar) {
        print(s, width: s.isASCII ? 1 : TextWidth.of(Character(s)))  // the app's own width table, as the terminal would agree
    }

    private mutating func print(_ ch: Unicode.Scalar, width w: Int) {
        if w == 0 { return }  // combining marks do not move the cursor; not needed here
        if pendingWrap { x = 0; lineFeed(); pendingWrap = false }
        rows[y][x] = ch
        if w == 2, x + 1 < width { rows[y][x + 1] = " " }
        lastPrinted = (ch, w)
        if x + w >= width { pendingWrap = true; x = width - 1 } else { x += w }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if y == bottom { scrollUp(1) } else { y = min(height - 1, y + 1) }
    }

    private mutating func scrollUp(_ n: Int, from first: Int? = nil) {
        let start = first ?? top
        for _ in 0..<max(0, n) {
            rows.remove(at: start)
            rows.insert(blankRow, at: bottom)
        }
    }

    private mutating func scrollDown(_ n: Int, from first: Int? = nil) {
        let start = first ?? top
        for _ in 0..<max(0, n) {
            rows.remove(at: bottom)
            rows.insert(blankRow, at: start)
        }
    }

    private var blankRow: [Unicode.Scalar] { Array(repeating: " ", count: width) }

    private mutating func runCSI() {
        guard let final = csi.last else { return }
        let body = csi.dropLast()
        if body.first.map({ $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "=") }) == true {
            // Private modes: the alternate screen starts blank; nothing else matters here.
            let text = String(decoding: body.dropFirst(), as: UTF8.self)
            if (final == UInt8(ascii: "h") || final == UInt8(ascii: "l")) && text.split(separator: ";").contains("1049") {
                rows = Array(repeating: blankRow, count: height)
            }
            return
        }
        let params = String(decoding: body, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func p(_ i: Int, _ d: Int) -> Int { i < params.count ? (params[i] ?? d) : d }
        let n = max(1, p(0, 1))
        pendingWrap = false
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"): y = clampY(p(0, 1) - 1); x = clampX(p(1, 1) - 1)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): x = clampX(p(0, 1) - 1)
        case UInt8(ascii: "d"): y = clampY(p(0, 1) - 1)
        case UInt8(ascii: "A"): y = clampY(y - n)
        case UInt8(ascii: "B"), UInt8(ascii: "e"): y = clampY(y + n)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): x = clampX(x + n)
        case UInt8(ascii: "D"): x = clampX(x - n)
        case UInt8(ascii: "E"): y = clampY(y + n); x = 0
        case UInt8(ascii: "F"): y = clampY(y - n); x = 0
        case UInt8(ascii: "K"):
            switch p(0, 0) {
            case 0: for i in x..<width { rows[y][i] = " " }
            case 1: for i in 0...x { rows[y][i] = " " }
            default: rows[y] = blankRow
            }
        case UInt8(ascii: "J"):
            switch p(0, 0) {
            case 0:
                for i in x..<width { rows[y][i] = " " }
                for r in (y + 1)..<height { rows[r] = blankRow }
            case 1:
                for r in 0..<y { rows[r] = blankRow }
                for i in 0...x { rows[y][i] = " " }
            default: rows = Array(repeating: blankRow, count: height)
            }
        case UInt8(ascii: "X"): for i in x..<min(width, x + n) { rows[y][i] = " " }
        case UInt8(ascii: "b"):  // repeat the last printed character
            for _ in 0..<n { print(lastPrinted.scalar, width: lastPrinted.width) }
        case UInt8(ascii: "@"):
            rows[y].insert(contentsOf: Array(repeating: " ", count: min(n, width - x)), at: x)
            rows[y].removeLast(min(n, width - x))
        case UInt8(ascii: "P"):
            let k = min(n, width - x)
            rows[y].removeSubrange(x..<(x + k))
            rows[y] += Array(repeating: " ", count: k)
        case UInt8(ascii: "L"): if y >= top && y <= bottom { scrollDown(min(n, bottom - y + 1), from: y) }
        case UInt8(ascii: "M"): if y >= top && y <= bottom { scrollUp(min(n, bottom - y + 1), from: y) }
        case UInt8(ascii: "S"): scrollUp(n)
        case UInt8(ascii: "T"): scrollDown(n)
        case UInt8(ascii: "r"):
            top = clampY(p(0, 1) - 1); bottom = clampY(p(1, height) - 1)
            if bottom <= top { top = 0; bottom = height - 1 }
            x = 0; y = 0
        default: break  // m (colors), h/l (modes), t, n ...
        }
    }

    private func clampX(_ v: Int) -> Int { min(max(0, v), width - 1) }
    private func clampY(_ v: Int) -> Int { min(max(0, v), height - 1) }
}
