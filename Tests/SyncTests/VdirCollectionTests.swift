import Foundation
import XCTest
@testable import Sync

/// The vdir folder on its own: names, etags, If-Match and If-None-Match emulated, atomic writes.
final class VdirCollectionTests: SyncTestCase {
    func testCreateUpdateDeleteCheckTheirEtags() async throws {
        let tasks = try vdir(.tasks)
        let made = try await tasks.create(uid: "abc-1", data: Data("one".utf8))
        XCTAssertEqual(made.href, "abc-1.ics")
        do { _ = try await tasks.create(uid: "abc-1", data: Data("two".utf8)); XCTFail("created twice") } catch SyncError.preconditionFailed(let href) {
            XCTAssertEqual(href, "abc-1.ics")
        }
        let second = try await tasks.update(href: made.href, data: Data("two".utf8), etag: made.etag)
        XCTAssertNotEqual(second, made.etag, "a write of the same size within the same tick still changes the etag")
        do { _ = try await tasks.update(href: made.href, data: Data("three".utf8), etag: made.etag); XCTFail("stale etag accepted") } catch SyncError.preconditionFailed {}
        do { try await tasks.delete(href: made.href, etag: made.etag); XCTFail("stale etag accepted") } catch SyncError.preconditionFailed {}
        let fetched = try await tasks.fetch([made.href, "gone.ics"])
        XCTAssertEqual(fetched.map { String(decoding: $0.data, as: UTF8.self) }, ["two"])
        try await tasks.delete(href: made.href, etag: second)
        try await tasks.delete(href: made.href, etag: second)  // gone already: not an error
        let listed1 = try await files(.tasks)
        XCTAssertEqual(listed1, [])
    }

    func testTheListingSkipsHiddenAndOtherFilesAndSaysWhenNothingChanged() async throws {
        let contacts = try vdir(.contacts)
        try await write("x", name: "a.vcf", kind: .contacts)
        try await write("x", name: ".a.vcf.123.tmp", kind: .contacts)
        try await write("x", name: "notes.txt", kind: .contacts)
        let first = try await contacts.changes(since: nil)
        XCTAssertEqual(first.changed.map(\.href), ["a.vcf"])
        XCTAssertTrue(first.complete)
        let again = try await contacts.changes(since: first.token)
        XCTAssertTrue(again.unchanged)
        try await write("y", name: "b.vcf", kind: .contacts)
        let changed = try await contacts.changes(since: first.token)
        XCTAssertEqual(changed.changed.map(\.href), ["a.vcf", "b.vcf"])
    }

    func testNamesAreSafe() async throws {
        XCTAssertEqual(VdirCollection.fileName(uid: "20261201T090000Z-42@example.org"), "20261201T090000Z-42@example.org")
        let odd = VdirCollection.fileName(uid: "../../etc/passwd")
        XCTAssertFalse(odd.contains("/"))
        XCTAssertEqual(odd.count, 32)
        let tasks = try vdir(.tasks)
        do { _ = try await tasks.fetch(["../x.ics"]); XCTFail("left the folder") } catch SyncError.malformed {}
    }
}
