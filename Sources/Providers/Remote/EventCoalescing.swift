import Foundation

extension Array where Element == StreamEvent {
    /// Joins neighbouring text, reasoning and same-call argument deltas into one event each.
    /// An HTTP chunk at full speed carries hundreds of events; passing them on one by one cost a
    /// task hand-off and a screen update each (docs/performance.md).
    func coalesced() -> [StreamEvent] {
        var out: [StreamEvent] = []
        out.reserveCapacity(Swift.min(count, 4))
        for event in self {
            switch (out.last, event) {
            case (.textDelta(let a)?, .textDelta(let b)):
                out[out.count - 1] = .textDelta(a + b)
            case (.reasoningDelta(let a)?, .reasoningDelta(let b)):
                out[out.count - 1] = .reasoningDelta(a + b)
            case (.toolCallArgumentsDelta(let i, let a)?, .toolCallArgumentsDelta(let j, let b)) where i == j:
                out[out.count - 1] = .toolCallArgumentsDelta(index: i, a + b)
            default:
                out.append(event)
            }
        }
        return out
    }
}
