import Foundation
import Core
import MCP

/// Why a resource could not be read (`/attach`): each case says enough for a notice.
public enum MCPResourceError: Error, Sendable, Equatable {
    /// No server of that name in mcp.json; the names there.
    case unknownServer(String, known: [String])
    /// The server is not ready: its state, in words.
    case notReady(String, state: String)
    /// The server lists no such resource and could not read it; the URIs it lists.
    case unknownResource(String, server: String, known: [String])
    case timedOut(String, seconds: String)
    /// The server answered with an error, or its process ended.
    case failed(String, why: String)
}

/// A read resource as text for the model: text contents joined, binary ones summarized as a
/// line, cleaned of control sequences and capped.
enum MCPResourceText {
    /// An attachment is context for one message: smaller than a tool result.
    static let limit = 32 << 10

    static func text(_ contents: [Resource.Content]) -> String {
        let text = contents.map { content in
            content.text ?? "[binary \(content.uri)\(content.mimeType.map { " (\($0))" } ?? ""), "
                + "\((content.blob?.count ?? 0) * 3 / 4 / 1024) KB, not shown]"
        }.joined(separator: "\n")
        return MCPResultText.cap(Sanitizer.clean(text), limit: limit)
    }
}

extension MCPServerConnection {
    /// `resources/read`, bounded by the server's timeout and its process's end.
    func read(uri: String) async -> Result<String, MCPResourceError> {
        guard case .ready = status.state, let client = self.client else {
            return .failure(.notReady(config.name, state: Self.describe(status.state)))
        }
        let child = self.child  // a local server's process, kept as it was when asked
        let request: RequestContext<ReadResource.Result>
        do { request = try await client.send(ReadResource.request(.init(uri: uri))) } catch {
            return .failure(.failed(config.name, why: Race.describe(error)))
        }
        switch await Race.first(timeout: config.timeout, child: child, { try await request.value }) {
        case .value(let result): return .success(MCPResourceText.text(result.contents))
        case .failed(let why):
            let known = status.resources.map(\.name)
            if !known.contains(uri) { return .failure(.unknownResource(uri, server: config.name, known: known)) }
            return .failure(.failed(config.name, why: Sanitizer.clean(why)))
        case .timedOut:
            try? await client.cancelRequest(request.requestID, reason: "timed out")
            return .failure(.timedOut(config.name, seconds: Self.seconds(config.timeout)))
        case .exited, .cancelled:
            return .failure(.failed(config.name, why: "its process ended"))
        }
    }
}
