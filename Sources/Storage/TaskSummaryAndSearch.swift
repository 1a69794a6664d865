import Foundation
import GRDB
import Core

/// What the month grid shows for a day.
public struct DaySummary: Sendable, Equatable {
    public var count: Int
    /// Tasks not completed yet.
    public var open: Int
    /// The highest priority among the open tasks (`.none` when all are done).
    public var highestPriority: Priority

    public init(count: Int, open: Int, highestPriority: Priority) {
        self.count = count; self.open = open; self.highestPriority = highestPriority
    }
}

extension AppDatabase {
    /// Per-day counts for the days in range that have tasks: one grouped query over the dueDate index.
    /// Repeating tasks are left out: the Tasks pane adds their occurrences (`SeriesStore`). The
    /// covering index `task_marks` answers it without reading the table.
    public func taskDaySummary(from start: CivilDate, to end: CivilDate) throws -> [CivilDate: DaySummary] {
        let priorityRank = "CASE priority "
            + Priority.allCases.enumerated().map { "WHEN '\($1.rawValue)' THEN \($0) " }.joined() + "ELSE 0 END"
        return try pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT dueDate, COUNT(*) AS count, SUM(NOT completed) AS open,
                       MAX(CASE WHEN completed THEN 0 ELSE \(priorityRank) END) AS priorityRank
                FROM task WHERE dueDate BETWEEN ? AND ? AND recurrence IS NULL
                GROUP BY dueDate
                """, arguments: [start, end])
            var summaries: [CivilDate: DaySummary] = [:]
            for row in rows {
                guard let day: CivilDate = row["dueDate"] else { continue }
                let rank: Int = row["priorityRank"]
                summaries[day] = DaySummary(count: row["count"], open: row["open"],
                                            highestPriority: Priority.allCases[min(max(rank, 0), Priority.allCases.count - 1)])
            }
            return summaries
        }
    }

    /// Tasks whose title contains `title`, ignoring case: exact titles first, then titles that
    /// start with it, then the rest; within each, by due date (undated last).
    public func findTasks(matching title: String, includeCompleted: Bool = false) throws -> [TaskItem] {
        let needle = title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !needle.isEmpty else { return [] }
        let found = try pool.read { db in
            var request = TaskItem.filter(sql: "instr(swiftLowercaseString(title), ?) > 0", arguments: [needle])
            if !includeCompleted { request = request.filter(Column("completed") == false) }
            return try request.order(Column("id")).fetchAll(db)
        }
        return found
            .map { (task: $0, rank: Self.titleMatchRank($0.title, query: title) ?? Int.max) }
            .sorted { a, b in
                if a.rank != b.rank { return a.rank < b.rank }
                switch (a.task.dueDate, b.task.dueDate) {
                case let (x?, y?) where x != y: return x < y
                case (_?, nil): return true
                case (nil, _?): return false
                default: return (a.task.id ?? 0) < (b.task.id ?? 0)
                }
            }
            .map(\.task)
    }

    /// The Tasks pane's `/` filter: tasks whose title, notes, category or list contains `text`,
    /// ignoring case, by day, undated last. Three characters or more go through the trigram
    /// index (`task_ft`); shorter text scans with LIKE (ASCII letters in any case).
    /// At most this many tasks answer a filter (the pane says "the first 500").
    public static let taskFilterLimit = 500

    public func filterTasks(_ text: String, limit: Int = taskFilterLimit) throws -> [TaskItem] {
        let needle = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty else { return [] }
        let order = "ORDER BY dueDate IS NULL, dueDate, dueTime IS NOT NULL, dueTime, id LIMIT :limit"
        return try pool.read { db in
            if needle.count >= 3 {
                let phrase = "\"" + needle.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                return try TaskItem.fetchPositional(db, where: "id IN (SELECT rowid FROM task_ft WHERE task_ft MATCH :phrase) \(order)",
                                                    arguments: ["phrase": phrase, "limit": limit])
            }
            let pattern = "%" + needle.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            return try TaskItem.fetchAll(db, sql: """
                SELECT * FROM task
                WHERE title LIKE :p ESCAPE '\\' OR notes LIKE :p ESCAPE '\\'
                   OR category LIKE :p ESCAPE '\\' OR list LIKE :p ESCAPE '\\'
                \(order)
                """, arguments: ["p": pattern, "limit": limit])
        }
    }

    /// How well a title matches a search, ignoring case: 0 exact, 1 prefix, 2 contains, nil no match.
    public static func titleMatchRank(_ title: String, query: String) -> Int? {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !query.isEmpty else { return nil }
        if title == query { return 0 }
        if title.hasPrefix(query) { return 1 }
        return title.contains(query) ? 2 : nil
    }
}
