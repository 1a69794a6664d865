import Foundation
import Core
import Storage
import Sync
import TestSupport

/// Issue 21: CalDAV sync against a local Radicale (`Bench --sync-only`, and part of the full run).
/// 10,000 events + 1,000 to-dos in a "laptop" database; a second, empty "desktop" database.
///
/// Radicale's PUT of a new item checks every item of the collection for the same UID and
/// fsyncs (about 30 ms into an empty collection, 130 ms at 5,000 items: docs/performance.md),
/// so 10,000 PUTs would take Radicale alone over 20 minutes. The 10,000 events are therefore
/// put on the server as files, as Radicale stores them (the laptop's own export, through a vdir
/// folder), and Radicale's item cache is built once (untimed); the laptop's first sync then
/// matches them by UID and pushes the 1,000 to-dos with one PUT each; the desktop's first sync
/// pulls all 11,000. Then incremental runs with nothing changed, and with 10 changes (5 here, 5
/// on the server, made through the desktop). Radicale runs with logging at "warning".
enum SyncBench {
    static let events = 10_000, todos = 1_000
    static let radicaleOptions = ["--logging-level", "warning"]

    struct Pair {
        let laptop: AppDatabase, desktop: AppDatabase
        let collections: [TimedCollection]
        /// The time the collections spent in requests since the last call.
        func inRequests() -> Duration { collections.reduce(.zero) { $0 + $1.take() } }
        var laptopEngine: SyncEngine { SyncEngine(database: laptop, account: "bench", policy: .ask) }
        var desktopEngine: SyncEngine { SyncEngine(database: desktop, account: "bench", policy: .ask) }
    }

