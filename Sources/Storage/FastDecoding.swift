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

    init(positionalRow row: Row) {
        func date(_ i: Int) -> Date? { row.hasNull(atIndex: i) ? nil : StoredDate.decode(row, i) }
        self.init(id: row[0], uid: row[1], title: row[2], notes: row[3], dueDate: row[4], dueTime: row[5],
                  durationMinutes: row[6], category: row[7], priority: row[8], completed: row[9], completedAt: date(10),
                  recurrence: row[11], list: row[12], alertMinutes: row[13], snoozedUntil: date(14), alertedThrough: date(15),
                  extra: row[16], createdAt: StoredDate.decode(row, 17), updatedAt: StoredDate.decode(row, 18))
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
        let value: DatabaseValue = row[index]
        if case .string(let text) = value.storage, let date = parse(text) { return date }
        return Date.fromDatabaseValue(value) ?? Date(timeIntervalSince1970: 0)
    }

    /// Parses exactly "YYYY-MM-DD HH:MM:SS" with an optional ".SSS"; nil for anything else.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 19 || b.count == 23 else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) - 48
                guard (0...9).contains(d) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard b[4] == 45, b[7] == 45, b[10] == 32, b[13] == 58, b[16] == 58,
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var millis = 0
        if b.count == 23 {
            guard b[19] == 46, let ms = digits(20, 3) else { return nil }
            millis = ms
        }
        // Summed the way Calendar.date(from:) does (whole seconds since 2001, then the fraction),
        // so the Date is bit-identical to GRDB's own decoding.
        let days = daysFromCivil(year: year, month: month, day: day)
        let sinceReference = days * 86_400 + hour * 3_600 + minute * 60 + second - 978_307_200
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) + Double(millis * 1_000_000) / 1e9)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
