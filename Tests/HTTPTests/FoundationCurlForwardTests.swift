import XCTest
import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// CCurl's forwards for FoundationNetworking (foundation_curl.c): linked into the binary in place
/// of libcurl's own symbols, they must reach the libcurl loaded with dlopen on first use.
final class FoundationCurlForwardTests: XCTestCase {
    /// The file mapped where a function pointer points (/proc/self/maps).
    private func file(of pointer: UnsafeRawPointer) throws -> String {
        let address = UInt(bitPattern: pointer)
        for line in try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if range.count == 2, range[0] <= address, address < range[1] { return fields.count > 5 ? String(fields[5]) : "" }
        }
        return "?"
    }

    func testTheLinkedCurlFunctionsAreTheForwardsAndTheyReachLibcurl() throws {
        // What this binary calls for curl_version is its own code, not libcurl's.
        let version: @convention(c) () -> UnsafeMutablePointer<CChar>? = curl_version
        let holder = try file(of: unsafeBitCast(version, to: UnsafeRawPointer.self))
        XCTAssertFalse(holder.contains("libcurl"), holder)
        XCTAssertFalse(holder.isEmpty)
        XCTAssertTrue(String(cString: try XCTUnwrap(curl_version())).hasPrefix("libcurl/"))

        // A round trip through three forwards with arguments: parse a URL, read its host back.
        let url = try XCTUnwrap(curl_url())
        XCTAssertEqual(curl_url_set(url, CURLUPART_URL, "https://example.com:8443/a?b=c", 0), CURLUE_OK)
        var host: UnsafeMutablePointer<CChar>?
        XCTAssertEqual(curl_url_get(url, CURLUPART_HOST, &host, 0), CURLUE_OK)
        XCTAssertEqual(host.map { String(cString: $0) }, "example.com")
        curl_free(host)

        let easy = try XCTUnwrap(curl_easy_init())
        let list = curl_slist_append(nil, "X-Test: 1")
        XCTAssertNotNil(list)
        curl_slist_free_all(list)
        curl_easy_cleanup(easy)
    }
}
