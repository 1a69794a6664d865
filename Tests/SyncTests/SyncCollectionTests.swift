import XCTest
@testable import Sync

final class SyncCollectionTests: XCTestCase {
    func testEntriesCompareByHrefAndEtag() {
        XCTAssertEqual(RemoteEntry(href: "/a.ics", etag: "\"1\""), RemoteEntry(href: "/a.ics", etag: "\"1\""))
        XCTAssertNotEqual(RemoteEntry(href: "/a.ics", etag: "\"1\""), RemoteEntry(href: "/a.ics", etag: "\"2\""))
    }
}
