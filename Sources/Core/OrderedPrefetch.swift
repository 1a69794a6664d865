import Foundation

/// Works out items `0..<count` ahead on background threads and hands them out in order: an
/// import reads and decodes its next files (or the next pieces of an .ics) while the one
/// database writer stores the last ones. At most `window` items wait finished, so memory
/// stays flat however many there are.
public final class OrderedPrefetch<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private let make: @Sendable (Int) -> T
    // Guarded by `condition`:
    private var results: [Int: T] = [:]
    private var claimed = 0
    private var taken = 0
    private var stopped = false

    /// `workers` threads (default: one per core but one, the writer's; at least one).
    public init(count: Int, window: Int = 32, workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
         make: @escaping @Sendable (Int) -> T) {
        self.count = count; self.window = max(1, window); self.make = make
        for _ in 0..<min(workers, max(count, 1)) {
            let thread = Thread { [self] in work() }
            thread.start()
        }
    }

    deinit { stop() }

    /// The next item in order; nil after the last.
    public func next() -> T? {
        condition.lock()
        defer { condition.unlock() }
        guard taken < count else { return nil }
        while results[taken] == nil { condition.wait() }
        let item = results.removeValue(forKey: taken)
        taken += 1
        condition.broadcast()
        return item
    }

    /// No more items are wanted: the workers finish the one in hand and end.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while !stopped && claimed < count {
            if claimed >= taken + window { condition.wait(); continue }
            let index = claimed
            claimed += 1
            condition.unlock()
            let item = make(index)
            condition.lock()
            results[index] = item
            condition.broadcast()
        }
        condition.unlock()
    }
}
