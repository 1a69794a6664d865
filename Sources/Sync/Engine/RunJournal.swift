import Foundation
import GRDB
import Storage

/// One run as the run journal keeps it (`syncRun`, SchemaV12.swift).
public struct SyncRunRecord: Sendable, Equatable {
    public var id: Int64
    public var account: String
    public var startedAt: Date
    public var finishedAt: Date
    public var pulled: Int
    public var pushed: Int
    public var deleted: Int
    public var conflicts: Int
    public var problems: [SyncProblem]
    /// The items changed (the first `SyncReport.changesKept`).
    public var changes: [SyncItemChange]
}

/// The journal of runs: what each did, newest kept (`SyncEngine.runsKept` per account).
enum RunJournal {
    static func record(_ report: SyncReport, _ database: AppDatabase) throws {
        let problems = String(decoding: try JSONEncoder().encode(report.problems), as: UTF8.self)
        let changes = String(decoding: try JSONEncoder().encode(report.changes), as: UTF8.self)
        try database.pool.write { db in
            try db.execute(sql: """
                INSERT INTO syncRun(account, startedAt, finishedAt, pulled, pushed, deleted, conflicts, problems, changes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [report.account, report.startedAt, report.finishedAt, report.pulled, report.pushed,
                                 report.deleted, report.conflicts, problems, changes])
            try db.execute(sql: """
                DELETE FROM syncRun WHERE account = ? AND id <= (
                    SELECT id FROM syncRun WHERE account = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                """, arguments: [report.account, report.account, SyncEngine.runsKept])
        }
    }
}

extension SyncEngine {
    /// Journals a run that could not start (the server refused or could not be reached during
    /// discovery, a missing folder or password): `why` is its one problem, so `aihelper sync --status`
    /// and the app show it as they show a run the engine stopped.
    public static func recordFailedRun(in database: AppDatabase, account: String, startedAt: Date, why: String,
                                       reason: SyncReason? = nil) throws {
        try RunJournal.record(SyncReport(account: account, startedAt: startedAt, finishedAt: Date(),
                                         problems: [SyncProblem(href: nil, message: why, reason: reason)]), database)
    }

    /// The account's latest runs, newest first.
    public static func runs(in database: AppDatabase, account: String, limit: Int = 20) throws -> [SyncRunRecord] {
        try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM syncRun WHERE account = ? ORDER BY id DESC LIMIT ?", arguments: [account, limit]).map { row in
                let problems = (try? JSONDecoder().decode([SyncProblem].self, from: Data((row["problems"] as String).utf8))) ?? []
                let changes = (try? JSONDecoder().decode([SyncItemChange].self, from: Data(((row["changes"] as String?) ?? "[]").utf8))) ?? []
                return SyncRunRecord(id: row["id"], account: row["account"], startedAt: row["startedAt"], finishedAt: row["finishedAt"],
                                     pulled: row["pulled"], pushed: row["pushed"], deleted: row["deleted"],
                                     conflicts: row["conflicts"], problems: problems, changes: changes)
            }
        }
    }
}
