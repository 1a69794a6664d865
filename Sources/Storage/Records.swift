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

extension Conversation: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "conversation"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Message: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "message"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension ToolCallRecord: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "toolCall"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension TimelineStep: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "timelineStep"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension TaskItem: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "task"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Todo: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "todo"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Subtask: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "subtask"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Contact: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "contact"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Note: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "note"
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
