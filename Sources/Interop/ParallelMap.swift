import Foundation

/// `map` on every core for large inputs: the items split into one contiguous part per core,
/// each part mapped on its own thread, the results in the items' order: the lines of a large
/// vCard file (`Component.parse`; an .ics is read in pieces instead, `CalendarPieces`).
/// Below `minimum` items per part it is a plain `map`.
enum ParallelMap {
    static func map<T: Sendable, U: Sendable>(_ items: [T], minimum: Int = 2_048, _ transform: @Sendable (T) -> U) -> [U] {
        let count = min(ProcessInfo.processInfo.activeProcessorCount, items.count / minimum)
        guard count > 1 else { return items.map(transform) }
        let parts = Parts<U>(count)
        DispatchQueue.concurrentPerform(iterations: count) { part in
            parts.slots[part] = items[items.count * part / count ..< items.count * (part + 1) / count].map(transform)
        }
        var results: [U] = []
        results.reserveCapacity(items.count)  // joined() would grow it step by step: 1.4 million lines
        for slot in parts.slots { results += slot }
        return results
    }

    /// One slot per part, each written by its own thread only.
    private final class Parts<U>: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<[U]>
        init(_ count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
        }
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
    }
}
