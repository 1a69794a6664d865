import Core
/// Turns raw bytes read from a raw-mode tty (xterm, tmux, VTE, kitty, linux console) into
/// `Key`s. Bytes may arrive in any split: incomplete UTF-8 and escape sequences wait for
/// the next `feed`. A lone ESC is ambiguous (Escape key or start of a sequence): it stays
/// pending until more bytes come or the loop calls `flushPending()` after ~25 ms of quiet.
/// Unknown sequences are swallowed, never delivered as text. Answers to the app's queries
/// (DA1, kitty graphics, the cell size) are kept apart as `TerminalReply`s.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var replies: [TerminalReply] = []
    private var inPaste = false
    private var pasteBuffer: [UInt8] = []
    private var pasteScanFrom = 0

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let maxSequenceLength = 64
    /// A kitty graphics answer is short (`i=31;OK` or an error message).
    private static let maxReplyLength = 512

    public init() {}

    /// Set while the terminal's answers to a query are due (`GraphicsDetection`): an answer cut
    /// across reads (`ESC _ G…`, `CSI ?…`), as over a slow link, then waits for its end instead of
    /// being dropped after 25 ms with its rest typed as text. Bounded by the answers' lengths.
    public var awaitingReplies = false

    /// True when a lone ESC (or a cut escape sequence) waits: arm the ~25 ms flush timer.
    public var hasPendingEscape: Bool { !inPaste && pending.first == 0x1B && !isReplyUnderWay }

    private var isReplyUnderWay: Bool {
        awaitingReplies && pending.count > 2 && (pending[1] == 0x5F || (pending[1] == 0x5B && pending[2] == 0x3F))
    }
    /// True inside a bracketed paste whose end marker has not arrived yet.
    public var isInPaste: Bool { inPaste }

    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        var out: [Key] = []
        var input = bytes[...]
        while true {
            if inPaste {
                guard let rest = feedPaste(input, into: &out) else { return out }
                input = rest
            }
            pending.append(contentsOf: input)
            let consumed = decode(into: &out)
            if inPaste {
                input = pending[consumed...]
                pending = []
            } else {
                pending.removeFirst(consumed)
                return out
            }
        }
    }

    /// The terminal's answers decoded since the last call.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies = [] }
        return replies
    }

    /// Resolves what `hasPendingEscape` reported: ESC alone → `.escape`; ESC plus one
    /// printable byte (`ESC [`, `ESC O`) → Alt of it; a longer cut sequence is dropped.
    /// Does nothing for a partial UTF-8 character, which simply waits for its bytes.
    public mutating func flushPending() -> [Key] {
        guard hasPendingEscape else { return [] }
        defer { pending = [] }
        if pending.count == 1 { return [.escape] }
        if pending.count == 2, (0x20..<0x7F).contains(pending[1]) {
            return [.alt(Character(Unicode.Scalar(pending[1])))]
        }
        return []
    }

    // MARK: - Bracketed paste

    /// Accumulates paste bytes; returns the bytes after the end marker once it is found.
    /// Only the tail that may hold a split marker is searched again on the next feed.
    private mutating func feedPaste(_ input: ArraySlice<UInt8>, into out: inout [Key]) -> ArraySlice<UInt8>? {
        pasteBuffer.append(contentsOf: input)
        let marker = KeyDecoder.pasteEnd
        let found: Int? = pasteBuffer.withUnsafeBufferPointer { buf in
            var j = pasteScanFrom
            while j + marker.count <= buf.count {
                if buf[j] == 0x1B, buf[j + 1] == 0x5B, buf[j + 2] == 0x32, buf[j + 3] == 0x30,
                   buf[j + 4] == 0x31, buf[j + 5] == 0x7E { return j }
                j += 1
            }
            return nil
        }
        guard let end = found else {
            pasteScanFrom = max(0, pasteBuffer.count - marker.count + 1)
            return nil
        }
        out.append(.paste(KeyDecoder.pasteText(pasteBuffer[..<end])))
        let rest = pasteBuffer[(end + marker.count)...]
        inPaste = false
        pasteBuffer = []
        pasteScanFrom = 0
        return rest
    }

    /// Terminals send line breaks in a paste as CR: make them `\n`, then sanitize.
    static func pasteText(_ bytes: ArraySlice<UInt8>) -> String {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var previousCR = false
        for b in bytes {
            if b == 0x0D { normalized.append(0x0A); previousCR = true; continue }
            if b == 0x0A && previousCR { previousCR = false; continue }
            previousCR = false
            normalized.append(b)
        }
        return Sanitizer.clean(String(decoding: normalized, as: UTF8.self))
    }

    // MARK: - Normal input

    private enum Parse {
        case keys([Key], Int)   // keys decoded (maybe none: swallowed) and bytes consumed
        case reply(TerminalReply, Int)
        case needMore
        case pasteStart(Int)
    }

    /// Decodes `pending` as far as possible; returns the bytes consumed. Stops early at an
    /// incomplete sequence or right after a paste start marker (setting `inPaste`).
    private mutating func decode(into out: inout [Key]) -> Int {
        var i = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { out.append(.text(String(decoding: text, as: UTF8.self))); text = [] }
        }
        let n = pending.count
        scan: while i < n {
            let b = pending[i]
            if b >= 0x20 && b != 0x7F {
                if b < 0x80 { text.append(b); i += 1; continue }
                switch KeyDecoder.utf8Char(pending, at: i) {
                case .invalid: i += 1
                case .incomplete: break scan
                case let .scalar(s, len):
                    if !(0x80..<0xA0).contains(s.value) { text.append(contentsOf: pending[i..<(i + len)]) }
                    i += len
                }
                continue
            }
            flushText()
            if b != 0x1B {
                let (key, len) = KeyDecoder.controlKey(pending, at: i)
                out.append(key)
                i += len
                continue
            }
            switch parseEscape(at: i) {
            case .needMore: break scan
            case let .keys(keys, len): out.append(contentsOf: keys); i += len
            case let .reply(reply, len): replies.append(reply); i += len
            case let .pasteStart(len):
                inPaste = true
                return i + len
            }
        }
        flushText()
        return i
    }

    static func controlKey(_ p: [UInt8], at i: Int) -> (Key, Int) {
        switch p[i] {
        case 0x0D: return (.enter, i + 1 < p.count && p[i + 1] == 0x0A ? 2 : 1)
        case 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x00: return (.ctrl(" "), 1)
        case 0x1C: return (.ctrl("\\"), 1)
        case 0x1D: return (.ctrl("]"), 1)
        case 0x1E: return (.ctrl("^"), 1)
        case 0x1F: return (.ctrl("_"), 1)
        default: return (.ctrl(Character(Unicode.Scalar(p[i] + 0x60))), 1)
        }
    }

    private func parseEscape(at i: Int) -> Parse {
        let p = pending
        guard i + 1 < p.count else { return .needMore }
        let c = p[i + 1]
        switch c {
        case 0x5B: return parseCSI(at: i)
        case 0x5F where i + 2 >= p.count || p[i + 2] == 0x47: return parseGraphicsReply(at: i)  // ESC _ G
        case 0x4F:  // SS3
            guard i + 2 < p.count else { return .needMore }
            guard (0x40...0x7E).contains(p[i + 2]) else { return .keys([.alt("O")], 2) }
            return .keys(KeyDecoder.ss3Key(p[i + 2]).map { [$0] } ?? [], 3)
        case 0x0D, 0x0A: return .keys([.altEnter], 2)
        case 0x7F, 0x08: return .keys([.altBackspace], 2)
        case 0x20..<0x7F: return .keys([.alt(Character(Unicode.Scalar(c)))], 2)
        case 0x80...:
            switch KeyDecoder.utf8Char(p, at: i + 1) {
            case .incomplete: return .needMore
            case .invalid: return .keys([.escape], 1)
            case let .scalar(s, len): return .keys([.alt(Character(s))], 1 + len)
            }
        default: return .keys([.escape], 1)  // ESC ESC, ESC ctrl-x: a plain Escape first
        }
    }

    private func parseCSI(at i: Int) -> Parse {
        let p = pending
        var j = i + 2
        guard j < p.count else { return .needMore }
        if p[j] == 0x5B {  // linux console F1-F5: ESC [ [ A..E
            guard j + 1 < p.count else { return .needMore }
            let k = Int(p[j + 1]) - 0x40
            return .keys((1...5).contains(k) ? [.f(k)] : [], 4)
        }
        if p[j] == 0x4D {  // legacy X10 mouse: ESC [ M Cb Cx Cy
            guard j + 3 < p.count else { return .needMore }
            let code = Int(p[j + 1]) - 32, x = Int(p[j + 2]) - 33, y = Int(p[j + 3]) - 33
            let released = code & 3 == 3 && code & 96 == 0
            let event = KeyDecoder.mouse(code: released ? 0 : code, x: x, y: y, released: released)
            return .keys(event.map { [.mouse($0)] } ?? [], 6)
        }
        let paramStart = j
        while j < p.count, (0x30...0x3F).contains(p[j]) { j += 1 }
        let paramEnd = j
        while j < p.count, (0x20...0x2F).contains(p[j]) { j += 1 }
        guard j < p.count else {
            return j - i > KeyDecoder.maxSequenceLength ? .keys([], j - i) : .needMore
        }
        guard (0x40...0x7E).contains(p[j]) else { return .keys([], j - i) }  // broken: swallow
        let final = p[j]
        var prefix: UInt8? = nil
        var paramBytes = p[paramStart..<paramEnd]
        if let first = paramBytes.first, (0x3C...0x3F).contains(first) {
            prefix = first
            paramBytes = paramBytes.dropFirst()
        }
        let params = KeyDecoder.numbers(paramBytes)
        let length = j + 1 - i
        if let reply = KeyDecoder.reply(prefix: prefix, params: params, final: final) { return .reply(reply, length) }
        if prefix == nil, final == 0x7E, params.first == 200 { return .pasteStart(length) }
        let key = KeyDecoder.csiKey(prefix: prefix, params: params, final: final)
        return .keys(key.map { [$0] } ?? [], length)
    }

    /// A kitty graphics answer, `ESC _ G … ESC \` (or ended by BEL). Alt-_ then G typed
    /// together would start one too: it waits for its end like a cut sequence and is dropped.
    private func parseGraphicsReply(at i: Int) -> Parse {
        let p = pending
        var j = i + 3
        while j < p.count {
            if p[j] == 0x07 { return .reply(TerminalReply.graphics(body: p[(i + 3)..<j]), j + 1 - i) }
            if p[j] == 0x1B {
                guard j + 1 < p.count else { return .needMore }
                guard p[j + 1] == 0x5C else { return .keys([], j - i) }  // broken: swallow up to the ESC
                return .reply(TerminalReply.graphics(body: p[(i + 3)..<j]), j + 2 - i)
            }
            if j - i > KeyDecoder.maxReplyLength {  // not an answer: dropped up to the next ESC
                return .keys([], (p[j...].firstIndex(of: 0x1B) ?? p.count) - i)
            }
            j += 1
        }
        return .needMore
    }

    /// DA1 (`CSI ? … c`) and the cell size (`CSI 6 ; h ; w t`): answers, not keys.
    static func reply(prefix: UInt8?, params: [Int], final: UInt8) -> TerminalReply? {
        if prefix == 0x3F, final == 0x63 { return .primaryAttributes(params) }
        if prefix == nil, final == 0x74, params.count == 3, params[0] == 6 {
            return .cellSize(width: params[2], height: params[1])
        }
        return nil
    }

    /// `1;5` → [1, 5]; empty fields are 0 ("default"); sub-parameters after ':' are ignored.
    static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int] {
        guard !bytes.isEmpty else { return [] }
        var result: [Int] = []
        var value = 0, inSub = false
        for b in bytes {
            switch b {
            case 0x3B: result.append(value); value = 0; inSub = false
            case 0x3A: inSub = true
            case 0x30...0x39 where !inSub: value = min(value * 10 + Int(b - 0x30), 1_000_000)
            default: break
            }
        }
        result.append(value)
        return result
    }
}
