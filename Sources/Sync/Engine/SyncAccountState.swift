import Foundation
import GRDB
import Storage

/// An account's sync state as a whole: for the status and for removing an account.
extension SyncEngine {
    /// Local changes waiting to be sent to the account (queued after its collections' cursors;
    /// a change that turns out to be nothing new is counted until the next run reads it).
    public static func pendingChanges(in database: AppDatabase, account: String) throws -> Int {
        try database.pool.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM syncChange c JOIN syncCollection s ON s.account = ?
                    AND c.kind IN (CASE s.kind WHEN 'tasks' THEN 'task' WHEN 'contacts' THEN 'contact' ELSE 'todo' END,
                                   CASE s.kind WHEN 'todos' THEN 'subtask' ELSE '' END)
                WHERE c.seq > s.queueCursor
                """, arguments: [account]) ?? 0
        }
    }

    /// Forgets everything synced with `account` (its items stay here): the next run with it is a
    /// first run, matching items by UID.
    public static func forget(account: String, in database: AppDatabase) throws {
        try database.pool.write { db in
            for table in ["syncItem", "syncConflict", "syncCollection"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE account = ?", arguments: [account])
            }
            // With no collection left, nothing is queued any more; otherwise what all others read goes.
            try db.execute(sql: """
                DELETE FROM syncChange WHERE NOT EXISTS (SELECT 1 FROM syncCollection)
                    OR seq <= (SELECT MIN(queueCursor) FROM syncCollection)
                """)
        }
    }
}
