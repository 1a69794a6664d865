/// One decoded input event.
public enum Key: Hashable, Sendable {
    /// Printable text typed (one or more characters; consecutive ones are coalesced).
    case text(String)
    case enter
    /// Alt-Enter, and Shift-Enter on terminals that report it: insert a newline.
    case altEnter
    case tab, backTab, backspace, delete, insert
    /// Alt-Backspace (ESC DEL): delete the previous word.
    case altBackspace
    case up, down, left, right, home, end, pageUp, pageDown
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case ctrlUp, ctrlDown, ctrlLeft, ctrlRight, ctrlHome, ctrlEnd
    case altUp, altDown, altLeft, altRight
    case escape
    /// F1...F12 (modifiers are ignored).
    case f(Int)
    /// Ctrl with a lowercase letter (`ctrl("a")`), or with " ", "\\", "]", "^", "_".
    case ctrl(Character)
    /// Alt (Meta) with a printable character, as sent by ESC-prefixing terminals.
    case alt(Character)
    /// A bracketed paste, whole, sanitized, with newlines as `\n`.
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal gained (true) or lost (false) the focus: `CSI I` / `CSI O`, sent while
    /// focus reporting (`CSI ? 1004 h`) is on. Never text.
    case focus(Bool)
}

/// A mouse report (SGR 1006 or legacy X10), coordinates 0-based.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Button 0 left, 1 middle, 2 right.
        case press(Int)
        case release(Int)
        case drag(Int)
        /// Motion with no button held (only with any-motion tracking).
        case move
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int
    public var shift: Bool
    public var alt: Bool
    public var ctrl: Bool

    public init(kind: Kind, x: Int, y: Int, shift: Bool = false, alt: Bool = false, ctrl: Bool = false) {
        self.kind = kind
        self.x = x
        self.y = y
        self.shift = shift
        self.alt = alt
        self.ctrl = ctrl
    }
}
