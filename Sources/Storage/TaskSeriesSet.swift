import Foundation
import GRDB
import Core

/// The repeating tasks, parsed once: the calendar expands them for the days on screen only.
///
/// Each series is held as what expanding it, counting its marks and working out its reminders
/// read (`Series`, a few words), read from the index `task_series` without the table; the task
/// itself (title, notes, category…) is read by id for the occurrences shown
/// (`AppDatabase.occurrences`). Reading and decoding every column of 10,000 series took most
/// of the start-up's work after the first frame (docs/performance.md, session 10).
public struct TaskSeriesSet: Sendable {
    public let series: [Series]
    /// The distinct rules, parsed, and which one each series has (side by side with `series`):
    /// 10,000 series share a handful of rule texts, and a parsed rule with its arrays takes
    /// 120 bytes, a number 4. A rule that does not parse (nil) shows its first day only: it
    /// never hides the task.
    private let distinctRules: [RecurrenceSet?]
    private let ruleOfSeries: [Int32]

    /// One series as the calendar and the reminders read it. Plain data: read in place, never
    /// retained or released per occurrence.
    public struct Series: Sendable, Equatable {
        public let id: Int64
        public let start: CivilDate?
        public let time: TimeOfDay?
        public let completed: Bool
        public let priority: Priority
        public let alertMinutes: Int?
        public let alertedThrough: Date?
        public let createdAt: Date

        public init(id: Int64, start: CivilDate?, time: TimeOfDay?, completed: Bool, priority: Priority,
                    alertMinutes: Int?, alertedThrough: Date?, createdAt: Date) {
            self.id = id; self.start = start; self.time = time; self.completed = completed; self.priority = priority
            self.alertMinutes = alertMinutes; self.alertedThrough = alertedThrough; self.createdAt = createdAt
        }

        /// The columns `init(positionalRow:)` reads, then the rule text: all in `task_series`.
        static let selectColumns = "id, dueDate, dueTime, completed, priority, alertMinutes, alertedThrough, createdAt, recurrence"

        init(positionalRow row: Row) {
            func text(_ i: Int) -> String? { row.hasNull(atIndex: i) ? nil : row[i] as String }
            self.init(id: row[0], start: text(1).flatMap(CivilDate.init(iso:)), time: text(2).flatMap(TimeOfDay.init(hhmm:)),
                      completed: row[3], priority: text(4).flatMap(Priority.init(rawValue:)) ?? .none,
                      alertMinutes: row.hasNull(atIndex: 5) ? nil : row[5] as Int,
                      alertedThrough: row.hasNull(atIndex: 6) ? nil : StoredDate.decode(row, 6), createdAt: StoredDate.decode(row, 7))
        }
    }

    public init() { (series, distinctRules, ruleOfSeries) = ([], [], []) }

    init(_ build: (inout Builder) throws -> Void) rethrows {
        var builder = Builder()
        try build(&builder)
        (series, distinctRules, ruleOfSeries) = (builder.series, builder.distinctRules, builder.ruleOfSeries)
    }

    /// The parsed rule of the series at `index` (nil: it does not parse).
    public func rule(_ index: Int) -> RecurrenceSet? { distinctRules[Int(ruleOfSeries[index])] }

    /// Collects series one row at a time. Series share a few rules (every week, every day):
    /// each text is parsed and kept once, the series numbering it. Parsing each of
    /// 10,000 took most of the start-up's background work (docs/performance.md).
    struct Builder {
        private var parsed: [String: Int32] = [:]
        fileprivate(set) var series: [Series] = []
        fileprivate(set) var distinctRules: [RecurrenceSet?] = []
        fileprivate(set) var ruleOfSeries: [Int32] = []

        /// Made once at their size: grown by doubling, the arrays are copied and page-faulted
        /// again at each step, and keep up to twice the room for as long as the app runs.
        mutating func reserve(_ count: Int) {
            series.reserveCapacity(count)
            ruleOfSeries.reserveCapacity(count)
        }

        mutating func add(_ row: Row) {
            let text: String = row[8]
            let rule: Int32
            if let known = parsed[text] { rule = known } else {
                rule = Int32(distinctRules.count)
                distinctRules.append(try? RecurrenceSet(parsing: text))
                parsed[text] = rule
            }
            series.append(Series(positionalRow: row))
            ruleOfSeries.append(rule)
        }
    }

    /// The days `rule` falls on in `range` for a series starting on `start`; a rule that does
    /// not parse (nil) falls on its start alone, as the calendar shows it.
    public static func days(of rule: RecurrenceSet?, start: CivilDate, in range: ClosedRange<CivilDate>) -> [CivilDate] {
        rule?.occurrences(start: start, in: range) ?? (range.contains(start) ? [start] : [])
    }

