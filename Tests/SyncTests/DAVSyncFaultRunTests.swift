import Foundation
import XCTest
import GRDB
import Core
import Storage
import TestSupport
@testable import Sync

/// Faults from the server's side during whole runs, through the proxy in front of Radicale.
extension DAVSyncFaultTests {
    /// The connection goes after 120 PUTs of a first push, then after the first fetch of a
    /// first pull: each run says so, keeps what it applied (one transaction per item), and the
    /// next run completes it with no duplicates and nothing lost.
    func testTheServerGoingAwayMidSyncIsResumedWithoutDuplicates() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        try tasks(250, on: laptop)
        try proxy.fault("drop", method: "PUT", count: -1, ["after": "120"])
        var report = try await sync(laptop, expectProblems: true)
        XCTAssertFalse(report.completed)
        XCTAssertEqual(report.pushed, 120)
        var names = try await files(.tasks)
        XCTAssertEqual(names.count, 120)
        try proxy.reset()
        report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 130)
        names = try await files(.tasks)
        XCTAssertEqual(names.count, 250)

        // sync-collection, one multiget of 100, then nothing answers.
        try proxy.fault("drop", method: "REPORT", count: -1, ["after": "2"])
        report = try await sync(desktop, expectProblems: true)
        XCTAssertFalse(report.completed)
        XCTAssertEqual(report.pulled, 100)
        let synced = try await desktop.db.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM syncItem") }
        XCTAssertEqual(try desktop.tasks().count, 100)
        XCTAssertEqual(synced, 100, "each item stored with its sync state, none half-applied")
        try proxy.reset()
        report = try await sync(desktop)
        XCTAssertEqual([report.pulled, report.pushed], [150, 0])
        XCTAssertEqual(Set(try desktop.tasks().map(\.uid)), Set(try laptop.tasks().map(\.uid)))
        XCTAssertEqual(try desktop.tasks().count, 250)
        names = try await files(.tasks)
        XCTAssertEqual(names.count, 250)
    }

    /// 503 and 429 with Retry-After are waited out and tried again; the run ends well.
    func testA503AndA429WithRetryAfterAreRetried() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        try tasks(2, on: laptop)
        try proxy.fault("status", method: "PUT", ["status": "503", "retry_after": "1"])
        try proxy.fault("status", method: "REPORT", ["status": "429", "retry_after": "1"])
        let report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 2)
        let puts = try proxy.requests().filter { $0["method"] as? String == "PUT" }.count
        XCTAssertEqual(puts, 3, "the refused PUT was sent again")
        try await sync(desktop)
        XCTAssertEqual(try desktop.tasks().count, 2)
    }

    /// A 412 on a PUT: the item is fetched again, merged, and sent again.
    func testA412OnPutIsRefetchedAndMerged() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let uid = try await dentistRetitledOnTheLaptop(laptop, desktop)
        try proxy.reset()
        try proxy.fault("status", method: "PUT", ["status": "412"])
        let report = try await sync(laptop)
        XCTAssertEqual(report.pushed, 1)
        let puts = try proxy.requests().filter { $0["method"] as? String == "PUT" }.count
        XCTAssertEqual(puts, 2)
        try await sync(desktop)
        XCTAssertEqual(try desktop.task(uid: uid)?.title, "Dentist at 9")
    }

    /// An item the server refuses (400) is reported with its name; the others are sent.
    func testAnItemTheServerRefusesIsReportedAndTheRestIsSent() async throws {
        let laptop = try device("laptop")
        try tasks(3, on: laptop)
        try proxy.fault("status", method: "PUT", ["status": "400"])
        let report = try await sync(laptop, expectProblems: true)
        XCTAssertTrue(report.completed, "\(report.problems)")
        XCTAssertEqual(report.pushed, 2)
        XCTAssertEqual(report.problems.count, 1)
        XCTAssertTrue(report.problems[0].message.contains("HTTP 400"), report.problems[0].message)
    }

    /// A malformed item from another client (DTEND before DTSTART: the server takes it, our
    /// reader does not) is skipped and reported with its href; the rest syncs, and it is left
    /// as it is there. (Garbage written straight into Radicale's folder makes Radicale answer
    /// 500 for the whole collection: the run then fails and says so; see docs/sync.md.)
    func testAMalformedItemOnTheServerIsSkippedWithItsHref() async throws {
        let desktop = try device("desktop")
        func event(_ uid: String, _ extra: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\n"
                + "DTSTART;VALUE=DATE:20261205\r\n\(extra)SUMMARY:\(uid)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        try await write(event("bad", "DTEND;VALUE=DATE:20261201\r\n"), name: "bad.ics", kind: .tasks)
        try await write(event("good", ""), name: "good.ics", kind: .tasks)
        let report = try await sync(desktop, expectProblems: true)
        XCTAssertTrue(report.completed, "\(report.problems)")
        XCTAssertEqual(report.problems.map(\.href), [DAVClient.path(of: dav.urls[.tasks]!) + "bad.ics"])
        XCTAssertTrue(report.problems.first?.message.contains("DTEND") == true, "\(report.problems)")
        XCTAssertEqual(try desktop.tasks().map(\.title), ["good"])
        let names = try await files(.tasks)
        XCTAssertEqual(names, ["bad.ics", "good.ics"])
    }

    /// A redirect to another host is refused with a clear message, and nothing changes.
    func testARedirectToAnotherHostIsRefused() async throws {
        let laptop = try device("laptop")
        try tasks(1, on: laptop)
        try proxy.fault("redirect", count: -1, ["location": "http://localhost:\(proxy.port)/"])
        let report = try await sync(laptop, expectProblems: true)
        XCTAssertFalse(report.completed)
        XCTAssertEqual(report.pushed, 0)
        XCTAssertTrue(report.problems.first?.message.contains("localhost") == true, "\(report.problems)")
        XCTAssertTrue(report.problems.first?.message.lowercased().contains("redirect") == true, "\(report.problems)")
        XCTAssertEqual(try SyncEngine.pendingChanges(in: laptop.db, account: "test"), 1, "still waiting to go out")
    }

    /// Escape sequences in titles, notes and names stay here as typed (the screen neutralizes
    /// them); what is written to the server is cleaned of them (a calendar file never carries
    /// them, and XML 1.0 cannot), and that difference is not sent back and forth.
    func testEscapeSequencesStayHereAndAreCleanedOnTheServer() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let title = "Pay \u{1B}[31mnow\u{1B}[0m", notes = "line\u{1B}]0;pwned\u{07} two"
        let made = try laptop.db.insertTask(TaskItem(title: title, notes: notes, dueDate: CivilDate(year: 2026, month: 12, day: 1)))
        _ = try laptop.db.insertContact(Contact(name: "Eve \u{1B}[2J"))
        try await sync(laptop)
        try await sync(desktop)
        let stored = try await backend.read(made.uid + ".ics", .tasks)
        XCTAssertFalse(stored.contains("\u{1B}"), stored)
        XCTAssertEqual(try desktop.task(uid: made.uid).map { [$0.title, $0.notes] }, ["Pay now", "line two"])
        XCTAssertEqual(try desktop.contacts().map(\.name), ["Eve "])
        XCTAssertEqual(try laptop.task(uid: made.uid).map { [$0.title, $0.notes] }, [title, notes], "kept as data here")
        for device in [laptop, desktop] {
            let report = try await sync(device)
            XCTAssertEqual([report.pulled, report.pushed], [0, 0], "settled: \(device.name)")
        }
    }

    /// A server that ignores If-Match (the proxy drops it): a write made elsewhere between our
    /// pull and our push is not overwritten, since an update reads the item's etag first.
    func testAServerIgnoringIfMatch() async throws {
        let laptop = try device("laptop"), desktop = try device("desktop")
        let uid = try await dentistRetitledOnTheLaptop(laptop, desktop)
        try proxy.fault("nomatch", count: -1)
        try await sync(laptop, [try tasksRacedByTheDesktop(desktop, uid: uid)])
        try await sync(desktop)
        try await sync(laptop)
        for device in [laptop, desktop] {
            XCTAssertEqual(try device.task(uid: uid).map { [$0.title, $0.notes] }, ["Dentist at 9", "from elsewhere"], device.name)
        }
    }
}
