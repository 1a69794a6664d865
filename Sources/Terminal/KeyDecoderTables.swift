/// The byte-sequence → key tables behind `KeyDecoder`: pure functions, no state.
extension KeyDecoder {
    enum UTF8Char {
        case scalar(Unicode.Scalar, Int)
        case incomplete
        case invalid
    }

    /// The UTF-8 character starting at `i`, or why there is none yet.
    static func utf8Char(_ p: [UInt8], at i: Int) -> UTF8Char {
        let lead = p[i]
        let len: Int
        switch lead {
        case 0xC2...0xDF: len = 2
        case 0xE0...0xEF: len = 3
        case 0xF0...0xF4: len = 4
        default: return .invalid
        }
        var value = UInt32(lead) & (0xFF >> (len + 1))
        for k in 1..<len {
            guard i + k < p.count else { return .incomplete }
            let b = p[i + k]
            guard b & 0xC0 == 0x80 else { return .invalid }
            value = value << 6 | UInt32(b & 0x3F)
        }
        guard let s = Unicode.Scalar(value), value >= [0, 0, 0x80, 0x800, 0x10000][len] else { return .invalid }
        return .scalar(s, len)
    }

    /// xterm modifier parameter: 1 + (1 shift | 2 alt | 4 ctrl).
    struct Modifiers {
        let shift: Bool, alt: Bool, ctrl: Bool
        init(_ param: Int) {
            let m = max(0, param - 1)
            shift = m & 1 != 0
            alt = m & 2 != 0
            ctrl = m & 4 != 0
        }
    }

    static func ss3Key(_ b: UInt8) -> Key? {
        switch b {
        case 0x41...0x44: return arrow(b, Modifiers(1))
        case 0x48: return .home
        case 0x46: return .end
        case 0x50...0x53: return .f(Int(b) - 0x4F)
        case 0x4D: return .enter  // keypad Enter
        default: return nil
        }
    }

    static func arrow(_ final: UInt8, _ m: Modifiers) -> Key {
        let index = Int(final) - 0x41  // A up, B down, C right, D left
        let table: [[Key]] = [
            [.up, .down, .right, .left],
            [.shiftUp, .shiftDown, .shiftRight, .shiftLeft],
            [.altUp, .altDown, .altRight, .altLeft],
            [.ctrlUp, .ctrlDown, .ctrlRight, .ctrlLeft],
        ]
        let row = m.ctrl ? 3 : m.alt ? 2 : m.shift ? 1 : 0
        return table[row][index]
    }

    static func csiKey(prefix: UInt8?, params: [Int], final: UInt8) -> Key? {
        if prefix == 0x3C, final == 0x4D || final == 0x6D, params.count >= 3 {  // SGR mouse
            return mouse(code: params[0], x: params[1] - 1, y: params[2] - 1, released: final == 0x6D).map { .mouse($0) }
        }
        guard prefix == nil else { return nil }  // replies such as DA or DECRQM: not keys
        let first = params.first ?? 1
        let m = Modifiers(params.count > 1 ? params[1] : 1)
        switch final {
        case 0x41...0x44: return arrow(final, m)
        case 0x48: return m.ctrl ? .ctrlHome : .home
        case 0x46: return m.ctrl ? .ctrlEnd : .end
        case 0x5A: return .backTab
        case 0x49 where params.isEmpty: return .focus(true)   // CSI I
        case 0x4F where params.isEmpty: return .focus(false)  // CSI O
        case 0x50...0x53: return .f(Int(final) - 0x4F)
        case 0x75: return codepointKey(first, m)  // CSI code;mod u (kitty / fixterms)
        case 0x7E: return tildeKey(params, m)
        default: return nil
        }
    }

    static func tildeKey(_ params: [Int], _ m: Modifiers) -> Key? {
        switch params.first ?? 0 {
        case 1, 7: return m.ctrl ? .ctrlHome : .home
        case 4, 8: return m.ctrl ? .ctrlEnd : .end
        case 2: return .insert
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case let n where (11...15).contains(n): return .f(n - 10)
        case let n where (17...21).contains(n): return .f(n - 11)
        case 23, 24: return .f(params[0] - 12)
        case 27 where params.count >= 3:  // xterm modifyOtherKeys: CSI 27;mod;code ~
            return codepointKey(params[2], Modifiers(params[1]))
        default: return nil
        }
    }

    /// A key reported by code point with modifiers (Shift-Enter → newline, Ctrl-letter ...).
    static func codepointKey(_ code: Int, _ m: Modifiers) -> Key? {
        switch code {
        case 13: return m.shift || m.alt ? .altEnter : .enter
        case 9: return m.shift ? .backTab : .tab
        case 127, 8: return m.alt ? .altBackspace : .backspace
        case 27: return .escape
        default: break
        }
        guard let s = Unicode.Scalar(code), code >= 0x20, code != 0x7F else { return nil }
        let c = Character(s)
        if m.ctrl, (0x61...0x7A).contains(code) { return .ctrl(c) }
        if m.ctrl, (0x41...0x5A).contains(code) { return .ctrl(Character(Unicode.Scalar(code + 0x20)!)) }
        if m.alt { return .alt(c) }
        return .text(String(c))
    }

    /// Decodes an xterm mouse button code: low bits button, +4 shift, +8 alt, +16 ctrl,
    /// +32 motion, +64 wheel. Horizontal wheel (66, 67) is dropped.
    static func mouse(code: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        let button = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard button < 2 else { return nil }
            kind = button == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            kind = button == 3 ? .move : .drag(button)
        } else if released {
            kind = .release(button)
        } else {
            guard button < 3 else { return nil }
            kind = .press(button)
        }
        return MouseEvent(kind: kind, x: max(0, x), y: max(0, y),
                          shift: code & 4 != 0, alt: code & 8 != 0, ctrl: code & 16 != 0)
    }
}