    static func run(binary: String, folder: String, firstRuns: Int, runs: Int) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try DAVServer.radicale(options: radicaleOptions)
        let client = DAVClient(baseURL: server.baseURL, user: server.user, password: server.password)
        print("Radicale \(server.baseURL) (\(radicaleOptions.joined(separator: " ")))")
        var push: [Duration] = [], pull: [Duration] = [], pushRequests: [Duration] = [], pullRequests: [Duration] = []
        let pair = try makePair(client, server: server, folder: folder)
        _ = pair.inRequests()
        push.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pushed == todos }, "push"))
        pushRequests.append(pair.inRequests())
        for round in 0..<firstRuns {
            let desktop = round == 0 ? pair.desktop : try AppDatabase.open(path: "\(folder)/desktop-\(round).sqlite")
            let engine = SyncEngine(database: desktop, account: "bench", policy: .ask)
            pull.append(try timedRun(engine, pair.collections, expect: { $0.pulled == events + todos }, "pull"))
            pullRequests.append(pair.inRequests())
        }
        print(Report.line("first sync, laptop (push 1,000)", seconds(push)))
        print(Report.line("  of which in requests (client + Radicale)", seconds(pushRequests)))
        print(Report.line("first sync, empty db (pull 11,000)", seconds(pull)))
        print(Report.line("  of which in requests (client + Radicale)", seconds(pullRequests)))
        var unchanged: [Duration] = [], unchangedRequests: [Duration] = []
        _ = pair.inRequests()
        for _ in 0..<runs {
            unchanged.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled + $0.pushed == 0 }, "no change"))
            unchangedRequests.append(pair.inRequests())
        }
        print(Report.line("no-change sync", Report.summary(unchanged)))
        print(Report.line("  of which in requests (client + Radicale)", Report.summary(unchangedRequests)))
        var tenChanges: [Duration] = [], tenRequests: [Duration] = []
        for round in 0..<runs {
            try edit(pair.desktop, ids: 1...5, round: round)
            _ = try timedRun(pair.desktopEngine, pair.collections, expect: { $0.pushed == 5 }, "the other side's 5 changes")
            try edit(pair.laptop, ids: 101...105, round: round)
            _ = pair.inRequests()
            tenChanges.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled == 5 && $0.pushed == 5 }, "10 changes"))
            tenRequests.append(pair.inRequests())
        }
        print(Report.line("10 changes (5 here + 5 on server)", Report.summary(tenChanges)))
        print(Report.line("  of which in requests (client + Radicale)", Report.summary(tenRequests)))
        // Radicale's own cost of the requests a no-change run sends (for comparison).
        for (name, time) in try RadicaleRequests.time(server, collections: pair.collections.map(\.identity), runs: runs) {
            print(Report.line("  Radicale alone: \(name)", Report.summary(time)))
        }
        // The TUI while its first sync pulls the 11,000 items from the server.
        let echo = try SyncEchoBenchmark(binary: binary, server: server, collections: pair.collections.map(\.identity))
            .measure(home: folder + "/tui", runs: max(1, firstRuns))
        print(Report.line("keystroke echo during first sync", Report.summary(echo.samples)
                          + " · \(echo.syncing) during the sync" + (echo.besideRuns > 0 ? " (`aihelper sync` beside the TUI: its own sync is not wired)" : "") + (echo.missed.isEmpty ? "" : " · MISSED " + echo.missed.joined(separator: "; "))))
    }

    /// New collections on the server, the events among them as files; a laptop database holding
    /// the data and an empty desktop one.
    static func makePair(_ client: DAVClient, server: DAVServer, folder: String) throws -> Pair {
        let home = try blocking { try await client.discover().calendarHome }
        guard let home else { throw SyncError.failed("Radicale gave no calendar home") }
        let tasks = try blocking { try await client.makeCollection(in: home, slug: "tasks", name: "Tasks", kind: .tasks) }
        let todoList = try blocking { try await client.makeCollection(in: home, slug: "todos", name: "Todos", kind: .todos) }
        let laptop = try AppDatabase.open(path: "\(folder)/laptop.sqlite")
        let items = (0..<events).map { i in
            TaskItem(title: "Event \(i)", notes: i % 10 == 0 ? "Notes of event \(i)" : "",
                     dueDate: CivilDate(year: 2026, month: 1 + i % 12, day: 1 + i % 28))
        }
        let list = (0..<todos).map { Todo(title: "Todo \($0)", position: $0) }
        _ = try laptop.importCalendar(tasks: items, todos: list, subtasks: [], label: "bench")
        // The events as Radicale keeps them: one .ics file per item in the collection's folder.
        let vdir = try VdirCollection(path: folder + "/vdir-tasks", kind: .tasks)
        _ = try blocking { await SyncEngine(database: laptop, account: "seed", policy: .ask).run([vdir]) }
        let onServer = server.folder.appendingPathComponent("collections/collection-root" + (URL(string: tasks.url)?.path ?? "/user/tasks/"))
        for file in try FileManager.default.contentsOfDirectory(atPath: vdir.folder.path) where file.hasSuffix(".ics") {
            try FileManager.default.copyItem(at: vdir.folder.appendingPathComponent(file), to: onServer.appendingPathComponent(file))
        }
        let pair = Pair(laptop: laptop, desktop: try AppDatabase.open(path: "\(folder)/desktop.sqlite"), collections: [
            TimedCollection(DAVCollection(client: client, url: tasks.url, kind: .tasks)),
            TimedCollection(DAVCollection(client: client, url: todoList.url, kind: .todos)),
        ])
        // Radicale builds its item cache at the first listing (untimed, once).
        let warm = ContinuousClock.now
        let listed = try blocking { try await pair.collections[0].changes(since: nil).changed.count }
        print(String(format: "Radicale: %d events on the server; its item cache built in %.1f s (untimed)", listed, (ContinuousClock.now - warm).milliseconds / 1000))
        return pair
    }

    /// Retitles the tasks with these ids (a user's edit: the change queue sees it).
    static func edit(_ db: AppDatabase, ids: ClosedRange<Int>, round: Int) throws {
        try db.pool.write { db in
            for id in ids { try db.execute(sql: "UPDATE task SET title = ? WHERE id = ?", arguments: ["Event \(id) edit \(round)", id]) }
        }
    }

    static func timedRun(_ engine: SyncEngine, _ collections: [SyncCollection], expect: (SyncReport) -> Bool,
                         _ what: String) throws -> Duration {
        let start = ContinuousClock.now
        let report = try blocking { await engine.run(collections) }
        let took = ContinuousClock.now - start
        if !report.problems.isEmpty || !expect(report) {
            print("  \(what): UNEXPECTED pulled \(report.pulled) pushed \(report.pushed) problems \(report.problems.prefix(3))")
        }
        return took
    }

    static func seconds(_ samples: [Duration]) -> String {
        let s = samples.map { $0.milliseconds / 1000 }.sorted()
        guard let first = s.first, let last = s.last else { return "no samples" }
        return String(format: "median %.2f s · min %.2f · max %.2f (n=%d)", s[s.count / 2], first, last, s.count)
    }
}

/// Runs async work from the benchmark's synchronous code and waits for it.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, Error>?
    Task {
        do { result = .success(try await body()) } catch { result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try result!.get()
}
