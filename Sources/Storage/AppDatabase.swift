import Foundation
import GRDB
import Core

/// The one SQLite database: WAL, a busy timeout, foreign keys on, migrated on open.
///
/// All methods are synchronous and thread-safe (GRDB serializes writes and runs reads in
/// parallel); call them from a background task, not from the render path. Each write method is
/// one transaction. Several instances, in one process or several, may share the same file.
public final class AppDatabase: Sendable {
    /// The path as given to `open` (shown in messages).
    public let path: String
    public let pool: DatabasePool
    /// Set for `temporary()` databases: the folder removed when this instance goes away.
    private let temporaryFolder: URL?

    public static let defaultBusyTimeout: TimeInterval = 5
    /// A reader's page cache: negative is KiB in SQLite's `cache_size` (docs/performance.md).
    static let readerCacheKiB = -1024

    private init(path: String, pool: DatabasePool, temporaryFolder: URL? = nil) {
        self.path = path; self.pool = pool; self.temporaryFolder = temporaryFolder
    }

    deinit {
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }

    /// Opens (or creates) the database at `path` and applies pending migrations.
    ///
    /// Creates the parent folder (mode 0700) when missing. A file that fails to open is never
    /// modified: the error says what is wrong with it and what to do.
    /// - Parameter busyTimeout: how long to wait for another program's lock before giving up.
    public static func open(path: String, busyTimeout: TimeInterval = defaultBusyTimeout) throws -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        try FileChecks.prepareParentFolder(of: url, displayPath: path)
        try FileChecks.checkExistingFile(at: url, displayPath: path)
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration(busyTimeout: busyTimeout))
            try migrate(pool, displayPath: path)
            return AppDatabase(path: path, pool: pool)
        } catch {
            throw StorageError.opening(path, error: error)
        }
    }

    /// A fresh database in its own temporary folder, removed when the instance goes away.
    /// For tests of other modules: a real file, real WAL, real migrations.
    public static func temporary() throws -> AppDatabase {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("aihelper-\(UUID().uuidString)", isDirectory: true)
        let opened = try open(path: folder.appendingPathComponent("aihelper.sqlite").path)
        return AppDatabase(path: opened.path, pool: opened.pool, temporaryFolder: folder)
    }

    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.label = "AIHelper"
        // Unicode-aware lowercasing for case-insensitive title search (SQLite's lower() is ASCII only).
        config.prepareDatabase { db in
            db.add(function: .lowercase)
            // Each reader of the pool keeps its own page cache (2 MB by default, up to 5 readers);
            // the kernel's page cache holds the file anyway. Readers keep 1 MB, the writer 2 MB.
            if db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = \(readerCacheKiB)") }
        }
        return config
    }

    private static func migrate(_ pool: DatabasePool, displayPath: String) throws {
        let migrator = Schema.migrator
        let (superseded, current) = try pool.read { db in (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db)) }
        if superseded { throw StorageError.newerSchema(displayPath) }
        if current { return }
        sayLongUpgrade(pool, migrator: migrator)
        do {
            try migrator.migrate(pool)
        } catch {
            // Two instances opening a new file at once: the loser finds the work already done.
            if try pool.read(migrator.hasCompletedMigrations) { return }
            throw error
        }
    }
}

extension AppDatabase {
    /// An upgrade that rebuilds the search indexes of a large history (v9: about 8 s a million
    /// messages) says so first on stderr, before the full-screen app takes the terminal; other
    /// upgrades take a moment and say nothing.
    private static func sayLongUpgrade(_ pool: DatabasePool, migrator: DatabaseMigrator) {
        guard let notice = try? pool.read({ db in
            longUpgradeNotice(applied: try migrator.appliedIdentifiers(db), messages: try Int.fetchOne(db, sql: "SELECT count(*) FROM message") ?? 0)
        }) ?? nil else { return }
        FileHandle.standardError.write(Data(notice.utf8))
    }

    static func longUpgradeNotice(applied: Set<String>, messages: Int) -> String? {
        guard !applied.contains("v9-search-prefix-indexes"), messages >= 200_000 else { return nil }
        return "aihelper: upgrading the database of \(messages) messages for faster search (once, about \(messages / 120_000 + 1) s)…\n"
    }
}

/// Checks on the file and its folder before SQLite sees them, for precise messages.
private enum FileChecks {
    static func prepareParentFolder(of url: URL, displayPath: String) throws {
        let parent = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue { return }
        if let blocker = firstExistingNonFolderAncestor(of: parent) {
            throw StorageError.notAFile(displayPath, reason: "\(blocker.path) is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            let why = error.localizedDescription.hasSuffix(".") ? String(error.localizedDescription.dropLast()) : error.localizedDescription
            throw StorageError(kind: .permissionDenied, path: displayPath, message:
                "Cannot create the folder \(parent.path) for the database at \(displayPath): \(why). "
                + "Check the permissions of its parent folder, or start with --db OTHER_PATH.")
        }
    }

    static func checkExistingFile(at url: URL, displayPath: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            throw StorageError.notAFile(displayPath, reason: "it is a folder, not a database file")
        }
        if access(url.path, R_OK) != 0 { throw StorageError.permissionDenied(displayPath) }
        if access(url.path, W_OK) != 0 { throw StorageError.permissionDenied(displayPath, writing: true) }
    }

    private static func firstExistingNonFolderAncestor(of url: URL) -> URL? {
        var current = url
        while current.path != "/" && !current.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : current
            }
            current = current.deletingLastPathComponent()
        }
        return nil
    }
}
