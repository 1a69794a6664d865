import Foundation
import Storage

/// What one run carries along: its report and its undo entries (one per area, filled by the
/// run's many transactions, so undo takes a whole run back).
final class RunContext {
    let database: AppDatabase
    var report: SyncReport
    private var entries: [JournalArea: Int64] = [:]

    init(account: String, database: AppDatabase) {
        self.database = database
        report = SyncReport(account: account, startedAt: Date(), finishedAt: Date())
    }

    func problem(_ href: String?, _ message: String, _ reason: SyncReason? = nil) {
        report.problems.append(SyncProblem(href: href, message: message, reason: reason))
    }

    /// The run's undo entry for a collection of `kind`; nil for contacts (they have no undo).
    func journal(for kind: SyncKind) throws -> Int64? {
        let area: JournalArea
        switch kind {
        case .tasks: area = .tasks
        case .todos: area = .todos
        case .contacts: return nil
        }
        if let entry = entries[area] { return entry }
        let entry = try database.openSyncJournalEntry(area, label: "sync \(report.account)")
        entries[area] = entry
        return entry
    }

    /// Closes the undo entries and writes the run journal.
    func finish() -> SyncReport {
        for (area, entry) in entries {
            do { try database.closeSyncJournalEntry(entry, area) } catch { problem(nil, "undo journal: \(error)") }
        }
        report.finishedAt = Date()
        do { try RunJournal.record(report, database) } catch { problem(nil, "run journal: \(error)") }
        return report
    }
}
