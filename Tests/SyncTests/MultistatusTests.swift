import Foundation
import XCTest
@testable import Sync

/// Multistatus bodies as real servers write them, read with libxml2's streaming reader.
final class MultistatusTests: XCTestCase {
    func testPrefixesAndDefaultNamespacesAreAllTheSame() throws {
        let prefixed = """
        <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
        <d:response><d:href>/cal/work/</d:href>
        <d:propstat><d:prop><d:displayname>Work &amp; more</d:displayname><cs:getctag>"42"</cs:getctag>
        <d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>
        <cal:supported-calendar-component-set><cal:comp name="VTODO"/></cal:supported-calendar-component-set></d:prop>
        <d:status>HTTP/1.1 200 OK</d:status></d:propstat>
        <d:propstat><d:prop><d:sync-token/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
        </d:response></d:multistatus>
        """
        let plain = """
        <multistatus xmlns="DAV:"><response><href>/cal/work/</href><propstat><status>HTTP/1.1 200 OK</status>
        <prop><displayname>Work &amp; more</displayname><getctag xmlns="http://calendarserver.org/ns/">"42"</getctag>
        <resourcetype><collection/><calendar xmlns="urn:ietf:params:xml:ns:caldav"/></resourcetype>
        <supported-calendar-component-set xmlns="urn:ietf:params:xml:ns:caldav"><comp name="VTODO"></comp></supported-calendar-component-set>
        </prop></propstat></response></multistatus>
        """
        for text in [prefixed, plain] {
            let status = try Multistatus.parse(Data(text.utf8))
            XCTAssertEqual(status.responses.count, 1)
            let properties = status.responses[0].properties
            XCTAssertEqual(status.responses[0].href, "/cal/work/")
            XCTAssertEqual(properties.displayName, "Work & more")
            XCTAssertEqual(properties.ctag, "\"42\"")
            XCTAssertTrue(properties.isCalendar && properties.isCollection)
            XCTAssertEqual(properties.components, ["VTODO"])
            XCTAssertNil(properties.syncToken, "a 404 propstat lists what is missing")
        }
    }

    func testSyncCollectionAnswerWithDeletionsAndCalendarDataKeptByteForByte() throws {
        let text = """
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <D:response><D:href>/c/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag>
        <C:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nSUMMARY:a <b>\r\nEND:VCALENDAR\r\n]]></C:calendar-data></D:prop>
        <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
        <D:response><D:href>/c/gone.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
        <D:sync-token>http://example.com/sync/7</D:sync-token></D:multistatus>
        """
        let status = try Multistatus.parse(Data(text.utf8))
        XCTAssertEqual(status.syncToken, "http://example.com/sync/7")
        XCTAssertEqual(status.responses.map(\.href), ["/c/a.ics", "/c/gone.ics"])
        XCTAssertEqual(status.responses[0].properties.data, "BEGIN:VCALENDAR\r\nSUMMARY:a <b>\r\nEND:VCALENDAR\r\n")
        XCTAssertEqual(status.responses[1].status, 404)
    }

    func testControlCharactersInNamesAreKeptAsData() throws {
        let text = #"<multistatus xmlns="DAV:"><response><href>/x/</href><propstat><prop><displayname>a&#x9B;31mb&#x7;</displayname>"#
            + "</prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
        // U+0007 is not XML 1.0: libxml2 refuses the document, which is then malformed.
        XCTAssertThrowsError(try Multistatus.parse(Data(text.utf8)))
        let allowed = text.replacingOccurrences(of: "&#x7;", with: "")
        XCTAssertEqual(try Multistatus.parse(Data(allowed.utf8)).responses.first?.properties.displayName, "a\u{9B}31mb")
    }

    func testMalformedAndForeignDocumentsThrow() {
        for text in ["<multistatus xmlns=\"DAV:\"><response><href>/a", "<html><body>Login</body></html>", "", "not xml"] {
            XCTAssertThrowsError(try Multistatus.parse(Data(text.utf8)), text)
        }
    }

    func testRequestBodiesEscapeWhatTheyCarry() throws {
        let body = String(decoding: DAVBodies.multiget(calendar: true, hrefs: ["/c/a&b<c>.ics"]), as: UTF8.self)
        XCTAssertTrue(body.contains("<D:href>/c/a&amp;b&lt;c&gt;.ics</D:href>"), body)
        let made = String(decoding: DAVBodies.makeCalendar(name: "\"Q\" & <A>\u{1B}", component: "VTODO"), as: UTF8.self)
        XCTAssertTrue(made.contains("<D:displayname>&quot;Q&quot; &amp; &lt;A&gt;\u{FFFD}</D:displayname>"), made)
        // What is sent parses back (libxml2 is the judge).
        XCTAssertNoThrow(try XMLStream(DAVBodies.makeCalendar(name: "\u{1B}[31m", component: "VEVENT")).drain())
    }

    func testFiftyThousandResponsesAreReadWithoutATree() throws {
        var text = "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
        text.reserveCapacity(50_000 * 200)
        for index in 0..<50_000 {
            text += "<d:response><d:href>/cal/big/item-\(index).ics</d:href><d:propstat><d:prop><d:getetag>\"e\(index)\"</d:getetag>"
                + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
        }
        text += "<d:sync-token>t-50000</d:sync-token></d:multistatus>"
        let data = Data(text.utf8)
        text = ""
        let before = Self.residentBytes()
        let started = Date()
        let status = try Multistatus.parse(data)
        let elapsed = Date().timeIntervalSince(started)
        let grown = Self.residentBytes() - before
        XCTAssertEqual(status.responses.count, 50_000)
        XCTAssertEqual(status.responses.last?.href, "/cal/big/item-49999.ics")
        XCTAssertEqual(status.responses.last?.properties.etag, "\"e49999\"")
        XCTAssertEqual(status.syncToken, "t-50000")
        XCTAssertLessThan(elapsed, 20, "a debug build on a busy machine; a release build takes a fraction")
        // A DOM of this document (~8 MB of XML) would cost several times its size; the reader
        // keeps only the results.
        XCTAssertLessThan(grown, 120 << 20, "resident memory grew by \(grown >> 20) MB")
    }

    private static func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension XMLStream {
    /// Reads to the end (throws on malformed XML).
    func drain() throws { while try next() != nil {} }
}