    /// Each occurrence in range as its series' index and its day: a few bytes each, where a
    /// `TaskItem` copy takes hundreds (a month of 10,000 series is ~50,000 occurrences).
    public func occurrenceIndices(in range: ClosedRange<CivilDate>) -> [Occurrence] {
        var found: [Occurrence] = []
        for (index, series) in series.enumerated() {
            guard let start = series.start, start <= range.upperBound else { continue }
            for day in Self.days(of: rule(index), start: start, in: range) { found.append(Occurrence(index: Int32(index), day: day)) }
        }
        return found
    }

    public struct Occurrence: Sendable, Equatable {
        public var index: Int32
        public var day: CivilDate
        public init(index: Int32, day: CivilDate) { self.index = index; self.day = day }
    }
}

extension DaySummary {
    /// The marks of one day's occurrences of series (`indices` into `set`).
    public init(_ indices: [Int32], of set: TaskSeriesSet) {
        self.init(count: indices.count, open: 0, highestPriority: .none)
        for index in indices {
            let series = set.series[Int(index)]
            if !series.completed {
                open += 1
                highestPriority = max(highestPriority, series.priority)
            }
        }
    }
}

extension AppDatabase {
    /// Every repeating task that starts on or before `end` (all of them when nil), from the
    /// index `task_series` alone.
    public func taskSeries(startingBy end: CivilDate? = nil) throws -> TaskSeriesSet {
        try pool.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM task INDEXED BY task_series WHERE recurrence IS NOT NULL") ?? 0
            return try TaskSeriesSet { set in
                set.reserve(count)
                let rows = try Row.fetchCursor(db, sql: Self.seriesSQL(startingBy: end), arguments: StatementArguments(end.map { [$0] } ?? []))
                while let row = try rows.next() { set.add(row) }
            }
        }
    }

    /// Reads the index alone (`INDEXED BY` fails rather than fall back to a scan).
    static func seriesSQL(startingBy end: CivilDate?) -> String {
        """
        SELECT \(TaskSeriesSet.Series.selectColumns) FROM task INDEXED BY task_series
        WHERE recurrence IS NOT NULL\(end == nil ? "" : " AND dueDate <= ?")
        """
    }

    /// The occurrences as tasks, in the order given: each series' row read once, by id, and
    /// copied for each of its days. A series deleted since `set` was read is left out.
    public func tasks(for occurrences: [TaskSeriesSet.Occurrence], of set: TaskSeriesSet) throws -> [TaskItem] {
        let rows = try tasks(ids: Set(occurrences.map { set.series[Int($0.index)].id }))
        // Occurrences moved onto a day (overrides from a calendar) are the last copies of their
        // series on it, shown at their new time with their own title and alert; the copies
        // before are the rule's own.
        var copies: [Int64: Int] = [:]
        for occurrence in occurrences { copies[Self.key(occurrence), default: 0] += 1 }
        var seen: [Int64: Int] = [:]
        return occurrences.compactMap { occurrence in
            guard var task = rows[set.series[Int(occurrence.index)].id] else { return nil }
            task.dueDate = occurrence.day
            let key = Self.key(occurrence)
            seen[key, default: 0] += 1
            if let moved = set.rule(Int(occurrence.index))?.moved(onto: occurrence.day), !moved.isEmpty {
                let position = seen[key]! - 1 - (copies[key]! - moved.count)
                if position >= 0, position < moved.count { task.showing(moved[position]) }
            }
            return task
        }
    }

    private static func key(_ occurrence: TaskSeriesSet.Occurrence) -> Int64 {
        Int64(occurrence.index) << 32 | Int64(occurrence.day.year * 10_000 + occurrence.day.month * 100 + occurrence.day.day)
    }

    /// The occurrences of `set` in range as tasks (a copy of its series dated each day).
    public func occurrences(of set: TaskSeriesSet, in range: ClosedRange<CivilDate>) throws -> [TaskItem] {
        try tasks(for: set.occurrenceIndices(in: range), of: set)
    }

    /// The tasks with these ids, by id (a few hundred bound per query, under SQLite's limit).
    public func tasks(ids: Set<Int64>) throws -> [Int64: TaskItem] {
        var found: [Int64: TaskItem] = [:]
        found.reserveCapacity(ids.count)
        let ids = Array(ids)
        try pool.read { db in
            try BoundIdentifiers.inParts(ids) { marks, arguments in
                try TaskItem.forEachPositional(db, where: "id IN (\(marks))", arguments: arguments) { found[$0.id!] = $0 }
            }
        }
        return found
    }
}

extension TaskItem {
    /// This copy of a series as its moved occurrence `moved` shows: at its time, with its
    /// own title and alert where the override has them.
    mutating func showing(_ moved: RecurrenceSet.Moved) {
        dueTime = moved.time
        if let title = moved.title { self.title = title }
        if let minutes = moved.alertMinutes { alertMinutes = minutes }
    }
}
