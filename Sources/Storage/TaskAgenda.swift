import Foundation
import GRDB
import Core

/// The repeating tasks, parsed once: the calendar expands them for the days on screen only.
public struct TaskSeriesSet: Sendable {
    /// A rule that does not parse (nil set) shows its first day only: it never hides the task.
    public let items: [(task: TaskItem, set: RecurrenceSet?)]
    /// What expanding a month and counting its marks read of each item, side by side with
    /// `items`: reading them through `items` copied the whole task per occurrence.
    public let keys: [Key]
    /// Each item's parsed rule, side by side with `items` too (a `Key` stays plain data).
    public let rules: [RecurrenceSet?]

    public struct Key: Sendable {
        public let start: CivilDate?
        public let timed: Bool
        public let completed: Bool
        public let priority: Priority
    }

    public init(_ tasks: [TaskItem]) {
        var builder = Builder()
        for task in tasks { builder.add(task) }
        (items, keys, rules) = builder.finished()
    }

    init(_ build: (inout Builder) throws -> Void) rethrows {
        var builder = Builder()
        try build(&builder)
        (items, keys, rules) = builder.finished()
    }

    /// Collects series one task at a time (straight from the rows: no array of all the tasks).
    /// Series share a few rules (every week, every day): each text is parsed once, and the
    /// parsed sets share their storage. Parsing each of 10,000 took most of the start-up's
    /// background work (docs/performance.md).
    struct Builder {
        private var parsed: [String: RecurrenceSet?] = [:]
        private var items: [(task: TaskItem, set: RecurrenceSet?)] = []
        private var keys: [Key] = []
        private var rules: [RecurrenceSet?] = []

        mutating func reserve(_ count: Int) {
            items.reserveCapacity(count)
            keys.reserveCapacity(count)
            rules.reserveCapacity(count)
        }

        mutating func add(_ task: TaskItem) {
            guard let text = task.recurrence else { return }
            let set: RecurrenceSet?
            if let known = parsed[text] { set = known } else {
                set = try? RecurrenceSet(parsing: text)
                parsed[text] = .some(set)
            }
            items.append((task, set))
            keys.append(Key(start: task.dueDate, timed: task.dueTime != nil, completed: task.completed, priority: task.priority))
            rules.append(set)
        }

        /// The items in an array of their own size: grown by doubling, it would keep up to
        /// twice the room (400 bytes an item; the set lives as long as the app).
        func finished() -> ([(task: TaskItem, set: RecurrenceSet?)], [Key], [RecurrenceSet?]) {
            (Self.exact(items), Self.exact(keys), Self.exact(rules))
        }

        private static func exact<T>(_ array: [T]) -> [T] {
            guard array.capacity > array.count + array.count / 8 else { return array }
            var exact: [T] = []
            exact.reserveCapacity(array.count)
            exact.append(contentsOf: array)
            return exact
        }
    }

    /// Each occurrence in range as a copy of its series with `dueDate` set to the day.
    public func occurrences(in range: ClosedRange<CivilDate>) -> [TaskItem] {
        occurrenceIndices(in: range).map(occurrence)
    }

    /// Each occurrence in range as its series' index in `items` and its day: a few bytes each,
    /// where a `TaskItem` copy takes hundreds (a month of 10,000 series is ~50,000 occurrences).
    public func occurrenceIndices(in range: ClosedRange<CivilDate>) -> [Occurrence] {
        var found: [Occurrence] = []
        for (index, key) in keys.enumerated() {
            guard let start = key.start, start <= range.upperBound else { continue }
            let days = rules[index]?.occurrences(start: start, in: range) ?? (range.contains(start) ? [start] : [])
            for day in days { found.append(Occurrence(index: Int32(index), day: day)) }
        }
        return found
    }

    /// The occurrence as a copy of its series with `dueDate` set to its day.
    public func occurrence(_ occurrence: Occurrence) -> TaskItem {
        var task = items[Int(occurrence.index)].task
        task.dueDate = occurrence.day
        return task
    }

