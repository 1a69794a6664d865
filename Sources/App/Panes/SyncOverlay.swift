import Foundation
import Core
import Terminal

/// The sync view (`/sync`): a box with the accounts (one line each: kind, interval, how the
/// last run ended) and, under them, the chosen account's last run: its counts, why it failed,
/// the items it could not sync (href and message) and the conflicts waiting for a side.
/// What a server said is cleaned of control sequences here, as it is drawn.
enum SyncOverlay {
    static func draw(_ view: SyncView, sync: SyncState, zone: TimeZone, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let width = min(area.width - 4, 100)
        let height = min(area.height - 2, max(12, sync.accounts.count + 16))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: width - 4, height: height - 2)
        guard box.width > 20, box.height > 6 else { return }
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.sync.title, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        canvas.cursor = nil
        canvas.put(tr.sync.keys, x: inner.x, y: inner.y, style: theme[.muted], maxWidth: inner.width)
        guard !sync.accounts.isEmpty else {
            canvas.put(tr.sync.noAccounts, x: inner.x, y: inner.y + 2, style: theme[.text], maxWidth: inner.width)
            return
        }
        let listRows = min(sync.accounts.count, max(1, inner.height / 3))
        let selected = min(view.selected, sync.accounts.count - 1)
        let first = ListWindow.top(count: sync.accounts.count, selected: selected, height: listRows, previousTop: 0)
        for (row, index) in (first..<min(sync.accounts.count, first + listRows)).enumerated() {
            drawAccount(sync.accounts[index], sync: sync, selected: index == selected, zone: zone, y: inner.y + 2 + row,
                        in: inner, theme: theme, into: &canvas)
        }
        let top = inner.y + 3 + listRows
        let rows = max(0, inner.y + inner.height - top)
        let lines = details(sync.accounts[selected], sync: sync, zone: zone, width: inner.width)
        // PgUp / PgDn scroll; the last row says which lines show when they do not all fit.
        let fits = lines.count <= rows
        let shown = fits ? rows : max(0, rows - 1)
        let start = fits ? 0 : min(view.scroll, max(0, lines.count - shown))
        for (row, line) in lines.dropFirst(start).prefix(shown).enumerated() {
            canvas.put(line.text, x: inner.x, y: top + row, style: theme[line.style], maxWidth: inner.width)
        }
        if !fits, shown > 0 {
            canvas.put(tr.mcp.moreDetails(start + 1, min(lines.count, start + shown), lines.count), x: inner.x, y: top + shown,
                       style: theme[.accent], maxWidth: inner.width)
        }
    }

    private static func drawAccount(_ account: SyncAccountSummary, sync: SyncState, selected: Bool, zone: TimeZone, y: Int,
                                    in inner: Rect, theme: Theme, into canvas: inout Canvas) {
        let base = selected ? theme[.selection] : theme[.helpBox]
        if selected { canvas.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: base) }
        let name = (selected ? "› " : "  ") + clean(account.name) + "  " + tr.sync.accountKind(account.kind, account.intervalMinutes)
        canvas.put(name, x: inner.x, y: y, style: selected ? base : theme[.text], maxWidth: inner.width * 3 / 5)
        let (label, style) = outcome(account.name, sync: sync, zone: zone)
        let text = truncate(label, toWidth: inner.width * 2 / 5 - 1)
        canvas.put(text, x: inner.x + inner.width - TextWidth.of(text), y: y, style: selected ? base : theme[style])
    }

    /// How the account's last run ended: ⟳ while one runs, ✓ and its time, ⚠ and why, or never.
    private static func outcome(_ account: String, sync: SyncState, zone: TimeZone) -> (String, StyleName) {
        if sync.isRunning { return (tr.sync.running, .accent) }
        guard let run = sync.lastRun(account) else { return (tr.sync.never, .muted) }
        if !run.failures.isEmpty { return (tr.sync.failed(clean(SyncState.text(of: run.failures))), .errorText) }
        return (tr.sync.succeeded(clock(run.finishedAt, zone: zone)), .accent)
    }

    /// The chosen account's last run and its conflicts.
    private static func details(_ account: SyncAccountSummary, sync: SyncState, zone: TimeZone, width: Int) -> [(text: String, style: StyleName)] {
        // Why a run failed, what was skipped and the conflicts are shown whole (the status bar cuts), wrapped.
        func wrapped(_ text: String, _ style: StyleName = .errorText) -> [(text: String, style: StyleName)] {
            Wrap.lines(text, width: max(10, width - 2)).map { ("  " + $0, style) }
        }
        var lines: [(text: String, style: StyleName)] = [(tr.sync.policy(account.conflicts), .muted)]
        if let run = sync.lastRun(account.name) {
            lines.append((tr.sync.lastRun(day(run.finishedAt, zone: zone) + " " + clock(run.finishedAt, zone: zone)), .text))
            lines.append(("  " + tr.sync.counts(run.pulled, run.pushed, run.deleted, run.conflicts), .text))
            if !run.failures.isEmpty { lines += wrapped(tr.sync.failed(clean(SyncState.text(of: run.failures), max: 1000))) }
            if !run.problems.isEmpty {
                lines.append((tr.sync.problems(run.problems.count), .accent))
                lines += run.problems.flatMap { wrapped(($0.href.map { clean($0) + " — " } ?? "") + clean(SyncState.text(of: $0), max: 1000)) }
            }
        } else {
            lines.append((tr.sync.never, .muted))
        }
        let conflicts = sync.conflicts.filter { $0.account == account.name }
        if !conflicts.isEmpty {
            lines.append((tr.sync.conflictsHeader(conflicts.count), .accent))
            lines += conflicts.flatMap { wrapped("⚠ " + tr.sync.conflictLine($0.item, clean($0.title), $0.serverTitle.map { clean($0) }), .text) }
        }
        // What the last run did, item by item, after what needs the user (the first few;
        // `aihelper sync --status --json` lists them all).
        if let changes = sync.lastRun(account.name)?.changes, !changes.isEmpty {
            lines.append((tr.sync.changesHeader, .accent))
            lines += changes.prefix(Self.changesShown).map { ("  " + tr.sync.change($0.what, $0.kind, clean($0.title)), .muted) }
            if changes.count > Self.changesShown { lines.append(("  " + tr.sync.moreChanges(changes.count - Self.changesShown), .muted)) }
        }
        return lines
    }

    /// Changed items listed under the last run.
    static let changesShown = 8

    private static func clean(_ text: String, max: Int = 200) -> String { Sanitized.oneLine(Sanitizer.clean(text), max: max) }

    /// "23:05" in the user's zone.
    static func clock(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "2026-11-26" in the user's zone.
    private static func day(_ date: Date, zone: TimeZone) -> String {
        CivilDate(date, in: zone).description
    }
}
