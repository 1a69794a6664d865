import CCurl
import Foundation

/// Why a transfer failed. HTTP error statuses are not errors here: a 401 or 429 arrives as a
/// normal `HTTPResponseHead` so the caller can read its body and headers.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No connection was made: refused, host not found, proxy unreachable.
        case connectionFailed
        /// The connection broke before the response was complete (dropped mid-stream).
        case connectionLost
        /// The connect timeout or the total timeout ran out.
        case timeout
        /// The server sent nothing for `idleTimeout` seconds.
        case idleTimeout
        /// The caller cancelled, or the engine shut down.
        case cancelled
        /// The TLS handshake or certificate check failed.
        case tls
        case other
    }

    public var kind: Kind
    /// Readable text, usually curl's own ("Failed to connect to 127.0.0.1 port 9 after 0 ms:
    /// Couldn't connect to server"). It names host and port, never the URL's query or headers,
    /// so keys in them stay out of logs.
    public var message: String
    /// curl's CURLcode, when curl reported the failure.
    public var curlCode: Int?

    public init(kind: Kind, message: String, curlCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.curlCode = curlCode
    }

    public var description: String { message }

    /// Maps a finished transfer's result; `detail` is curl's error buffer, which says more
    /// than the generic text for the code.
    init(curlCode code: CURLcode, detail: String) {
        let text = detail.isEmpty ? String(cString: aih_curl_easy_strerror(code)) : detail
        self.init(kind: Self.kind(of: code), message: text, curlCode: Int(code.rawValue))
    }

    private static func kind(of code: CURLcode) -> Kind {
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .connectionFailed
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2,
             CURLE_HTTP2_STREAM:
            return .connectionLost
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
             CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_USE_SSL_FAILED, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            return .tls
        default:
            return .other
        }
    }

    /// The same error with every secret of the request cut out of its message; curl's
    /// texts name host and port only, but this makes sure of it.
    func redacting(_ secrets: [String]) -> HTTPError {
        var copy = self
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            copy.message = copy.message.replacingOccurrences(of: secret, with: "…")
        }
        return copy
    }

    static func idle(after seconds: TimeInterval) -> HTTPError {
        HTTPError(kind: .idleTimeout, message: "The server sent nothing for \(formatted(seconds)) s")
    }

    static let cancelled = HTTPError(kind: .cancelled, message: "The transfer was cancelled")

    private static func formatted(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
