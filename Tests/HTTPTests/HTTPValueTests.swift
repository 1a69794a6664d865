import XCTest
@testable import HTTP

/// The value types around the engine: heads, requests, errors.
final class HTTPValueTests: XCTestCase {
    func testRetryAfterInSecondsOrAsAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT
        func retry(_ value: String) -> TimeInterval? {
            HTTPResponseHead(status: 429, headers: ["Retry-After": value]).retryAfter(now: now)
        }
        XCTAssertEqual(retry("120"), 120)
        XCTAssertEqual(retry(" 7 "), 7)
        XCTAssertEqual(retry("Sun, 06 Nov 1994 08:50:37 GMT"), 60)
        XCTAssertEqual(retry("Sunday, 06-Nov-94 08:50:07 GMT"), 30)
        XCTAssertEqual(retry("Sun Nov  6 08:49:47 1994"), 10)
        XCTAssertEqual(retry("Sun, 06 Nov 1994 08:00:00 GMT"), 0, "a date in the past means now")
        XCTAssertNil(retry("soon"))
        XCTAssertNil(retry("-5"))
        XCTAssertNil(HTTPResponseHead(status: 200).retryAfter)
    }

    func testHeadersAreCaseInsensitiveAndRepeatsAreJoined() {
        let head = HTTPResponseHead(status: 200, fields: [("Content-Type", "text/event-stream"), ("Vary", "a"), ("vary", "b")])
        XCTAssertEqual(head.header("content-type"), "text/event-stream")
        XCTAssertEqual(head.header("VARY"), "a, b")
    }

    func testRequestDefaultsAndHeaderLines() {
        XCTAssertEqual(HTTPRequest(url: "http://x/").method, "GET")
        XCTAssertEqual(HTTPRequest(url: "http://x/", body: Data()).method, "POST")
        XCTAssertEqual(HTTPRequest(url: "http://x/").idleTimeout, 60)
        let request = HTTPRequest(url: "http://x/", headers: [("X-A", "1\r\nX-Injected: yes"), ("X-Empty", "")])
        XCTAssertEqual(request.headerLines, ["X-A: 1X-Injected: yes", "X-Empty;"], "line breaks cannot start a new header")
    }

    func testSecretsAreCutOutOfErrorMessages() {
        let request = HTTPRequest(url: "https://user:pw@example.com/v1beta/models?key=AIzaSECRET&alt=sse",
                                  headers: [("Authorization", "Bearer sk-SECRET"), ("x-api-key", "ant-SECRET")])
        let error = HTTPError(kind: .other, message: "failed https://user:pw@example.com/v1beta/models?key=AIzaSECRET&alt=sse"
                              + " with Bearer sk-SECRET and ant-SECRET").redacting(request.secrets)
        XCTAssertFalse(error.message.contains("SECRET"), error.message)
        XCTAssertFalse(error.message.contains("pw@"), error.message)
        XCTAssertTrue(error.message.contains("example.com"), error.message)
        let counted = HTTPRequest(url: "http://127.0.0.1:9/", headers: [("X-Retry-Count", "0"), ("Accept", "*/*")])
        let refused = HTTPError(kind: .connectionFailed, message: "Failed to connect to 127.0.0.1 port 9 after 0 ms")
        XCTAssertEqual(refused.redacting(counted.secrets), refused, "short header values are no secrets")
    }

    func testTheCredentialsPasswordIsASecret() {
        var request = HTTPRequest(url: "https://dav.example.com/")
        request.credentials = HTTPCredentials(user: "anna", password: "hunter2x")
        let error = HTTPError(kind: .other, message: "login anna:hunter2x refused").redacting(request.secrets)
        XCTAssertEqual(error.message, "login anna:… refused")
    }

    func testRedirectsAreFollowedToTheSameOriginOrWhatTheCallerAllows() {
        func head(_ location: String?) -> HTTPResponseHead {
            HTTPResponseHead(status: 301, headers: location.map { ["Location": $0] } ?? [:])
        }
        let url = "http://dav.example.com:8080/a/"
        XCTAssertEqual(HTTPRedirect.verdict(head("/b/"), from: url), .follow("http://dav.example.com:8080/b/"))
        XCTAssertEqual(HTTPRedirect.verdict(head(nil), from: url), .noLocation)
        XCTAssertEqual(HTTPRedirect.verdict(head("http://evil.example.net/b/"), from: url), .otherHost("http://evil.example.net/b/"))
        XCTAssertEqual(HTTPRedirect.verdict(head("https://dav.example.com/b/"), from: url), .otherHost("https://dav.example.com/b/"))
        XCTAssertEqual(HTTPRedirect.verdict(head("https://dav.example.com/b/"), from: url, allowUpgrade: true),
                       .follow("https://dav.example.com/b/"))
        XCTAssertEqual(HTTPRedirect.verdict(head("http://dav.example.com/b/"), from: "https://dav.example.com/a/", allowUpgrade: true),
                       .otherHost("http://dav.example.com/b/"), "never down to plain HTTP")
        XCTAssertEqual(HTTPRedirect.verdict(head("https://cloud.example.org/b/"), from: url, allowedHosts: ["cloud.example.org"]),
                       .follow("https://cloud.example.org/b/"))
    }
}
