import Foundation
import Synchronization
import Core
import Storage

/// The repeating tasks, read, parsed and expanded off the loop thread. With 10,000 series,
/// reading and parsing them takes tens of milliseconds and expanding a month as long: too much
/// for a keystroke, or for the first frame. The loop asks for what it needs; what is not ready
/// yet is computed in the background and `ready` is called when it is (the loop then reloads).
/// Until then the last complete set is used, so the pane never goes blank.
final class SeriesStore: Sendable {
    /// One month's occurrences, by day, and their marks for the grid. The days hold indices
    /// into the series set, not copies of the tasks: a month of 10,000 series is ~50,000
    /// occurrences, 15 MB as `TaskItem`s (docs/performance.md, Where memory goes).
    struct Month: Sendable {
        let set: TaskSeriesSet
        var days: [CivilDate: [Int32]]
        var summary: [CivilDate: DaySummary]

        /// The occurrences on `day`, each a copy of its series (read by id) dated that day.
        func tasks(on day: CivilDate, from database: AppDatabase) throws -> [TaskItem] {
            try database.tasks(for: (days[day] ?? []).map { TaskSeriesSet.Occurrence(index: $0, day: day) }, of: set)
        }
    }

    private struct State {
        var counter: Int?
        var set = TaskSeriesSet()
        var loadingCounter: Int?
        var months: [CivilDate: Month] = [:]
        var expanding: Set<CivilDate> = []
    }

    private let database: AppDatabase
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "aihelper.series", qos: .userInitiated)
    private let ready: @Sendable () -> Void

    init(database: AppDatabase, ready: @escaping @Sendable () -> Void) {
        self.database = database
        self.ready = ready
    }

    /// The series as last read; starts a read in the background when `counter` says they may have changed.
    func series(counter: Int) -> TaskSeriesSet {
        let (set, start) = state.withLock { s -> (TaskSeriesSet, Bool) in
            let stale = s.counter != counter && s.loadingCounter != counter
            if stale { s.loadingCounter = counter }
            return (s.set, stale)
        }
        if start { queue.async { self.load(counter: counter) } }
        return set
    }

    /// The month starting at `first`, if expanded for the current series; else nil, and it is
    /// expanded in the background; with `neighbours` (the user is moving through the calendar)
    /// the months on either side too, where the next move goes. Start-up asks for the shown
    /// month alone: 10,000 series take 5–10 ms a month to expand.
    func month(_ first: CivilDate, counter: Int, neighbours: Bool = false) -> Month? {
        _ = series(counter: counter)
        let (month, wanted) = state.withLock { s -> (Month?, [CivilDate]) in
            let wanted = (neighbours ? [first, first.adding(months: 1), first.adding(months: -1)] : [first]).filter {
                s.months[$0] == nil && !s.expanding.contains($0)
            }
            s.expanding.formUnion(wanted)
            return (s.months[first], wanted)
        }
        if !wanted.isEmpty { queue.async { self.expand(wanted) } }
        return month
    }

    /// The months expanded for the current series (tests).
    var expandedMonths: Set<CivilDate> { state.withLock { Set($0.months.keys) } }

    /// Holds the reads and expansions asked for until `release`: the loop holds them until its
    /// first frame is out, so they neither compete with it for a core nor count in its memory.
    func hold() { queue.suspend() }

    func release() { queue.resume() }

    /// Waits until nothing is being read or expanded (benchmarks and tests).
    func settle() { queue.sync {} }

    /// Runs `work` on the store's queue, after what is queued (alert schedules use the series).
    func background(_ work: @escaping @Sendable (TaskSeriesSet) -> Void) {
        queue.async { work(self.state.withLock { $0.set }) }
    }

    private func load(counter: Int) {
        guard let set = try? database.taskSeries() else {
            state.withLock { $0.loadingCounter = nil }
            return
        }
        // The months being expanded were queued after this load (the queue is serial): they
        // will expand the new set, so they stay marked, and their end tells the loop; asking
        // again now would expand them twice and load the pane once for nothing.
        let expandingNext = state.withLock { s -> Bool in
            s.counter = counter
            s.set = set
            s.loadingCounter = nil
            s.months = [:]
            return !s.expanding.isEmpty
        }
        if !expandingNext { ready() }
    }

    private func expand(_ months: [CivilDate]) {
        let set = state.withLock { $0.set }
        var done: [CivilDate: Month] = [:]
        for first in months {
            let last = CivilDate(year: first.year, month: first.month, day: first.daysInMonth)
            // Grouped by day of the month in an array: ~50,000 occurrences hashed into a
            // dictionary one by one cost as much as expanding them.
            var byDay = [[Int32]](repeating: [], count: first.daysInMonth)
            for occurrence in set.occurrenceIndices(in: first...last) { byDay[occurrence.day.day - 1].append(occurrence.index) }
            var days: [CivilDate: [Int32]] = [:], summary: [CivilDate: DaySummary] = [:]
            for (offset, indices) in byDay.enumerated() where !indices.isEmpty {
                let day = first.adding(days: offset)
                days[day] = indices
                summary[day] = DaySummary(indices, of: set)
            }
            done[first] = Month(set: set, days: days, summary: summary)
        }
        // The queue is serial: a newer set is loaded only after this, and then clears the months.
        state.withLock { s in
            s.months.merge(done) { _, new in new }
            s.expanding.subtract(months)
        }
        ready()
    }
}
