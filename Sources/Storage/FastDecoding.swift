import Foundation
import GRDB
import Core

// The todo tree is read whole (thousands of rows) at start-up and after every change.
// Codable decoding looks each column up by name and parses dates through Calendar: 5 µs a row.
// These readers take columns by position from a SELECT that names them, and parse GRDB's
// date text directly: well under 1 µs a row.

extension Todo {
    static let selectColumns = "id, uid, title, notes, completed, position, dueDate, extra, createdAt, updatedAt"

    init(positionalRow row: Row) {
        self.init(id: row[0], uid: row[1], title: row[2], notes: row[3], completed: row[4], position: row[5],
                  dueDate: row[6], extra: row[7], createdAt: StoredDate.decode(row, 8), updatedAt: StoredDate.decode(row, 9))
    }
}

extension Subtask {
    static let selectColumns = "id, uid, todoId, parentId, title, notes, completed, position, dueDate, extra, createdAt, updatedAt"

    init(positionalRow row: Row) {
        self.init(id: row[0], uid: row[1], todoId: row[2], parentId: row[3], title: row[4], notes: row[5],
                  completed: row[6], position: row[7], dueDate: row[8], extra: row[9],
                  createdAt: StoredDate.decode(row, 10), updatedAt: StoredDate.decode(row, 11))
    }
}

extension TaskItem {
    static let selectColumns = """
        id, uid, title, notes, dueDate, dueTime, durationMinutes, category, priority, completed, completedAt,
        recurrence, list, alertMinutes, snoozedUntil, alertedThrough, extra, createdAt, updatedAt
        """

    /// Optional columns are read as text or numbers and converted here: GRDB's generic
    /// `Optional<CivilDate>` path instantiated type metadata per value (a third of reading 10,000 series).
    init(positionalRow row: Row) {
        func date(_ i: Int) -> Date? { row.hasNull(atIndex: i) ? nil : StoredDate.decode(row, i) }
        func text(_ i: Int) -> String? { row.hasNull(atIndex: i) ? nil : row[i] as String }
        func int(_ i: Int) -> Int? { row.hasNull(atIndex: i) ? nil : row[i] as Int }
        self.init(id: row[0] as Int64, uid: row[1] as String, title: row[2] as String, notes: row[3] as String,
                  dueDate: text(4).flatMap(CivilDate.init(iso:)), dueTime: text(5).flatMap(TimeOfDay.init(hhmm:)),
                  durationMinutes: int(6), category: text(7), priority: text(8).flatMap(Priority.init(rawValue:)) ?? Priority.none,
                  completed: row[9] as Bool, completedAt: date(10),
                  recurrence: text(11), list: text(12), alertMinutes: int(13), snoozedUntil: date(14), alertedThrough: date(15),
                  extra: text(16), createdAt: StoredDate.decode(row, 17), updatedAt: StoredDate.decode(row, 18))
    }

    /// Tasks from `SELECT \(selectColumns) FROM task …`.
    static func fetchPositional(_ db: Database, where condition: String, arguments: StatementArguments = []) throws -> [TaskItem] {
        var tasks: [TaskItem] = []
        try forEachPositional(db, where: condition, arguments: arguments) { tasks.append($0) }
        return tasks
    }

    /// Each task of the query in turn, none kept: for a caller that keeps something else.
    static func forEachPositional(_ db: Database, where condition: String, arguments: StatementArguments = [],
                                  _ body: (TaskItem) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: "SELECT \(selectColumns) FROM task WHERE \(condition)", arguments: arguments)
        while let row = try rows.next() { try body(TaskItem(positionalRow: row)) }
    }
}

/// GRDB stores dates as "YYYY-MM-DD HH:MM:SS.SSS" in UTC.
enum StoredDate {
    static func decode(_ row: Row, _ index: Int) -> Date {
        // Text read as such, without a `DatabaseValue` in between (two dates a row).
        if !row.hasNull(atIndex: index), let date = parse(row[index] as String) { return date }
        let value: DatabaseValue = row[index]
        if case .string(let text) = value.storage, let date = parse(text) { return date }
        return Date.fromDatabaseValue(value) ?? Date(timeIntervalSince1970: 0)
    }

    /// Parses exactly "YYYY-MM-DD HH:MM:SS" with an optional ".SSS"; nil for anything else.
    static func parse(_ text: String) -> Date? { UTCTimestamp.parseStored(text) }

    /// What GRDB stores for `date`, made without its DateFormatter (bulk writes bind thousands).
    static func value(_ date: Date) -> DatabaseValue {
        UTCTimestamp.storedText(date)?.databaseValue ?? date.databaseValue
    }

    static func value(_ date: Date?) -> DatabaseValue { date.map(value) ?? .null }
}
