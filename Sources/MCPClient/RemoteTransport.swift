import Foundation
import Core
import HTTP
import Logging
import MCP

/// The SDK's `Transport` over Streamable HTTP, on the app's own libcurl engine rather than the
/// SDK's URLSession transport (which on Linux reads each answer whole and passes an SSE body on
/// undecoded). Each message is a POST; its answer is JSON or an SSE stream, read as it comes.
/// Bounded: every answer by `limit` in time and `maxBytes` in size. Redirects are followed only
/// within the same scheme, host and port. Header values never appear in an error.
actor RemoteTransport: Transport {
    nonisolated let logger = Logger(label: "aihelper.mcp.http", factory: { _ in SwiftLogNoOpLogHandler() })
    private var url: String
    private let headers: [String: String]
    private let limit: Duration
    private var sessionID: String?
    /// Why the last request could not reach the server (refused, dropped); nil once one did.
    private(set) var unreachable: String?
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private let engine: HTTPEngine

    static let maxBytes = 8 << 20
    static let maxRedirects = 3

    init(url: String, headers: [String: String], limit: Duration, engine: HTTPEngine = .shared) {
        self.url = url; self.headers = headers; self.limit = limit; self.engine = engine
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {}

    /// Ends the session on the server (best effort, within 2 s), then the message stream.
    func disconnect() async {
        continuation.finish()
        guard let sessionID else { return }
        self.sessionID = nil
        var request = HTTPRequest(url: url, method: "DELETE", headers: requestHeaders(session: sessionID), connectTimeout: 2, idleTimeout: 2, totalTimeout: 2)
        request.deliveryInterval = .zero
        _ = try? await engine.data(request, maxBytes: 4096)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }

    /// Posts one message and passes on what the server answers. A failure is thrown (the SDK
    /// fails the request with it), in words that name the server's URL without its query.
    func send(_ data: Data) async throws {
        do {
            try await post(data, redirects: 0)
            unreachable = nil
        } catch let error as HTTPError {
            let why = masked(error.kind == .timeout ? "no complete answer within \(MCPServerConnection.seconds(limit))" : error.message)
            if error.kind == .connectionFailed || error.kind == .connectionLost { unreachable = why }
            throw ToolStartError(why)
        }
    }

    private func post(_ data: Data, redirects: Int) async throws {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        var request = HTTPRequest(url: url, method: "POST", headers: requestHeaders(session: sessionID), body: data,
                                  connectTimeout: min(15, seconds), idleTimeout: seconds, totalTimeout: seconds)
        request.deliveryInterval = .zero
        let answer = try await Self.exchange(engine.stream(request), continuation) { head in await self.noteSession(head) }
        let head = answer.head, place = RemoteServer.display(url)
        switch answer.kind {
        case .passedOn:
            return
        case .redirect:
            let target = try redirectTarget(head)
            guard redirects < Self.maxRedirects else { throw ToolStartError("too many redirects from \(place)") }
            url = target
            return try await post(data, redirects: redirects + 1)
        case .refused:
            throw ToolStartError(masked("\(place) answered HTTP \(head.status)\(Self.snippet(answer.body))"))
        case .notJSON:
            throw ToolStartError(masked("\(place) answered with something that is not JSON\(Self.snippet(answer.body))"))
        case .wrongType(let type):
            throw ToolStartError(masked("\(place) answered \(type.isEmpty ? "without a content type" : type), "
                                        + "not JSON: is it an MCP server's Streamable HTTP endpoint?\(Self.snippet(answer.body))"))
        case .tooLarge:
            throw ToolStartError("\(place) sent more than \(Self.maxBytes >> 20) MB in one answer; it was cut off")
        }
    }

    /// Kept before any message of the answer is passed on: the SDK's next message (right after
    /// `initialize`) must carry it.
    private func noteSession(_ head: HTTPResponseHead) {
        if let id = head.header("mcp-session-id") { sessionID = id }
    }

    /// What one POST came to: its messages passed on (as they arrive, for an SSE stream), or why not.
    struct Answer {
        enum Kind { case passedOn, redirect, refused, notJSON, wrongType(String), tooLarge }
        var head: HTTPResponseHead
        var kind: Kind
        /// The start of the body, for an error.
        var body = Data()
    }

    private static func exchange(_ events: AsyncThrowingStream<HTTPEvent, Swift.Error>,
                                 _ messages: AsyncThrowingStream<Data, Swift.Error>.Continuation,
                                 onHead: @Sendable (HTTPResponseHead) async -> Void) async throws -> Answer {
        var answer: Answer?
        var decoder = SSEDecoder()
        var body = Data(), total = 0
        var type = ""
        loop: for try await event in events {
            switch event {
            case .head(let head):
                await onHead(head)
                type = (head.header("content-type") ?? "").lowercased()
                switch head.status {
                case 300..<400: return Answer(head: head, kind: .redirect)
                case 202, 204: return Answer(head: head, kind: .passedOn)
                case 200..<300:
                    let streams = type.hasPrefix("text/event-stream") || type.hasPrefix("application/json")
                    answer = Answer(head: head, kind: streams ? .passedOn : .wrongType(type))
                default: answer = Answer(head: head, kind: .refused)
                }
            case .body(let chunk):
                guard case .passedOn? = answer?.kind else {
                    body.append(chunk.prefix(2048 - body.count))
                    if body.count >= 2048 { break loop } else { continue }
                }
                total += chunk.count
                if total > maxBytes { answer?.kind = .tooLarge; break loop }
                if type.hasPrefix("text/event-stream") {
                    for message in decoder.feed(chunk) where (message.event ?? "message") == "message" && !message.data.isEmpty {
                        messages.yield(Data(message.data.utf8))
                    }
                } else {
                    body.append(chunk)
                }
            case .end:
                break loop
            }
        }
        guard var answer else { throw ToolStartError("the server closed the connection without an answer") }
        if case .passedOn = answer.kind, type.hasPrefix("application/json") {
            guard (try? JSONSerialization.jsonObject(with: body)) != nil else {
                answer.kind = .notJSON; answer.body = body.prefix(2048); return answer
            }
            messages.yield(body)
        } else {
            answer.body = body
        }
        return answer
    }

    /// Where a redirect points; only the same scheme, host and port are followed.
    private func redirectTarget(_ head: HTTPResponseHead) throws -> String {
        switch HTTPRedirect.verdict(head, from: url) {
        case .follow(let target):
            return target
        case .noLocation:
            throw ToolStartError("\(RemoteServer.display(url)) answered HTTP \(head.status) without a usable Location")
        case .otherHost(let target):
            throw ToolStartError("\(RemoteServer.display(url)) redirects to another host (\(RemoteServer.display(target))); "
                                 + "refused, so its headers are not sent there. Put that URL in mcp.json if you trust it")
        }
    }

    private func requestHeaders(session: String?) -> [(name: String, value: String)] {
        var list: [(name: String, value: String)] = [("Accept", "application/json, text/event-stream"), ("Content-Type", "application/json")]
        if let session { list.append(("Mcp-Session-Id", session)) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { list.append((name, value)) }
        return list
    }

    /// Text with every header value of ours (8 characters or more: tokens) replaced.
    private func masked(_ text: String) -> String {
        headers.values.filter { $0.count >= 8 }.reduce(text) { text, secret in
            var text = text.replacingOccurrences(of: secret, with: "•••")
            // "Bearer TOKEN": the token alone may be echoed too.
            for part in secret.split(separator: " ") where part.count >= 8 { text = text.replacingOccurrences(of: part, with: "•••") }
            return text
        }
    }

    /// The start of a body, cleaned, for an error: `: <!DOCTYPE html>…`.
    private static func snippet(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? "" : ": " + Sanitizer.clean(text) + (body.count > 200 ? "…" : "")
    }
}
