import Foundation
import Synchronization
import Core
import Storage

/// The month grid's marks from single (not repeating) tasks and due todos, per month and data
/// version. A month not read yet is read on the spot; its neighbours are then read ahead in
/// the background, where the next `[` or `]` goes, so a month move costs what a day move does.
final class MonthMarksStore: Sendable {
    /// The data the marks come from: tasks, and todos (their due dates are marked too).
    struct Version: Hashable, Sendable {
        var tasks: Int
        var todos: Int

        init(_ counters: ChangeCounters) { tasks = counters.tasks; todos = counters.todos }
    }

    typealias Marks = [CivilDate: DaySummary]

    private struct State {
        var version: Version?
        var months: [CivilDate: Marks] = [:]
        var reading: Set<CivilDate> = []

        /// A newer version makes every cached month stale.
        mutating func reset(to version: Version) {
            guard self.version != version else { return }
            self.version = version
            months = [:]
            reading = []
        }
    }

    private let database: AppDatabase
    private let state = Mutex(State())

    init(database: AppDatabase) { self.database = database }

    /// The marks of the month starting at `first`, from the cache when `version` is current.
    func marks(_ first: CivilDate, version: Version) throws -> Marks {
        if let cached = state.withLock({ s in s.version == version ? s.months[first] : nil }) { return cached }
        let marks = try Self.read(database, first)
        keep(marks, for: first, version: version)
        return marks
    }

    /// Reads the months on either side of `first` in the background (through `run`), unless
    /// they are cached or being read.
    func readAhead(around first: CivilDate, version: Version, run: (@escaping @Sendable () -> Void) -> Void) {
        let wanted = state.withLock { s -> [CivilDate] in
            s.reset(to: version)
            let wanted = [first.adding(months: 1), first.adding(months: -1)].filter { s.months[$0] == nil && !s.reading.contains($0) }
            s.reading.formUnion(wanted)
            return wanted
        }
        guard !wanted.isEmpty else { return }
        let database = self.database
        run {
            for month in wanted {
                let marks = try? Self.read(database, month)
                self.state.withLock { s in
                    s.reading.remove(month)
                    // Data read for an older version is dropped: the loop reads it again.
                    if let marks, s.version == version { s.months[month] = marks }
                }
            }
        }
    }

    private func keep(_ marks: Marks, for first: CivilDate, version: Version) {
        state.withLock { s in
            s.reset(to: version)
            s.months[first] = marks
        }
    }

    private static func read(_ database: AppDatabase, _ first: CivilDate) throws -> Marks {
        let last = CivilDate(year: first.year, month: first.month, day: first.daysInMonth)
        var marks = try database.taskDaySummary(from: first, to: last)
        for todo in try database.dueTodos(from: first, to: last) where marks[todo.day] == nil {
            marks[todo.day] = DaySummary(count: 0, open: 0, highestPriority: .none)
        }
        return marks
    }
}
