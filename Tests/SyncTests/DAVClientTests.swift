import Foundation
import HTTP
import TestSupport
import XCTest
@testable import Sync

/// The CalDAV/CardDAV client against two real servers, Radicale and xandikos (Debian packages).
final class DAVClientTests: XCTestCase {
    static let radicale = SharedDAVServer { try DAVServer.radicale() }
    static let xandikos = SharedDAVServer { try DAVServer.xandikos() }
    override class func tearDown() { radicale.stop(); xandikos.stop() }

    /// Runs `body` against each server, bounded in time.
    private func onBothServers(_ body: @escaping @Sendable (DAVServer, DAVClient) async throws -> Void) async throws {
        for shared in [Self.radicale, Self.xandikos] {
            let server = try shared.get()
            let client = DAVClient(baseURL: server.baseURL, user: server.user, password: server.password,
                                   retry: DAVRetryPolicy(attempts: 3, maxWait: 0.1, baseWait: 0.05))
            do {
                try await withDeadline(60) { try await body(server, client) }
            } catch {
                XCTFail("\(server.name): \(error)")
            }
        }
    }

    /// A calendar, task list or address book of its own for a test.
    static func collection(_ client: DAVClient, _ kind: SyncKind, name: String = "Test") async throws -> DAVCollectionInfo {
        let discovery = try await client.discover()
        let home = kind == .contacts ? discovery.addressBookHome : discovery.calendarHome
        return try await client.makeCollection(in: try XCTUnwrap(home), slug: "\(kind.rawValue)-\(UUID().uuidString)", name: name, kind: kind)
    }

    static func event(_ uid: String, _ summary: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//AI Helper//tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
              + "DTSTAMP:20260101T000000Z\r\nDTSTART:20260102T100000Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }

    static func todo(_ uid: String, _ summary: String) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//AI Helper//tests//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
              + "DTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8)
    }

    static func card(_ uid: String, _ name: String) -> Data {
        Data("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:\(name);;;;\r\nEND:VCARD\r\n".utf8)
    }

    func testDiscoveryFromTheBareBaseURLFindsBothHomes() async throws {
        try await onBothServers { server, client in
            let discovery = try await client.discover()
            XCTAssertNotNil(discovery.principal, server.name)
            XCTAssertTrue(discovery.calendarHome?.hasPrefix(server.baseURL) == true, "\(server.name): \(discovery)")
            XCTAssertTrue(discovery.addressBookHome?.hasPrefix(server.baseURL) == true, "\(server.name): \(discovery)")
        }
    }

