import Foundation
import HTTP

/// A response body, chunk by chunk, to normalized events: the framing (SSE events or NDJSON
/// lines), the provider's parser, and neighbouring deltas joined (`coalesced`).
public struct StreamDecoder: Sendable {
    private var parser: ProviderStreamParser
    private var sse = SSEDecoder()
    private var lines = NDJSONDecoder()

    public init(_ parser: ProviderStreamParser) { self.parser = parser }

    /// The events in `data`. A stream error part-way through a chunk still returns the events
    /// before it, with the error: the text before an error is the caller's partial answer.
    public mutating func feed(_ data: Data) -> (events: [StreamEvent], error: Error?) {
        var events: [StreamEvent] = []
        do {
            switch parser.framing {
            case .sse: try sse.feed(data) { e in try parser.consume(event: e.event, bytes: e.data, into: &events) }
            case .ndjson: for line in lines.feed(data) { events += try parser.consume(line: line) }
            }
            return (events.coalesced(), nil)
        } catch {
            return (events.coalesced(), error)
        }
    }

    /// The body ended: what the framing still held, then the parser's closing events.
    public mutating func finish() throws -> [StreamEvent] {
        let rest: [StreamEvent]
        switch parser.framing {
        case .sse: rest = try sse.finish().flatMap { try parser.consume(event: $0.event, data: $0.data) }
        case .ndjson: rest = try lines.finish().flatMap { try parser.consume(line: $0) }
        }
        return (rest + (try parser.finish())).coalesced()
    }
}
