import Foundation
import Core
import Terminal

/// One sync account as the settings screen edits it: `interval_minutes` and `conflicts` of its
/// `[[sync.accounts]]` entry, found by `name`. Accounts are added by `aihelper sync setup`
/// or in config.toml, not here (their URL, user and password need the setup's checks).
struct SyncAccountSetting: Equatable {
    var name: String
    var intervalMinutes: Int
    /// "ask", "server_wins" or "local_wins".
    var conflicts: String

    static let policies = ["ask", "server_wins", "local_wins"]
    static let intervals = 1...1440
}

/// The settings screen's Sync section: two fields per account, after the fixed fields.
extension SettingsScreen {
    /// The account's name as a label shows it: one line, cleaned, short.
    private static func label(_ name: String) -> String { Sanitized.oneLine(Sanitizer.clean(name), max: 20) }

    private static func syncId(_ index: Int, _ key: String) -> String { "sync/\(index)/\(key)" }

    static func syncFields(_ accounts: [SyncAccountSetting]) -> [Form.Field] {
        let w = tr.sync
        return accounts.enumerated().flatMap { i, account in [
            Form.Field(w.syncInterval(Self.label(account.name)), String(account.intervalMinutes), id: syncId(i, "interval"), hint: w.syncIntervalHint),
            Form.Field(w.syncConflicts(Self.label(account.name)), w.syncPolicy(account.conflicts), id: syncId(i, "conflicts"),
                       choices: SyncAccountSetting.policies.map(w.syncPolicy), hint: w.syncConflictsHint),
        ] }
    }

    /// The Sync section's values into `v`; an interval outside 1…1440 minutes is marked.
    mutating func readSync(into v: inout SettingsValues) {
        for (i, account) in initial.syncAccounts.enumerated() {
            let intervalId = Self.syncId(i, "interval")
            form.setError(intervalId, nil)
            var edited = account
            if let minutes = Int(form.text(intervalId).trimmingCharacters(in: .whitespaces)), SyncAccountSetting.intervals.contains(minutes) {
                edited.intervalMinutes = minutes
            } else {
                form.setError(intervalId, tr.sync.badSyncInterval)
            }
            let typed = form.text(Self.syncId(i, "conflicts"))
            edited.conflicts = SyncAccountSetting.policies.first { tr.sync.syncPolicy($0) == typed || $0 == typed } ?? account.conflicts
            v.syncAccounts[i] = edited
        }
    }
}
