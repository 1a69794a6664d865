import Foundation
import Storage
import Sync

/// Runs sync off the loop (docs/sync.md, In the TUI): one run at a time, its end posted as
/// `.sync(.finished)`; the accounts and conflicts read, a side picked, each answered through
/// the mailbox. Tells a local change from a run's own writes by the change counters: those a
/// run leaves are the baseline, and only counters that move past it while no run is under way
/// are the user's; an edit made during a run that its push missed is still in the engine's
/// queue afterwards, and is sent after the debounce too.
final class SyncRunner: @unchecked Sendable {
    private let database: AppDatabase
    private let mailbox: Mailbox
    /// Guards what a run's task writes: the baseline, the task's end.
    private let lock = NSLock()
    private var service: (any SyncRunning)?
    private var running: Task<Void, Never>?
    private var ended: DispatchSemaphore?
    private var baseline: ChangeCounters?

    init(database: AppDatabase, mailbox: Mailbox) {
        self.database = database
        self.mailbox = mailbox
    }

    /// The sync service; nil (tests, no `Sync` wired): nothing of sync happens.
    func use(_ service: (any SyncRunning)?) { lock.withLock { self.service = service } }

    /// The accounts now, on the caller's thread (the settings screen; never the first frame).
    func accountsNow() -> [SyncAccountSummary] { lock.withLock { service }?.accounts() ?? [] }

    var isRunning: Bool { lock.withLock { running != nil } }

    /// Reads the accounts (config.toml) and conflicts off the loop: `.sync(.accountsRead)`.
    func readAccounts() {
        guard let service = lock.withLock({ service }) else { return }
        let mailbox = self.mailbox
        Task.detached {
            let accounts = service.accounts()
            let conflicts = accounts.isEmpty ? [] : (try? service.conflicts()) ?? []  // no account: config.toml alone
            mailbox.post(.sync(.accountsRead(accounts, conflicts: conflicts)))
        }
    }

    /// Starts a run of every account; false (nothing started) while one is under way.
    @discardableResult
    func run() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard let service, running == nil else { return false }
        let database = self.database, mailbox = self.mailbox
        let ended = DispatchSemaphore(value: 0)
        self.ended = ended
        running = Task.detached { [weak self] in
            let queued = try? SyncEngine.lastQueuedChange(in: database)
            let runs = await service.run(account: nil)
            let conflicts = (try? service.conflicts()) ?? []
            // config.toml again: an account added, changed or removed since the last read shows.
            let accounts = Task.isCancelled ? [] : service.accounts()
            let counters = try? database.changeCounters()
            // An edit made while the run went on, after its push: it goes out shortly, as any edit.
            let editedMeanwhile = queued.map { (try? SyncEngine.waitingChanges(after: $0, in: database)) ?? false } ?? false
            self?.lock.withLock {
                self?.baseline = counters
                self?.running = nil
            }
            // Cancelled at quit: the app is going, nothing to tell.
            if !Task.isCancelled {
                mailbox.post(.sync(.finished(runs, conflicts: conflicts)))
                mailbox.post(.sync(.accountsRead(accounts, conflicts: conflicts)))
                if editedMeanwhile { mailbox.post(.sync(.localChange)) }
            }
            ended.signal()
        }
        return true
    }

    /// Picks a side off the loop: `.sync(.resolved)` with the conflicts left.
    func resolve(_ conflict: Int64, keep side: SyncSide) {
        guard let service = lock.withLock({ service }) else { return }
        let mailbox = self.mailbox
        Task.detached {
            var failure: String?
            do { try service.resolve(conflict: conflict, keep: side) } catch { failure = "\(error)" }
            let conflicts = (try? service.conflicts()) ?? []
            mailbox.post(.sync(.resolved(conflicts: conflicts, failure: failure)))
        }
    }

    /// True when tasks, todos or contacts changed since the baseline while no run was under
    /// way: a local change for the next run (called by the loop's `refresh`).
    func changedLocally(_ counters: ChangeCounters) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard service != nil, running == nil else { return false }
        defer { baseline = counters }
        guard let baseline else { return false }
        return (baseline.tasks, baseline.todos, baseline.contacts) != (counters.tasks, counters.todos, counters.contacts)
    }

    /// At quit: cancels the run under way and waits for it to stop (at most `timeout`
    /// seconds); the engine stops between items, so nothing is half-applied.
    func stop(timeout: TimeInterval = 3) {
        let (task, ended) = lock.withLock { (running, self.ended) }
        guard let task, let ended else { return }
        task.cancel()
        _ = ended.wait(timeout: .now() + timeout)
    }
}
