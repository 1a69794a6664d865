import Foundation
import Core
import Storage
import Sync
import TestSupport

/// Issue 21: CalDAV sync against a local Radicale (`Bench --sync-only`, and part of the full run).
/// 10,000 events + 1,000 to-dos: the first sync from a database into empty collections (push),
/// the first sync of the same into a second, empty database (pull); then incremental runs with
/// nothing changed, and with 10 changes (5 here, 5 on the server, made through the other database).
/// Each first sync uses new collections and new databases. Radicale runs with logging at
/// "warning" (at "info" it logs a line per request).
enum SyncBench {
    static let events = 10_000, todos = 1_000
    static let radicaleOptions = ["--logging-level", "warning"]

    struct Pair {
        let laptop: AppDatabase, desktop: AppDatabase
        let collections: [SyncCollection]
        var laptopEngine: SyncEngine { SyncEngine(database: laptop, account: "bench", policy: .ask) }
        var desktopEngine: SyncEngine { SyncEngine(database: desktop, account: "bench", policy: .ask) }
    }

    static func run(binary: String, folder: String, firstRuns: Int, runs: Int) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try DAVServer.radicale(options: radicaleOptions)
        let client = DAVClient(baseURL: server.baseURL, user: server.user, password: server.password)
        print("Radicale \(server.baseURL) (\(radicaleOptions.joined(separator: " ")))")
        var push: [Duration] = [], pull: [Duration] = [], pair: Pair?
        for round in 0..<firstRuns {
            let made = try makePair(client, folder: folder, round: round)
            push.append(try timedRun(made.laptopEngine, made.collections, expect: { $0.pushed == events + todos }, "push"))
            pull.append(try timedRun(made.desktopEngine, made.collections, expect: { $0.pulled == events + todos }, "pull"))
            pair = made
        }
        print(Report.line("first sync, 11,000 items → Radicale (push)", seconds(push)))
        print(Report.line("first sync, Radicale → empty database (pull)", seconds(pull)))
        guard let pair else { return }
        var unchanged: [Duration] = []
        for _ in 0..<runs {
            unchanged.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled + $0.pushed == 0 }, "no change"))
        }
        print(Report.line("incremental sync, nothing changed", Report.summary(unchanged)))
        var tenChanges: [Duration] = []
        for round in 0..<runs {
            try edit(pair.desktop, ids: 1...5, round: round)
            _ = try timedRun(pair.desktopEngine, pair.collections, expect: { $0.pushed == 5 }, "the other side's 5 changes")
            try edit(pair.laptop, ids: 101...105, round: round)
            tenChanges.append(try timedRun(pair.laptopEngine, pair.collections, expect: { $0.pulled == 5 && $0.pushed == 5 }, "10 changes"))
        }
        print(Report.line("incremental sync, 10 changes (5 + 5)", Report.summary(tenChanges)))
        // Radicale's own cost of the requests a no-change run sends (for comparison).
        for (name, time) in try RadicaleRequests.time(server, collections: pair.collections.map(\.identity), runs: runs) {
            print(Report.line("  Radicale alone (curl): \(name)", Report.summary(time)))
        }
        // The TUI while its first sync pulls the 11,000 items from the server.
        let echo = try SyncEchoBenchmark(binary: binary, server: server, collections: pair.collections.map(\.identity))
            .measure(home: folder + "/tui", runs: max(1, firstRuns))
        print(Report.line("keystroke echo while the first sync runs", Report.summary(echo.samples)
                          + " · \(echo.syncing) of them while ⟳ showed" + (echo.missed.isEmpty ? "" : " · MISSED " + echo.missed.joined(separator: "; "))))
    }

    /// New collections on the server, a laptop database holding the data and an empty desktop one.
    static func makePair(_ client: DAVClient, folder: String, round: Int) throws -> Pair {
        let home = try blocking { try await client.discover().calendarHome }
        guard let home else { throw SyncError.failed("Radicale gave no calendar home") }
        let stamp = "\(round)-\(UUID().uuidString.prefix(8))"
        let tasks = try blocking { try await client.makeCollection(in: home, slug: "tasks-\(stamp)", name: "Tasks \(stamp)", kind: .tasks) }
        let todoList = try blocking { try await client.makeCollection(in: home, slug: "todos-\(stamp)", name: "Todos \(stamp)", kind: .todos) }
        let laptop = try AppDatabase.open(path: "\(folder)/laptop-\(stamp).sqlite")
        let items = (0..<events).map { i in
            TaskItem(title: "Event \(i)", notes: i % 10 == 0 ? "Notes of event \(i)" : "",
                     dueDate: CivilDate(year: 2026, month: 1 + i % 12, day: 1 + i % 28))
        }
        let list = (0..<todos).map { Todo(title: "Todo \($0)", position: $0) }
        _ = try laptop.importCalendar(tasks: items, todos: list, subtasks: [], label: "bench")
        let desktop = try AppDatabase.open(path: "\(folder)/desktop-\(stamp).sqlite")
        return Pair(laptop: laptop, desktop: desktop, collections: [
            CalDAVCollection(client: client, url: tasks.url, kind: .tasks),
            CalDAVCollection(client: client, url: todoList.url, kind: .todos),
        ])
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
