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

    /// The newest change queued so far: what a run is about to read (see `waitingChanges(after:in:)`).
    public static func lastQueuedChange(in database: AppDatabase) throws -> Int64 {
        try database.pool.read { try SyncState.lastQueued($0) }
    }

    /// Whether a change queued after `seq` still waits for some collection: after a run, an
    /// edit made while it ran (too late for its push), which the app sends shortly rather than
    /// at the next timed run.
    public static func waitingChanges(after seq: Int64, in database: AppDatabase) throws -> Bool {
        try database.pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM syncChange c JOIN syncCollection s
                    ON c.kind IN (CASE s.kind WHEN 'tasks' THEN 'task' WHEN 'contacts' THEN 'contact' ELSE 'todo' END,
                                  CASE s.kind WHEN 'todos' THEN 'subtask' ELSE '' END)
                    WHERE c.seq > ? AND c.seq > s.queueCursor)
                """, arguments: [seq]) ?? false
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
