import Foundation
import Core
import Terminal

// Sync in the TUI: when runs start, what their ends change, the `/sync` view's keys and the
// conflict key of the Tasks and Todos panes (docs/sync.md, In the TUI).

/// What the runtime tells of sync (`SyncRunner`, TUIApp+Sync.swift).
enum SyncEvent: Sendable {
    /// The accounts and the conflicts, read off the loop (after the first frame, `/sync`, a save).
    case accountsRead([SyncAccountSummary], conflicts: [SyncConflictSummary])
    /// A run ended: one summary per account, and the conflicts now.
    case finished([SyncRunSummary], conflicts: [SyncConflictSummary])
    /// Tasks, todos or contacts changed here (the change counters moved, not by a run).
    case localChange
    /// A side was picked: the conflicts now, or why it failed.
    case resolved(conflicts: [SyncConflictSummary], failure: String?)
}

/// What sync asks of the runtime.
enum SyncEffect: Equatable {
    /// Read the accounts and conflicts (answered by `.accountsRead`).
    case readAccounts
    /// Run every account once, off the loop (answered by `.finished`).
    case run
    case resolve(conflict: Int64, keep: SyncSide)
}

func handleSync(_ state: inout AppState, _ event: SyncEvent) -> [Effect] {
    switch event {
    case .accountsRead(let accounts, let conflicts):
        let first = state.sync.accounts.isEmpty
        state.sync.accounts = accounts
        state.sync.conflicts = conflicts
        if accounts.isEmpty {
            state.sync.nextRunAt = nil; state.sync.changeDueAt = nil
            state.sync.accountsCheckAt = state.clock.addingTimeInterval(SyncState.accountsCheck)
            return []
        }
        state.sync.accountsCheckAt = nil
        // The first time accounts are known: a run at once (on start).
        if first, state.sync.phase == .idle { return startSyncRun(&state) }
        if let next = state.sync.nextRunAt { state.sync.nextRunAt = min(next, state.clock.addingTimeInterval(state.sync.interval)) }
        return []
    case .finished(let runs, let conflicts):
        state.sync.phase = SyncState.phase(after: runs)
        for run in runs { state.sync.lastRuns[run.account] = run }
        state.sync.conflicts = conflicts
        let unreachable = runs.contains { $0.failures.contains { $0.reason?.code == .unreachable } }
        state.sync.unreachableRuns = unreachable ? state.sync.unreachableRuns + 1 : 0
        state.sync.nextRunAt = state.clock.addingTimeInterval(state.sync.nextRunDelay)
        // What the run pulled shows now, not at the next tick (the panes whose counters moved).
        return [.refresh(tasks: false, todos: false)] + reloadContactsView(state)
    case .localChange:
        guard !state.sync.accounts.isEmpty else { return [] }
        state.sync.changeDueAt = state.clock.addingTimeInterval(SyncState.debounce)
        return []
    case .resolved(let conflicts, let failure):
        state.sync.conflicts = conflicts
        if let failure {
            state.notice = Notice(text: tr.sync.resolveFailed(Sanitized.oneLine(Sanitizer.clean(failure), max: 200)), kind: .error, expires: nil)
            return []
        }
        // The choice goes to the server with the next run, soon.
        state.sync.changeDueAt = state.clock.addingTimeInterval(SyncState.debounce)
        return [.refresh(tasks: true, todos: true)] + reloadContactsView(state)
    }
}

/// The Contacts view, when it shows, read again (a run or a pick changed contacts).
private func reloadContactsView(_ state: AppState) -> [Effect] {
    state[overlay: RecordsView.self]?.kind == .contacts ? [.records(.open(.contacts))] : []
}

/// At each tick: a run when one is due (the interval, or a local change's debounce), never two
/// at once; with no account, config.toml read again for one now and then (the answer, empty,
/// asks for the next look).
func syncTick(_ state: inout AppState) -> [Effect] {
    if state.sync.accounts.isEmpty, let at = state.sync.accountsCheckAt, at <= state.clock {
        state.sync.accountsCheckAt = nil
        return [.sync(.readAccounts)]
    }
    guard !state.sync.accounts.isEmpty, !state.sync.isRunning else { return [] }
    let now = state.clock
    let due = [state.sync.nextRunAt, state.sync.changeDueAt].compactMap { $0 }.contains { $0 <= now }
    return due ? startSyncRun(&state) : []
}

/// Marks a run under way and asks for it; nothing when one runs already.
func startSyncRun(_ state: inout AppState) -> [Effect] {
    guard !state.sync.accounts.isEmpty, !state.sync.isRunning else { return [] }
    state.sync.phase = .running
    state.sync.changeDueAt = nil
    state.sync.nextRunAt = nil
    return [.sync(.run)]
}

/// `/sync`: the view at once from the state, with the accounts read again (their last runs).
func openSyncView(_ state: inout AppState) -> [Effect] {
    state[overlay: SyncView.self] = SyncView()
    return [.sync(.readAccounts)]
}

/// ↑↓ (j k) choose an account, PgUp / PgDn scroll, s syncs now, Esc (q) closes.
func handleSyncViewKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var view = state[overlay: SyncView.self] else { return [] }
    let last = max(0, state.sync.accounts.count - 1)
    switch key {
    case .escape, .text("q"):
        state[overlay: SyncView.self] = nil
        return []
    case .up, .text("k"): view.selected = max(0, view.selected - 1); view.scroll = 0
    case .down, .text("j"): view.selected = min(last, view.selected + 1); view.scroll = 0
    case .pageUp: view.scroll = max(0, view.scroll - max(1, state.size.height / 3))
    case .pageDown: view.scroll += max(1, state.size.height / 3)
    case .text("s"), .text("S"):
        return startSyncRun(&state)
    default: return []
    }
    state[overlay: SyncView.self] = view
    return []
}

/// C on a task, todo, subtask or contact in conflict: keep mine, take the server's, or keep both.
func askConflictSide(_ state: inout AppState, _ item: SyncConflictSummary.Item, id: Int64?) -> [Effect] {
    guard let conflict = state.sync.conflict(item, id) else {
        state.notice = Notice(text: tr.sync.noConflict, kind: .info, expires: state.clock.addingTimeInterval(5))
        return []
    }
    let title = Sanitized.oneLine(Sanitizer.clean(conflict.title), max: 40)
    let server = conflict.serverTitle.map { Sanitized.oneLine(Sanitizer.clean($0), max: 40) }
    state[overlay: Choice.self] = Choice(question: tr.sync.pickSide(title, server), options: [
        .init(key: "m", label: tr.sync.keepMine, effects: [.sync(.resolve(conflict: conflict.id, keep: .local))]),
        .init(key: "s", label: tr.sync.takeServer, effects: [.sync(.resolve(conflict: conflict.id, keep: .server))]),
        .init(key: "b", label: tr.sync.keepBoth, effects: [.sync(.resolve(conflict: conflict.id, keep: .both))]),
    ])
    return []
}
