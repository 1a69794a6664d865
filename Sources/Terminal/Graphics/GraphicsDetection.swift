/// An inline image protocol the terminal speaks.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    case kitty, sixel
}

/// `[images] preview` in config.toml: ask the terminal (`auto`), take its word for one
/// protocol, or never show previews.
public enum PreviewSetting: String, Sendable, CaseIterable {
    case auto, kitty, sixel, off
}

/// Which image protocol the terminal has, found by asking it: the kitty graphics query
/// (a 1×1 image that is only checked, never stored) then DA1, which every terminal answers.
/// The answers come back on stdin in that order; DA1's decides: a kitty `OK` before it →
/// kitty, a 4 among DA1's parameters → sixel, else none. Until DA1 has come, nothing is known
/// and no image byte is written (docs/images.md, Previews in the terminal).
public struct GraphicsDetection: Sendable, Equatable {
    /// The id of the query's image: answers with another id are someone else's.
    public static let queryId = 31
    /// The kitty query, DA1, and the cell size in pixels (`CSI 16 t`) for terminals whose
    /// tty does not say it (`TIOCGWINSZ`'s pixel fields 0).
    public static let query = "\u{1B}_Gi=\(queryId),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[c"

    public enum Outcome: Sendable, Equatable {
        /// Asked; DA1 has not come yet.
        case waiting
        case found(GraphicsProtocol?)
    }

    public private(set) var outcome: Outcome
    /// A cell's pixels, from the answer to `CSI 16 t` (the tty's own figure is the runtime's).
    public private(set) var cellPixels: Size?
    private var kittyAnswered = false

    /// What `setting` says before anything is asked: `auto` waits for the answers, except in
    /// tmux or screen (they answer DA1 themselves and pass no image: off unless asked for by name).
    public init(setting: PreviewSetting, environment: [String: String]) {
        switch setting {
        case .off: outcome = .found(nil)
        case .kitty: outcome = .found(.kitty)
        case .sixel: outcome = .found(.sixel)
        case .auto: outcome = Self.isMultiplexer(environment) ? .found(nil) : .waiting
        }
    }

    /// Whether the query should be written at all.
    public var asks: Bool { outcome == .waiting }

    static func isMultiplexer(_ environment: [String: String]) -> Bool {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// Takes one answer; true when it decided the protocol.
    public mutating func take(_ reply: TerminalReply) -> Bool {
        switch reply {
        case let .cellSize(width, height):
            if width > 0, height > 0 { cellPixels = Size(width: width, height: height) }
            return false
        case let .graphics(id, ok):
            if id == Self.queryId && ok { kittyAnswered = true }
            return false
        case let .primaryAttributes(params):
            guard outcome == .waiting else { return false }
            outcome = .found(kittyAnswered ? .kitty : params.dropFirst().contains(4) ? .sixel : nil)
            return true
        }
    }

    /// No DA1 in time (a terminal that answers nothing): no previews.
    public mutating func giveUp() {
        if outcome == .waiting { outcome = .found(nil) }
    }
}
