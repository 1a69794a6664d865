import Foundation
import GRDB
import Core

// GRDB conformances of the Core value types. Core knows nothing of SQLite; the mapping lives here.
// Columns are named after the Codable properties. Dates use GRDB's default text format (UTC).

/// "YYYY-MM-DD" text, so dates sort and compare as text and never shift with the time zone.
extension CivilDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { iso.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CivilDate? {
        String.fromDatabaseValue(dbValue).flatMap(CivilDate.init(iso:))
    }
}

/// "HH:mm" text: zero-padded, so text order is time order.
extension TimeOfDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { hhmm.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> TimeOfDay? {
        String.fromDatabaseValue(dbValue).flatMap(TimeOfDay.init(hhmm:))
    }
}

// Enums are stored as their raw strings.
extension Priority: DatabaseValueConvertible {}
extension Role: DatabaseValueConvertible {}
extension MessageStatus: DatabaseValueConvertible {}
extension TimelineKind: DatabaseValueConvertible {}
extension StepStatus: DatabaseValueConvertible {}

/// A table with an auto-incremented `id`: GRDB fills it in after an insert.
protocol AutoIncrementedRecord: FetchableRecord, MutablePersistableRecord {
    var id: Int64? { get set }
}

extension AutoIncrementedRecord {
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A record whose `updatedAt` every update through `AppDatabase.save` sets to now.
protocol TimestampedRecord: AutoIncrementedRecord {
    var updatedAt: Date { get set }
}

extension Conversation: AutoIncrementedRecord { public static let databaseTableName = "conversation" }
extension Message: AutoIncrementedRecord { public static let databaseTableName = "message" }
extension ToolCallRecord: AutoIncrementedRecord { public static let databaseTableName = "toolCall" }
extension TimelineStep: AutoIncrementedRecord { public static let databaseTableName = "timelineStep" }
extension TaskItem: AutoIncrementedRecord { public static let databaseTableName = "task" }
extension Todo: AutoIncrementedRecord { public static let databaseTableName = "todo" }
extension Subtask: AutoIncrementedRecord { public static let databaseTableName = "subtask" }
extension Contact: AutoIncrementedRecord { public static let databaseTableName = "contact" }
extension Note: AutoIncrementedRecord { public static let databaseTableName = "note" }
extension TaskItem: TimestampedRecord {}
extension Todo: TimestampedRecord {}
extension Subtask: TimestampedRecord {}
extension Contact: TimestampedRecord {}
extension Note: TimestampedRecord {}

extension AppDatabase {
    /// Inserts `record` and returns it with its new id.
    func inserted<Record: AutoIncrementedRecord>(_ record: Record) throws -> Record {
        try pool.write { db in
            var record = record
            try record.insert(db)
            return record
        }
    }

    /// Saves every field of `record`, with updatedAt = now.
    func saved<Record: TimestampedRecord>(_ record: Record) throws {
        var record = record
        record.updatedAt = Date()
        try pool.write { db in try record.update(db) }
    }
}
