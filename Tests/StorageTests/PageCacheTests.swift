import XCTest
import GRDB
import Synchronization
@testable import Storage

/// Each reader of the pool has its own page cache: readers keep 1 MB, the writer SQLite's 2 MB
/// (docs/performance.md, Where memory goes).
final class PageCacheTests: XCTestCase {
    func testReadersKeepASmallerPageCacheThanTheWriter() throws {
        let database = try AppDatabase.temporary()
        let pragma = "PRAGMA cache_size"
        XCTAssertEqual(try database.pool.read { try Int.fetchOne($0, sql: pragma) }, AppDatabase.readerCacheKiB)
        XCTAssertEqual(AppDatabase.readerCacheKiB, -1024)
        // Several readers at once: each is set up the same way.
        let group = DispatchGroup()
        let sizes = Mutex<[Int]>([])
        for _ in 0..<3 {
            group.enter()
            DispatchQueue.global().async {
                let size = try? database.pool.read { db -> Int? in Thread.sleep(forTimeInterval: 0.05); return try Int.fetchOne(db, sql: pragma) }
                sizes.withLock { $0.append(size ?? 0) }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(sizes.withLock { $0 }, [-1024, -1024, -1024])
        XCTAssertEqual(try database.pool.write { try Int.fetchOne($0, sql: pragma) }, -2000, "the writer keeps SQLite's default")
    }
}
