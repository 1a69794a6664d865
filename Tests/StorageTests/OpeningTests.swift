import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

final class OpeningTests: StorageTestCase {
    func testGarbageFileFailsClearlyAndIsLeftUntouched() throws {
        let file = path("garbage.sqlite")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data("This is not a database. ".utf8) + Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: file))

        assertStorageError(.notADatabase, containing: [file, "is not a valid AI Helper database", "left untouched",
                                                       "--db"]) {
            _ = try AppDatabase.open(path: file)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), garbage)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["garbage.sqlite"],
                       "no -wal or -shm files were left beside it")
    }

    func testFileWithASQLiteHeaderButGarbagePagesIsNotADatabase() throws {
        let file = path("half.sqlite")
        let bytes = Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0xAB, count: 4080)
        try bytes.write(to: URL(fileURLWithPath: file))
        assertStorageError(.notADatabase, containing: [file, "left untouched"]) {
            _ = try AppDatabase.open(path: file)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), bytes)
    }

    func testUnreadableFile() throws {
        if getuid() == 0 {
            // Root reads files whatever their mode, so produce the failure root also meets:
            // the path names a folder.
            let folderPath = path("a-folder.sqlite")
            try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: false)
            assertStorageError(.notAFile, containing: [folderPath, "is a folder", "--db"]) {
                _ = try AppDatabase.open(path: folderPath)
            }
        } else {
            let file = path()
            _ = try AppDatabase.open(path: file)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file) }
            assertStorageError(.permissionDenied, containing: [
                "Cannot read the database at \(file): permission denied.", "Check the file's owner and mode",
                "--db OTHER_PATH"]) {
                _ = try AppDatabase.open(path: file)
            }
        }
    }

    func testParentThatIsARegularFile() throws {
        let blocker = path("plain-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let file = blocker + "/sub/aihelper.sqlite"
        assertStorageError(.notAFile, containing: [file, "\(blocker) is a file, not a folder"]) {
            _ = try AppDatabase.open(path: file)
        }
        XCTAssertEqual(try String(contentsOfFile: blocker, encoding: .utf8), "x")
    }

    func testMissingParentFoldersAreCreatedPrivate() throws {
        let file = folder.appendingPathComponent("data/aihelper/aihelper.sqlite").path
        _ = try AppDatabase.open(path: file)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("data/aihelper").path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    }

    func testDatabaseFromANewerVersionIsRefusedAndKept() throws {
        let file = path()
        do {
            let db = try AppDatabase.open(path: file)
            try db.pool.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        }
        assertStorageError(.newerSchema, containing: [file, "newer version of AI Helper", "left untouched"]) {
            _ = try AppDatabase.open(path: file)
        }
        let queue = try DatabaseQueue(path: file)
        XCTAssertEqual(try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") },
                       ["v1", "v2-index-finished-messages", "v3-alerts-interop-journal", "v4-todo-sections", "v5-conversations", "v6-branches-summaries", "v7-conversation-persona", "v8-input-history", "v9-search-prefix-indexes", "v10-series-snooze-indexes", "v11-images", "v12-sync", "v99-from-the-future"])
    }

    func testLockedBeyondTheBusyTimeoutFailsClearly() throws {
        let file = path()
        let release = try holdExclusiveLock(on: file)
        defer { release() }

        let started = Date()
        assertStorageError(.locked, containing: [file, "locked by another program", "--db"]) {
            _ = try AppDatabase.open(path: file, busyTimeout: 0.2)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "gives up after about the busy timeout")
    }

    func testOpeningWaitsForALockThatIsReleasedInTime() throws {
        let file = path()
        let release = try holdExclusiveLock(on: file)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { release() }
        let started = Date()
        let db = try AppDatabase.open(path: file, busyTimeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        XCTAssertNotNil(try db.insertTask(TaskItem(title: "after the wait")).id)
    }

    func testTemporaryDatabaseIsARealFileRemovedAfterUse() throws {
        var db: AppDatabase? = try AppDatabase.temporary()
        let file = db!.path
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        _ = try db!.createConversation()
        db = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
    }

    /// Only the upgrade that rebuilds the search indexes of a large history (v9) is announced:
    /// a later one on a database that already has them takes a moment and says nothing.
    func testOnlyTheSearchRebuildOfALargeHistoryIsAnnounced() {
        let before = ["v1", "v8-input-history"], after = before + ["v9-search-prefix-indexes"]
        XCTAssertEqual(AppDatabase.longUpgradeNotice(applied: Set(before), messages: 1_000_000),
                       "aihelper: upgrading the database of 1000000 messages for faster search (once, about 9 s)…\n")
        XCTAssertNil(AppDatabase.longUpgradeNotice(applied: Set(before), messages: 199_999), "a small history")
        XCTAssertNil(AppDatabase.longUpgradeNotice(applied: Set(after), messages: 1_000_000), "the indexes are already rebuilt")
    }

    /// Another program's connection holding an exclusive lock on `file` until the returned
    /// function is called.
    private func holdExclusiveLock(on file: String) throws -> @Sendable () -> Void {
        let holder = try DatabaseQueue(path: file)
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread {
            try? holder.inTransaction(.exclusive) { db in
                try db.execute(sql: "CREATE TABLE holding(x)")
                locked.signal()
                released.wait()
                return .commit
            }
        }.start()
        locked.wait()
        return { released.signal() }
    }
}
