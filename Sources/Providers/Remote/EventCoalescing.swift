import Foundation

extension Array where Element == StreamEvent {
    /// Joins neighbouring text, reasoning and same-call argument deltas into one event each.
    /// An HTTP chunk at full speed carries hundreds of events; passing them on one by one cost a
    /// task hand-off and a screen update each (docs/performance.md).
    func coalesced() -> [StreamEvent] {
        var out: [StreamEvent] = []
        out.reserveCapacity(Swift.min(count, 4))
        for event in self {
            // The last event is taken out before its text grows, so the text is appended in
            // place rather than copied whole for every token.
            switch (out.last, event) {
            case (.textDelta(var a)?, .textDelta(let b)):
                out.removeLast(); a += b; out.append(.textDelta(a))
            case (.reasoningDelta(var a)?, .reasoningDelta(let b)):
                out.removeLast(); a += b; out.append(.reasoningDelta(a))
            case (.toolCallArgumentsDelta(let i, var a)?, .toolCallArgumentsDelta(let j, let b)) where i == j:
                out.removeLast(); a += b; out.append(.toolCallArgumentsDelta(index: i, a))
            default:
                out.append(event)
            }
        }
        return out
    }
}
