import Foundation
import Storage

/// Sync in the TUI: runs off the loop (`SyncRunner`), answered with `.sync` events that
/// `update` applies (UpdateSync.swift). Nothing of it is on the first frame's path.
extension TUIApp {
    /// Wires the sync service (call before `run`); without one the TUI shows nothing of sync.
    public func useSync(_ service: (any SyncRunning)?) {
        syncRunner.use(service)
    }

    /// After the first frame: the accounts are read off the loop; with any, the first run starts.
    func startSync() { syncRunner.readAccounts() }

    func perform(sync effect: SyncEffect) {
        switch effect {
        case .readAccounts: syncRunner.readAccounts()
        case .run: syncRunner.run()
        case .resolve(let id, let side): syncRunner.resolve(id, keep: side)
        }
    }

    /// The loop's refresh saw the counters: a local change (not a run's) starts the debounce.
    func noticeLocalChanges(_ counters: ChangeCounters) {
        if syncRunner.changedLocally(counters) { mailbox.post(.sync(.localChange)) }
    }
}
