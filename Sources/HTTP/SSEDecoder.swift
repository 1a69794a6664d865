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
    /// The event's `data:` lines as bytes, each followed by LF; decoded once, at dispatch.
    private var dataBuffer: [UInt8] = []
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
        feed(data) { e in
            events.append(SSEEvent(event: e.event, data: String(decoding: e.data, as: UTF8.self), id: e.id, retry: e.retry))
        }
        return events
    }

    /// An event whose data is still bytes in the decoder, valid only during the call it is given to.
    public struct EventBytes {
        public let event: String?
        public let data: UnsafeRawBufferPointer
        public let id: String?
        public let retry: Int?
    }

    /// Hands each event `data` completes to `event`, its data as bytes: spares a string per
    /// event to parsers that read bytes.
    public mutating func feed(_ data: Data, _ event: (EventBytes) throws -> Void) rethrows {
        // The splitter is moved out while it calls back into `self`, and so stays uniquely referenced.
        var splitter = lines
        lines = LineSplitter(endings: .crOrLfOrCrlf)
        defer { lines = splitter }
        try splitter.feed(data) { line in
            guard process(line) else { return }
            defer { endEvent() }
            try dataBuffer.withUnsafeBytes { bytes in
                try event(EventBytes(event: eventType.isEmpty ? nil : eventType,
                                     data: UnsafeRawBufferPointer(rebasing: bytes.dropLast()),   // without the LF after the last line
                                     id: lastEventID.isEmpty ? nil : lastEventID, retry: retryInBlock))
            }
        }
    }

    /// Ends the stream. By the rules, an event whose closing blank line never came is
    /// discarded, so this returns no events; it exists so every decoder ends the same way,
    /// and it leaves the decoder ready for a new stream (keeping the last event ID, as a
    /// reconnecting client would).
    public mutating func finish() -> [SSEEvent] {
        lines.finish { _ in }
        atStreamStart = true
        eventType = ""
        dataBuffer.removeAll()
        retryInBlock = nil
        lastEventIDBuffer = lastEventID
        return []
    }

    /// Works on bytes: field names and the separators are ASCII, and a combining mark after
    /// ":" or " " cannot hide them as it would inside a Character. Values are decoded with
    /// invalid UTF-8 replaced by U+FFFD: stream bytes are untrusted.
    /// True when the line ends an event that has data (then `dataBuffer` holds it until `endEvent`).
    private mutating func process(_ rawLine: UnsafeRawBufferPointer) -> Bool {
        var line = rawLine[...]
        if atStreamStart {
            atStreamStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }   // a BOM
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return false } // a comment, often a keep-alive
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        var value = colon == line.endIndex ? line[colon...] : line[(colon + 1)...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        apply(field: line[..<colon], value: UnsafeRawBufferPointer(rebasing: value))
        return false
    }

    private mutating func apply(field: Slice<UnsafeRawBufferPointer>, value: UnsafeRawBufferPointer) {
        let field = UnsafeRawBufferPointer(rebasing: field)
        func `is`(_ name: StaticString) -> Bool {
            field.count == name.utf8CodeUnitCount && memcmp(field.baseAddress!, name.utf8Start, field.count) == 0
        }
        if `is`("data") {
            dataBuffer.append(contentsOf: value)
            dataBuffer.append(UInt8(ascii: "\n"))
        } else if `is`("event") {
            eventType = String(decoding: value, as: UTF8.self)
        } else if `is`("id") {
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if `is`("retry") {
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
                retryInBlock = milliseconds
                reconnectionTime = milliseconds
            }
        }
        // Unknown fields are ignored.
    }

    /// A blank line: true when an event goes out (it has data); otherwise the block is reset.
    private mutating func dispatch() -> Bool {
        // The ID is committed even when no event goes out, as the rules say.
        lastEventID = lastEventIDBuffer
        guard !dataBuffer.isEmpty else { endEvent(); return false }
        return true
    }

    private mutating func endEvent() {
        eventType = ""
        dataBuffer.removeAll(keepingCapacity: true)
        retryInBlock = nil
    }
}
