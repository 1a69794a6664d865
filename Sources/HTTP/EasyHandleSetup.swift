import CCurl
import Foundation

/// Turns an `HTTPRequest` into curl options on an easy handle.
struct EasyHandleSetup {
    let easy: UnsafeMutableRawPointer
    private var firstFailure: CURLcode?

    init(easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    /// Applies the request; returns the header list, which must outlive the transfer.
    mutating func apply(_ request: HTTPRequest) throws(HTTPError) -> UnsafeMutablePointer<curl_slist>? {
        check(aih_curl_setopt_string(easy, CURLOPT_URL, request.url))
        check(aih_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        // Signals would interrupt the host app's poll loop; timeouts work without them.
        check(aih_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        check(aih_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        // "identity": a compressed stream would be held back by the decompressor.
        check(aih_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "identity"))
        // Behind an HTTPS proxy, the CONNECT reply is not the server's response head.
        check(aih_curl_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
        check(aih_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout)))
        if let total = request.totalTimeout {
            check(aih_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(total)))
        }
        // 64 KB reads (curl's default is 16 KB): a stream at full speed costs a quarter of the
        // system calls; a trickling one is read as it comes either way.
        check(aih_curl_setopt_long(easy, CURLOPT_BUFFERSIZE, 64 << 10))
        // A stream may sit quiet for a while; keep-alive probes notice a dead peer meanwhile.
        check(aih_curl_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
        applyCertificateOverride()
        applyCredentials(request.credentials)
        applyProxyExceptions()
        applyMethodAndBody(request)
        let headers = makeHeaderList(request)
        check(aih_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headers))
        if let failure = firstFailure {
            aih_curl_slist_free_all(headers)
            throw HTTPError(kind: .other, message: "Could not set up the request: "
                + String(cString: aih_curl_easy_strerror(failure)), curlCode: Int(failure.rawValue))
        }
        return headers
    }

    private mutating func applyMethodAndBody(_ request: HTTPRequest) {
        let method = request.method.uppercased()
        if let body = request.body {
            check(aih_curl_setopt_long(easy, CURLOPT_POSTFIELDSIZE, body.count))
            if body.isEmpty {
                check(aih_curl_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
            } else {
                body.withUnsafeBytes { bytes in
                    check(aih_curl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
                }
            }
            if method != "POST" {
                check(aih_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method))
            }
            return
        }
        switch method {
        case "GET":
            check(aih_curl_setopt_long(easy, CURLOPT_HTTPGET, 1))
        case "HEAD":
            check(aih_curl_setopt_long(easy, CURLOPT_NOBODY, 1))
        case "POST":
            check(aih_curl_setopt_long(easy, CURLOPT_POSTFIELDSIZE, 0))
            check(aih_curl_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
        default:
            check(aih_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method))
        }
    }

    private func makeHeaderList(_ request: HTTPRequest) -> UnsafeMutablePointer<curl_slist>? {
        // "Expect:" stops curl from waiting for "100 Continue" before sending a large body.
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for line in request.headerLines + ["Expect:"] {
            list = aih_curl_slist_append(list, line)
        }
        return list
    }

    /// Basic and/or Digest with the user and password; CURLAUTH_BASIC is 1, CURLAUTH_DIGEST 2
    /// (macros Swift does not import). libcurl answers one 401 and stops: no retry loop.
    private mutating func applyCredentials(_ credentials: HTTPCredentials?) {
        guard let credentials else { return }
        let mask: Int
        switch credentials.scheme {
        case .basic: mask = 1
        case .digest: mask = 2
        case .basicOrDigest: mask = 1 | 2
        }
        check(aih_curl_setopt_long(easy, CURLOPT_HTTPAUTH, mask))
        check(aih_curl_setopt_string(easy, CURLOPT_USERNAME, credentials.user))
        check(aih_curl_setopt_string(easy, CURLOPT_PASSWORD, credentials.password))
    }

    /// libcurl reads the proxy variables itself (http_proxy, https_proxy, all_proxy) but not
    /// the CA bundle ones; honor them as the curl tool does, else use the system store.
    private mutating func applyCertificateOverride() {
        let environment = ProcessInfo.processInfo.environment
        for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            if let path = environment[name], !path.isEmpty {
                check(aih_curl_setopt_string(easy, CURLOPT_CAINFO, path))
                return
            }
        }
    }

    /// Local model servers (Ollama, llama.cpp) listen on loopback, which no proxy can reach:
    /// keep the user's `no_proxy` list and add the loopback names to it.
    private mutating func applyProxyExceptions() {
        let environment = ProcessInfo.processInfo.environment
        let userList = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        guard userList.trimmingCharacters(in: .whitespaces) != "*" else { return }
        let list = (userList.split(separator: ",").map(String.init) + ["localhost", "127.0.0.1", "::1"])
            .filter { !$0.isEmpty }.joined(separator: ",")
        check(aih_curl_setopt_string(easy, CURLOPT_NOPROXY, list))
    }

    private mutating func check(_ code: CURLcode) {
        if code != CURLE_OK, firstFailure == nil { firstFailure = code }
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        max(1, Int((seconds * 1000).rounded()))
    }
}
