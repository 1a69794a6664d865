import Foundation

/// One server-sent event.
public struct SSEEvent: Equatable, Sendable {
    /// The `event:` field; nil means the default type, "message".
    public var event: String?
    /// The `data:` lines of the event, joined with "\n".
    public var data: String
    /// The last event ID in force when this event was dispatched (it carries over between events).
    public var id: String?
    /// A valid `retry:` field given in this event's block, in milliseconds.
    public var retry: Int?

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// Decodes a `text/event-stream` body fed in chunks of any size, by the WHATWG rules
/// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
public struct SSEDecoder: Sendable {
    private var lines = LineSplitter(endings: .crOrLfOrCrlf)
    private var atStreamStart = true
    private var eventType = ""
    private var dataBuffer = ""
    private var retryInBlock: Int?
    private var lastEventIDBuffer = ""

    /// The ID a reconnecting client would send as `Last-Event-ID` ("" when none).
    public private(set) var lastEventID = ""

    /// The reconnection time the server asked for last (`retry:`), in milliseconds. Kept apart
    /// from events because a block holding only `retry:` dispatches no event.
    public private(set) var reconnectionTime: Int?

    public init() {}

    /// The events completed by `data`.
    public mutating func feed(_ data: Data) -> [SSEEvent] {
        var events: [SSEEvent] = []
        for line in lines.feed(data) {
            if let event = process(line) {
                events.append(event)
            }
        }
        return events
    }

    /// Ends the stream. By the rules, an event whose closing blank line never came is
    /// discarded, so this returns no events; it exists so every decoder ends the same way,
    /// and it leaves the decoder ready for a new stream (keeping the last event ID, as a
    /// reconnecting client would).
    public mutating func finish() -> [SSEEvent] {
        _ = lines.finish()
        atStreamStart = true
        eventType = ""
        dataBuffer = ""
        retryInBlock = nil
        lastEventIDBuffer = lastEventID
        return []
    }

    /// Works on Unicode scalars, not Characters: a combining mark after ":" or " " must not
    /// hide the separator, as it would inside a grapheme cluster.
    private mutating func process(_ rawLine: String) -> SSEEvent? {
        var line = Substring(rawLine).unicodeScalars
        if atStreamStart {
            atStreamStart = false
            if line.first == "\u{FEFF}" { line = line.dropFirst() }
        }
        if line.isEmpty { return dispatch() }
        if line.first == ":" { return nil } // a comment, often a keep-alive
        let colon = line.firstIndex(of: ":") ?? line.endIndex
        var value = colon == line.endIndex ? line[colon...] : line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        apply(field: String(Substring(line[..<colon])), value: Substring(value))
        return nil
    }

    private mutating func apply(field: String, value: Substring) {
        switch field {
        case "event":
            eventType = String(value)
        case "data":
            dataBuffer += value
            dataBuffer += "\n"
        case "id":
            if !value.unicodeScalars.contains("\0") { lastEventIDBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               let milliseconds = Int(value) {
                retryInBlock = milliseconds
                reconnectionTime = milliseconds
            }
        default:
            break // unknown fields are ignored
        }
    }

    private mutating func dispatch() -> SSEEvent? {
        defer {
            eventType = ""
            dataBuffer = ""
            retryInBlock = nil
        }
        // The ID is committed even when no event goes out, as the rules say.
        lastEventID = lastEventIDBuffer
        guard !dataBuffer.isEmpty else { return nil }
        dataBuffer.removeLast() // the "\n" after the last data line
        return SSEEvent(
            event: eventType.isEmpty ? nil : eventType,
            data: dataBuffer,
            id: lastEventID.isEmpty ? nil : lastEventID,
            retry: retryInBlock
        )
    }
}