    func testCreatesACalendarATaskListAndAnAddressBookAndListsThem() async throws {
        try await onBothServers { server, client in
            let events = try await Self.collection(client, .tasks, name: "Work events")
            let todos = try await Self.collection(client, .todos, name: "Errands")
            let cards = try await Self.collection(client, .contacts, name: "People")
            let discovery = try await client.discover()
            var listed = try await client.collections(in: discovery.calendarHome!)
            if discovery.addressBookHome != discovery.calendarHome {
                listed += try await client.collections(in: discovery.addressBookHome!)
            }
            let byURL = Dictionary(listed.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
            // xandikos 0.2.8 does not keep supported-calendar-component-set: its calendars hold anything.
            let exact = server.name == "radicale"
            XCTAssertTrue(exact ? byURL[events.url]?.kinds == [.tasks] : byURL[events.url]?.kinds.contains(.tasks) == true, server.name)
            XCTAssertEqual(byURL[events.url]?.displayName, "Work events", server.name)
            XCTAssertTrue(exact ? byURL[todos.url]?.kinds == [.todos] : byURL[todos.url]?.kinds.contains(.todos) == true, server.name)
            XCTAssertEqual(byURL[cards.url]?.kinds, [.contacts], server.name)
            XCTAssertEqual(byURL[cards.url]?.displayName, "People", server.name)
        }
    }

    func testCreateUpdateDeleteWithEtagsAndA412OnAStaleOne() async throws {
        try await onBothServers { server, client in
            let info = try await Self.collection(client, .tasks)
            let calendar = DAVCollection(client: client, url: info.url, kind: .tasks)
            let entry = try await calendar.create(uid: "lunch@example.com", data: Self.event("lunch@example.com", "Lunch"))
            XCTAssertTrue(entry.href.hasSuffix("/lunch@example.com.ics"), entry.href)
            XCTAssertFalse(entry.etag.isEmpty)
            // The same UID again: the name is taken (If-None-Match: *).
            await assertThrows(.preconditionFailed(href: entry.href)) {
                _ = try await calendar.create(uid: "lunch@example.com", data: Self.event("lunch@example.com", "Again"))
            }
            let newEtag = try await calendar.update(href: entry.href, data: Self.event("lunch@example.com", "Long lunch"), etag: entry.etag)
            XCTAssertNotEqual(newEtag, entry.etag, server.name)
            await assertThrows(.preconditionFailed(href: entry.href)) {
                _ = try await calendar.update(href: entry.href, data: Self.event("lunch@example.com", "Stale"), etag: entry.etag)
            }
            await assertThrows(.preconditionFailed(href: entry.href)) {
                try await calendar.delete(href: entry.href, etag: entry.etag)
            }
            let fetched = try await calendar.fetch([entry.href])
            XCTAssertEqual(fetched.count, 1)
            XCTAssertEqual(fetched.first?.etag, newEtag)
            XCTAssertTrue(String(decoding: fetched.first?.data ?? Data(), as: UTF8.self).contains("SUMMARY:Long lunch"), server.name)
            try await calendar.delete(href: entry.href, etag: newEtag)
            try await calendar.delete(href: entry.href, etag: newEtag)   // gone already: not an error
            let afterwards = try await calendar.fetch([entry.href])
            XCTAssertEqual(afterwards, [], server.name)
        }
    }

    func testSyncCollectionReportsChangesAndDeletionsSinceTheToken() async throws {
        try await onBothServers { server, client in
            let info = try await Self.collection(client, .todos)
            let list = DAVCollection(client: client, url: info.url, kind: .todos)
            let first = try await list.changes(since: nil)
            XCTAssertTrue(first.complete)
            XCTAssertEqual(first.changed, [])
            XCTAssertTrue(first.token?.hasPrefix("sync:") == true, "\(server.name): \(String(describing: first.token))")
            let a = try await list.create(uid: "a", data: Self.todo("a", "Milk"))
            let b = try await list.create(uid: "b", data: Self.todo("b", "Bread"))
            let second = try await list.changes(since: first.token)
            XCTAssertFalse(second.complete)
            XCTAssertEqual(Set(second.changed), [a, b], server.name)
            XCTAssertEqual(second.deleted, [])
            try await list.delete(href: a.href, etag: a.etag)
            let bEtag = try await list.update(href: b.href, data: Self.todo("b", "Rye bread"), etag: b.etag)
            let third = try await list.changes(since: second.token)
            XCTAssertEqual(third.changed, [RemoteEntry(href: b.href, etag: bEtag)], server.name)
            XCTAssertEqual(third.deleted, [a.href], server.name)
            let quiet = try await list.changes(since: third.token)
            XCTAssertEqual(quiet.changed, [], server.name)
            XCTAssertEqual(quiet.deleted, [], server.name)
        }
    }

    func testAnInvalidSyncTokenGivesACompleteListing() async throws {
        try await onBothServers { server, client in
            let info = try await Self.collection(client, .tasks)
            let calendar = DAVCollection(client: client, url: info.url, kind: .tasks)
            let entry = try await calendar.create(uid: "x", data: Self.event("x", "X"))
            let changes = try await calendar.changes(since: "sync:http://example.com/ns/sync/expired-123")
            XCTAssertTrue(changes.complete, server.name)
            XCTAssertEqual(changes.changed, [entry], server.name)
            XCTAssertTrue(changes.token?.hasPrefix("sync:") == true)
        }
    }

    func testAddressBookItemsAndMultigetInBatches() async throws {
        try await onBothServers { server, client in
            let info = try await Self.collection(client, .contacts)
            let book = DAVCollection(client: client, url: info.url, kind: .contacts, batchSize: 2)
            var entries: [RemoteEntry] = []
            for index in 0..<5 {
                entries.append(try await book.create(uid: "person-\(index)", data: Self.card("person-\(index)", "Person \(index)")))
            }
            XCTAssertTrue(entries[0].href.hasSuffix(".vcf"))
            let fetched = try await book.fetch(entries.map(\.href) + [info.url.replacingOccurrences(of: server.baseURL, with: "/") + "missing.vcf"])
            XCTAssertEqual(Set(fetched.map(\.href)), Set(entries.map(\.href)), server.name)
            XCTAssertEqual(Set(fetched.map(\.etag)), Set(entries.map(\.etag)), server.name)
            XCTAssertTrue(fetched.allSatisfy { String(decoding: $0.data, as: UTF8.self).contains("FN:Person") })
            let listing = try await book.changes(since: nil)
            XCTAssertEqual(Set(listing.changed), Set(entries), server.name)
        }
    }

    func testDisplayNamesKeepTheirControlCharactersAsData() async throws {
        try await onBothServers { server, client in
            let name = "Red \u{9B}31m list\u{1B}[0m"   // ESC cannot travel in XML 1.0: it becomes U+FFFD
            let info = try await Self.collection(client, .todos, name: name)
            let home = try await client.discover().calendarHome
            let listed = try await client.collections(in: try XCTUnwrap(home))
            XCTAssertEqual(listed.first { $0.url == info.url }?.displayName, "Red \u{9B}31m list\u{FFFD}[0m", server.name)
        }
    }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows(_ expected: SyncError, file: StaticString = #filePath, line: UInt = #line,
                  _ body: () async throws -> Void) async {
    do {
        try await body()
        XCTFail("no error; expected \(expected)", file: file, line: line)
    } catch let error as SyncError {
        XCTAssertEqual(error, expected, file: file, line: line)
    } catch {
        XCTFail("\(error); expected \(expected)", file: file, line: line)
    }
}
