import Foundation
import Core
import Storage
@testable import App

/// A sync service for the TUI's tests that does real work: it syncs the test database's tasks
/// with a folder standing for the server (one `<title>.task` file per task). A run writes the
/// local tasks the folder lacks (pushed) and adds the folder's tasks the database lacks
/// (pulled); with the folder gone it fails as an unreachable server does. Conflicts are
/// recorded against real tasks, and resolving one writes the database. `hold` keeps a run
/// going (until `release` or cancellation) to see runs that overlap and a quit mid-run.
final class FolderSync: SyncRunning, @unchecked Sendable {
    let database: AppDatabase
    let folder: URL
    let account: SyncAccountSummary
    private let lock = NSLock()
    private var held = false
    private var active = 0
    private(set) var mostAtOnce = 0
    private(set) var runs = 0
    private(set) var cancelled = 0
    /// How often the accounts (config.toml, for the real service) were read.
    private(set) var accountReads = 0
    private var pending: [SyncConflictSummary] = []
    private var serverTitles: [Int64: String] = [:]

    init(database: AppDatabase, intervalMinutes: Int = 5) throws {
        self.database = database
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("foldersync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        account = SyncAccountSummary(name: "home", kind: "vdir", intervalMinutes: intervalMinutes, conflicts: "ask")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func hold() { lock.withLock { held = true } }
    func release() { lock.withLock { held = false } }
    var isActive: Bool { lock.withLock { active > 0 } }

    /// A conflict on a local task: the server has `serverTitle` for it.
    func addConflict(taskId: Int64, title: String, serverTitle: String) {
        lock.withLock {
            let id = Int64(pending.count + 1)
            pending.append(SyncConflictSummary(id: id, account: account.name, item: .task, localId: taskId, title: title, serverTitle: serverTitle))
            serverTitles[id] = serverTitle
        }
    }

    func accounts() -> [SyncAccountSummary] {
        lock.withLock { accountReads += 1 }
        return [account]
    }

    func run(account name: String?) async -> [SyncRunSummary] {
        let started = Date()
        lock.withLock { active += 1; runs += 1; mostAtOnce = max(mostAtOnce, active) }
        defer { lock.withLock { active -= 1 } }
        // Held: a long run, which stops between items when cancelled (as the engine does).
        while lock.withLock({ held }) {
            if Task.isCancelled { lock.withLock { cancelled += 1 }; return [] }
            try? await Task.sleep(for: .milliseconds(5))
        }
        do {
            guard FileManager.default.fileExists(atPath: folder.path) else {
                return [SyncRunSummary(account: account.name, startedAt: started, finishedAt: Date(),
                                       failure: "could not reach \u{1B}[31m\(folder.lastPathComponent)\u{1B}[0m: offline")]
            }
            let local = try database.singleTasks(from: CivilDate(year: 2000, month: 1, day: 1), to: CivilDate(year: 2100, month: 1, day: 1))
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".task") })
            var pushed = 0, pulled = 0
            for task in local where !files.contains(task.title + ".task") {
                try Data(task.dueDate?.iso.utf8 ?? "".utf8).write(to: folder.appendingPathComponent(task.title + ".task"))
                pushed += 1
            }
            let titles = Set(local.map(\.title))
            for file in files.sorted() where !titles.contains(String(file.dropLast(5))) {
                let day = String(data: try Data(contentsOf: folder.appendingPathComponent(file)), encoding: .utf8).flatMap(CivilDate.init(iso:))
                _ = try database.insertTask(TaskItem(title: String(file.dropLast(5)), dueDate: day))
                pulled += 1
            }
            return [SyncRunSummary(account: account.name, startedAt: started, finishedAt: Date(), pulled: pulled, pushed: pushed,
                                   conflicts: lock.withLock { pending.count })]
        } catch {
            return [SyncRunSummary(account: account.name, startedAt: started, finishedAt: Date(), failure: "\(error)")]
        }
    }

    func conflicts() throws -> [SyncConflictSummary] { lock.withLock { pending } }

    func resolve(conflict: Int64, keep: SyncSide) throws {
        guard let found = lock.withLock({ pending.first { $0.id == conflict } }), let server = found.serverTitle else {
            throw SyncTestError.noSuchConflict
        }
        guard var task = try database.task(id: found.localId) else { throw SyncTestError.noSuchConflict }
        switch keep {
        case .local: break
        case .server:
            task.title = server
            try database.updateTask(task)
        case .both:
            task.id = nil
            task.title = server
            _ = try database.insertTask(task)
        }
        lock.withLock { pending.removeAll { $0.id == conflict } }
    }
}

enum SyncTestError: Error { case noSuchConflict }