    public struct Occurrence: Sendable, Equatable {
        public var index: Int32
        public var day: CivilDate
        public init(index: Int32, day: CivilDate) { self.index = index; self.day = day }
    }
}

extension DaySummary {
    /// Both days' counts together.
    public func adding(_ other: DaySummary) -> DaySummary {
        DaySummary(count: count + other.count, open: open + other.open, highestPriority: max(highestPriority, other.highestPriority))
    }

    /// Counts `tasks` (occurrences, say) on their days.
    public static func add(_ tasks: some Sequence<TaskItem>, to summary: inout [CivilDate: DaySummary]) {
        for task in tasks {
            guard let day = task.dueDate else { continue }
            add(on: day, completed: task.completed, priority: task.priority, to: &summary)
        }
    }

    /// The marks of one day's occurrences of series (`indices` into `set`).
    public init(_ indices: [Int32], of set: TaskSeriesSet) {
        self.init(count: indices.count, open: 0, highestPriority: .none)
        for index in indices {
            let key = set.keys[Int(index)]
            if !key.completed {
                open += 1
                highestPriority = max(highestPriority, key.priority)
            }
        }
    }

    private static func add(on day: CivilDate, completed: Bool, priority: Priority, to summary: inout [CivilDate: DaySummary]) {
        var entry = summary[day] ?? DaySummary(count: 0, open: 0, highestPriority: .none)
        entry.count += 1
        if !completed {
            entry.open += 1
            entry.highestPriority = max(entry.highestPriority, priority)
        }
        summary[day] = entry
    }
}

/// Calendar queries that include the occurrences of repeating tasks.
extension AppDatabase {
    /// Every repeating task that starts on or before `end` (all of them when nil).
    public func taskSeries(startingBy end: CivilDate? = nil) throws -> TaskSeriesSet {
        try pool.read { db in
            // Counted first (two index counts, ~3 ms for 100,000 tasks) so the arrays are made
            // once at their size: grown by doubling, 10,000 series of 400 bytes were copied and
            // page-faulted again at each step (a fifth of reading them).
            let count = try Int.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM task) - (SELECT COUNT(*) FROM task WHERE recurrence IS NULL)
                """) ?? 0
            return try TaskSeriesSet { set in
                set.reserve(count)
                try TaskItem.forEachPositional(db, where: "recurrence IS NOT NULL" + (end == nil ? "" : " AND dueDate <= ?"),
                                               arguments: StatementArguments(end.map { [$0] } ?? [])) { set.add($0) }
            }
        }
    }

    /// Tasks between two days (both included) with the occurrences of series, in day order
    /// (all-day first, then by time, then by title). `series` saves re-reading them.
    public func agenda(from start: CivilDate, to end: CivilDate, series: TaskSeriesSet? = nil) throws -> [TaskItem] {
        let single = try singleTasks(from: start, to: end)
        let repeating = try (series ?? taskSeries(startingBy: end)).occurrences(in: start...end)
        return (single + repeating).sorted(by: Self.dayOrder)
    }

    /// The tasks that do not repeat between two days (both included), unsorted.
    public func singleTasks(from start: CivilDate, to end: CivilDate) throws -> [TaskItem] {
        try pool.read { db in
            try TaskItem.fetchPositional(db, where: "dueDate BETWEEN ? AND ? AND recurrence IS NULL", arguments: [start, end])
        }
    }

    public static func dayOrder(_ a: TaskItem, _ b: TaskItem) -> Bool {
        if a.dueDate != b.dueDate { return (a.dueDate ?? CivilDate(year: 9999, month: 1, day: 1)) < (b.dueDate ?? CivilDate(year: 9999, month: 1, day: 1)) }
        if (a.dueTime == nil) != (b.dueTime == nil) { return a.dueTime == nil }
        if a.dueTime != b.dueTime { return a.dueTime! < b.dueTime! }
        let titles = a.title.caseInsensitiveCompare(b.title)
        if titles != .orderedSame { return titles == .orderedAscending }
        return (a.id ?? 0) < (b.id ?? 0)
    }
}
