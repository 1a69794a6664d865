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
/// on the server, made through the desktop) — at that size and again at a tenth of it
/// (1,000 events + 100 to-dos), each split into Radicale's own time (from its log) and the rest.
enum SyncBench {
    /// Radicale logs each request with its time at "info" (`RadicaleLog`).
    static let radicaleOptions = ["--logging-level", "info"]

    struct Size {
        var events: Int, todos: Int
        var slug: String
        var label: String { "\(events.formatted()) events + \(todos.formatted()) to-dos" }
    }
    static let full = Size(events: 10_000, todos: 1_000, slug: "")
    static let tenth = Size(events: 1_000, todos: 100, slug: "-small")

    struct Pair {
        let laptop: AppDatabase, desktop: AppDatabase
        let collections: [TimedCollection]
        let size: Size
        /// The time the collections spent in requests since the last call.
        func inRequests() -> Duration { collections.reduce(.zero) { $0 + $1.take() } }
        var laptopEngine: SyncEngine { SyncEngine(database: laptop, account: "bench", policy: .ask) }
        var desktopEngine: SyncEngine { SyncEngine(database: desktop, account: "bench", policy: .ask) }
    }

    static func run(binary: String, folder: String, firstRuns: Int, runs: Int) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try DAVServer.radicale(options: radicaleOptions)
        guard let logFile = server.log else { throw SyncError.failed("Radicale was started without a log") }
        let log = try RadicaleLog(logFile)
        let client = DAVClient(baseURL: server.baseURL, user: server.user, password: server.password)
        print("Radicale \(server.baseURL) (\(radicaleOptions.joined(separator: " ")))")
        var push: [Duration] = [], pull: [Duration] = [], pushRequests: [Duration] = [], pullRequests: [Duration] = []
        let pair = try makePair(client, server: server, folder: folder, size: full)
        _ = pair.inRequests()
        push.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pushed == full.todos }, "push"))
        pushRequests.append(pair.inRequests())
        for round in 0..<firstRuns {
            let desktop = round == 0 ? pair.desktop : try AppDatabase.open(path: "\(folder)/desktop-\(round).sqlite")
            let engine = SyncEngine(database: desktop, account: "bench", policy: .ask)
            pull.append(try timedRun(engine, pair.collections, expect: { $0.pulled == full.events + full.todos }, "pull"))
            pullRequests.append(pair.inRequests())
        }
        print(Report.line("first sync, laptop (push 1,000)", seconds(push)))
        print(Report.line("  in requests (client + Radicale)", seconds(pushRequests)))
        print(Report.line("first sync, empty db (pull 11,000)", seconds(pull)))
        print(Report.line("  in requests (client + Radicale)", seconds(pullRequests)))
        try incremental(pair, log: log, runs: runs)
        // Radicale's own cost of the requests a no-change run sends (for comparison).
        for (name, time) in try RadicaleRequests.time(server, collections: pair.collections.map(\.identity), runs: runs) {
            print(Report.line("  Radicale alone: \(name)", Report.summary(time)))
        }
        try incremental(try makePair(client, server: server, folder: folder, size: tenth, firstSyncs: true), log: log, runs: runs)
        // The TUI while its first sync pulls the 11,000 items from the server.
        let echo = try SyncEchoBenchmark(binary: binary, server: server, collections: pair.collections.map(\.identity))
            .measure(home: folder + "/tui", runs: max(1, firstRuns))
        print(Report.line("keystroke echo during first sync", Report.summary(echo.samples)
                          + " · \(echo.syncing) during the sync" + (echo.besideRuns > 0 ? " (`aihelper sync` beside the TUI: its own sync is not wired)" : "") + (echo.missed.isEmpty ? "" : " · MISSED " + echo.missed.joined(separator: "; "))))
    }

    /// Runs with nothing changed, then with 10 changes (5 here, 5 on the server through the
    /// desktop): each run's time, what of it was requests, and what was Radicale's own.
    static func incremental(_ pair: Pair, log: RadicaleLog, runs: Int) throws {
        print("incremental runs, \(pair.size.label):")
        var unchanged = Split(), ten = Split()
        _ = pair.inRequests()
        _ = try log.take()
        for _ in 0..<runs {
            let took = try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled + $0.pushed == 0 }, "no change")
            unchanged.add(took, requests: pair.inRequests(), server: try log.take())
        }
        unchanged.print("no-change sync")
        for round in 0..<runs {
            try edit(pair.desktop, ids: 1...5, round: round)
            _ = try timedRun(pair.desktopEngine, pair.collections, expect: { $0.pushed == 5 }, "the other side's 5 changes")
            try edit(pair.laptop, ids: 101...105, round: round)
            _ = pair.inRequests()
            _ = try log.take()
            let took = try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled == 5 && $0.pushed == 5 }, "10 changes")
            ten.add(took, requests: pair.inRequests(), server: try log.take())
        }
        ten.print("10 changes (5 here + 5 on server)")
    }

    /// A run's time, split: in requests (client and Radicale), Radicale's own time (from its
    /// log), and the rest — AI Helper's own (the engine, libcurl, reading the answers).
    struct Split {
        var total: [Duration] = [], requests: [Duration] = [], server: [Duration] = [], own: [Duration] = []
        var requestCount = 0

        mutating func add(_ took: Duration, requests inRequests: Duration, server logged: (requests: Int, time: Duration)) {
            total.append(took); requests.append(inRequests); server.append(logged.time); own.append(took - logged.time)
            requestCount = logged.requests
        }

        func print(_ label: String) {
            Swift.print(Report.line("  " + label, Report.summary(total)))
            Swift.print(Report.line("    in requests", Report.summary(requests)))
            Swift.print(Report.line("    Radicale's own (\(requestCount) req.)", Report.summary(server)))
            Swift.print(Report.line("    AI Helper's own", Report.summary(own)))
        }
    }

    /// New collections on the server, the events among them as files; a laptop database holding
    /// the data and an empty desktop one. With `firstSyncs`, both have had their first sync.
    static func makePair(_ client: DAVClient, server: DAVServer, folder: String, size: Size, firstSyncs: Bool = false) throws -> Pair {
        let home = try blocking { try await client.discover().calendarHome }
        guard let home else { throw SyncError.failed("Radicale gave no calendar home") }
        let tasks = try blocking { try await client.makeCollection(in: home, slug: "tasks" + size.slug, name: "Tasks", kind: .tasks) }
        let todoList = try blocking { try await client.makeCollection(in: home, slug: "todos" + size.slug, name: "Todos", kind: .todos) }
        let laptop = try AppDatabase.open(path: "\(folder)/laptop\(size.slug).sqlite")
        let items = (0..<size.events).map { i in
            TaskItem(title: "Event \(i)", notes: i % 10 == 0 ? "Notes of event \(i)" : "",
                     dueDate: CivilDate(year: 2026, month: 1 + i % 12, day: 1 + i % 28))
        }
        let list = (0..<size.todos).map { Todo(title: "Todo \($0)", position: $0) }
        _ = try laptop.importCalendar(tasks: items, todos: list, subtasks: [], label: "bench")
        // The events as Radicale keeps them: one .ics file per item in the collection's folder.
        let vdir = try VdirCollection(path: folder + "/vdir-tasks" + size.slug, kind: .tasks)
        _ = try blocking { await SyncEngine(database: laptop, account: "seed", policy: .ask).run([vdir]) }
        let onServer = server.folder.appendingPathComponent("collections/collection-root" + (URL(string: tasks.url)?.path ?? "/user/tasks/"))
        for file in try FileManager.default.contentsOfDirectory(atPath: vdir.folder.path) where file.hasSuffix(".ics") {
            try FileManager.default.copyItem(at: vdir.folder.appendingPathComponent(file), to: onServer.appendingPathComponent(file))
        }
        let pair = Pair(laptop: laptop, desktop: try AppDatabase.open(path: "\(folder)/desktop\(size.slug).sqlite"), collections: [
            TimedCollection(DAVCollection(client: client, url: tasks.url, kind: .tasks)),
            TimedCollection(DAVCollection(client: client, url: todoList.url, kind: .todos)),
        ], size: size)
        // Radicale builds its item cache at the first listing (untimed, once).
        let warm = ContinuousClock.now
        let listed = try blocking { try await pair.collections[0].changes(since: nil).changed.count }
        print(String(format: "Radicale: %d events on the server; its item cache built in %.1f s (untimed)", listed, (ContinuousClock.now - warm).milliseconds / 1000))
        if firstSyncs {
            _ = try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pushed == size.todos }, "push")
            _ = try timedRun(pair.desktopEngine, pair.collections, expect: { $0.pulled == size.events + size.todos }, "pull")
        }
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
