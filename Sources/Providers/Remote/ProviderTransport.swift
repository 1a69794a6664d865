import Foundation
import HTTP

/// How provider requests go over the wire: timeouts, and the mapping of transport failures to
/// `ProviderError`s. Shared by the streaming provider, the key check and the model lists.
public struct ProviderTransport: Sendable {
    public var engine: HTTPEngine
    /// Seconds to wait for the connection.
    public var connectTimeout: TimeInterval
    /// Seconds without a byte before a stream fails (a model may think quietly for a while).
    public var idleTimeout: TimeInterval

    public init(engine: HTTPEngine = .shared, connectTimeout: TimeInterval = 15, idleTimeout: TimeInterval = 60) {
        self.engine = engine; self.connectTimeout = connectTimeout; self.idleTimeout = idleTimeout
    }

    /// The engine's request for a provider request.
    public func httpRequest(_ request: ProviderHTTPRequest, totalTimeout: TimeInterval? = nil) -> HTTPRequest {
        var headers = request.headers.keys.sorted().map { (name: $0, value: request.headers[$0]!) }
        if request.json != nil, request.headers["content-type"] == nil {
            headers.append((name: "content-type", value: "application/json"))
        }
        return HTTPRequest(url: request.url.absoluteString, method: request.method, headers: headers, body: request.body,
                           connectTimeout: connectTimeout, idleTimeout: idleTimeout, totalTimeout: totalTimeout)
    }

    /// A short request answered at once (key check, model list): status, headers and body text.
    /// Transport failures throw `ProviderError`s already mapped for `provider`.
    public func fetch(_ request: ProviderHTTPRequest, provider: ProviderKind,
                      totalTimeout: TimeInterval = 30) async throws -> (status: Int, headers: [String: String], body: String) {
        do {
            let (head, body) = try await engine.data(httpRequest(request, totalTimeout: totalTimeout), maxBytes: 8 << 20)
            return (head.status, head.headers, String(decoding: body, as: UTF8.self))
        } catch let error as HTTPError {
            throw map(error, provider: provider, host: request.url.host)
        }
    }

    /// A transport failure in the words of `ProviderErrorMapper`.
    public func map(_ error: HTTPError, provider: ProviderKind, host: String?) -> ProviderError {
        switch error.kind {
        case .cancelled:
            return ProviderErrorMapper.cancelled
        case .idleTimeout:
            return ProviderErrorMapper.stalled(provider: provider, seconds: idleTimeout)
        case .timeout:
            return ProviderError(.timeout, "\(provider.displayName) did not answer in time: \(Redactor.redact(error.message)).",
                                 suggestion: "Check the connection or the server.")
        case .connectionLost:
            return ProviderErrorMapper.truncated(provider: provider)
        case .connectionFailed, .tls, .other:
            return ProviderErrorMapper.network(provider: provider, detail: error.message, host: host)
        }
    }
}
