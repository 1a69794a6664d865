import Foundation
import GRDB

/// Large imports insert tens of thousands of rows in one transaction. Each row fires the
/// table's AFTER INSERT triggers (the change counter, the full-text index, the undo journal):
/// a small program per row and per trigger. For the run those triggers are dropped, and once
/// the rows are in each one's work is done for all the new rows in one statement:
///
///     INSERT INTO t(cols) VALUES (exprs of new.x)  →  INSERT INTO t(cols) SELECT exprs FROM table AS new WHERE new.id > ? AND (its WHEN)
///     UPDATE changeCounter …                       →  run once
///
/// The triggers are recreated from their own SQL before the transaction ends, so the change is
/// never seen by another connection; a failure rolls back the drop with everything else.
/// Only new rows are caught up: rows the run UPDATEs or DELETEs fire their triggers as always,
/// so a run must not update a row it inserted (callers check their input has no duplicates).
/// A trigger of another shape is left in place and fires per row, as before.
struct SuspendedInsertTriggers {
    private struct Suspended {
        var table: String
        var name: String
        var sql: String
        var catchUp: String
        var perRow: Bool
    }

    private var suspended: [Suspended] = []
    /// The largest id of each table before the run: the run's rows are above it (AUTOINCREMENT).
    private var marks: [String: Int64] = [:]
    /// The largest id whose per-row work is done (`catchUp`), per table.
    private var caughtUp: [String: Int64] = [:]
    private let tables: [String]
    /// Full-text tables whose pending-terms buffer is raised for the run.
    private var raisedBuffers: [BulkWriteTuning.RaisedBuffer] = []

    /// Drops the recognised AFTER INSERT triggers of `tables`. `largeFTSBuffer`: the full-text
    /// indexes they fill are caught up with `BulkWriteTuning`'s buffer until `restore` (memory
    /// for speed: the calendar import).
    init(_ db: Database, tables: [String], largeFTSBuffer: Bool = false) throws {
        self.tables = tables
        for table in tables {
            marks[table] = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM \"\(table)\"") ?? 0
            let rows = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                                        arguments: [table])
            for row in rows {
                let name: String = row[0], sql: String = row[1]
                guard let (catchUp, perRow) = Self.catchUp(of: sql, table: table) else { continue }
                suspended.append(Suspended(table: table, name: name, sql: sql, catchUp: catchUp, perRow: perRow))
                try db.execute(sql: "DROP TRIGGER \"\(name)\"")
                if largeFTSBuffer && perRow, let raised = try BulkWriteTuning.raiseFTSBuffer(db, table: Self.target(of: catchUp)) {
                    raisedBuffers.append(raised)
                }
            }
        }
        caughtUp = marks
    }

    /// Does the per-row work of `table`'s dropped triggers for its rows added since the last
    /// catch-up, so a long run can do it while it waits for more rows (the calendar import waits
    /// for its reader). Each target is filled in the same order as by one catch-up at the end.
    mutating func catchUp(_ db: Database, table: String) throws {
        let from = caughtUp[table] ?? 0
        guard let last = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM \"\(table)\""), last > from else { return }
        for trigger in suspended where trigger.table == table && trigger.perRow {
            try db.execute(sql: trigger.catchUp, arguments: [from])
        }
        caughtUp[table] = last
    }

    /// Does the dropped triggers' work for the rows added since `init` (and not caught up), and
    /// recreates them.
    mutating func restore(_ db: Database) throws {
        for table in tables { try catchUp(db, table: table) }
        for trigger in suspended {
            let mark = marks[trigger.table] ?? 0
            if !trigger.perRow, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \"\(trigger.table)\" WHERE id > ?)", arguments: [mark]) == true {
                try db.execute(sql: trigger.catchUp)
            }
            try db.execute(sql: trigger.sql)
        }
        for raised in raisedBuffers { try BulkWriteTuning.putBack(raised, db) }
    }

    /// The table an `INSERT INTO t(…) …` writes to, unquoted.
    static func target(of insert: String) -> String {
        let rest = insert.dropFirst("INSERT INTO ".count)
        return String(rest.prefix { $0 != "(" && $0 != " " }).trimmingCharacters(in: CharacterSet(charactersIn: "\"`[]"))
    }

    /// The statement doing `sql`'s work for every new row, and whether it takes the mark (a
    /// SELECT over the new rows) or runs once; nil for a trigger of any other shape.
    static func catchUp(of sql: String, table: String) -> (String, Bool)? {
        let flat = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let upper = flat.uppercased()
        guard let after = upper.range(of: " AFTER INSERT ON "), let begin = upper.range(of: " BEGIN "),
              upper.hasSuffix(" END") || upper.hasSuffix("END;") else { return nil }
        let head = upper[after.upperBound..<begin.lowerBound]
        var when: String?
        if let w = head.range(of: " WHEN ") {
            when = String(flat[w.upperBound..<begin.lowerBound])
        }
        let endIndex = upper.range(of: "END", options: .backwards)!.lowerBound
        var body = String(flat[begin.upperBound..<endIndex]).trimmingCharacters(in: .whitespaces)
        guard body.hasSuffix(";"), body.dropLast().firstIndex(of: ";") == nil else { return nil }  // one statement
        body.removeLast()
        let bodyUpper = body.uppercased()
        if bodyUpper.hasPrefix("UPDATE CHANGECOUNTER ") && when == nil && !bodyUpper.contains("NEW.") {
            return (body, false)
        }
        guard bodyUpper.hasPrefix("INSERT INTO "), let values = bodyUpper.range(of: " VALUES ("), body.hasSuffix(")") else { return nil }
        let target = body[..<values.lowerBound]
        let expressions = body[values.upperBound..<body.index(before: body.endIndex)]
        let condition = when.map { " AND (\($0))" } ?? ""
        return ("\(target) SELECT \(expressions) FROM \"\(table)\" AS new WHERE new.id > ?\(condition)", true)
    }
}
