import Foundation
import Core

/// One HTTP request a provider wants sent: what the transfer engine needs, nothing more.
/// The body is kept as JSON so tests can look into it; `body` is its bytes.
public struct ProviderHTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// Header names in lower case.
    public var headers: [String: String]
    public var json: JSONValue?

    public init(method: String = "POST", url: URL, headers: [String: String] = [:], json: JSONValue? = nil) {
        self.method = method; self.url = url; self.headers = headers; self.json = json
    }

    /// The body bytes (compact JSON), or nil for a request without a body.
    public var body: Data? { json.map { Data($0.jsonText.utf8) } }

    /// The headers as `Name: value` lines, in a stable order (for curl_slist).
    public var headerLines: [String] { headers.keys.sorted().map { "\($0): \(headers[$0]!)" } }
}

/// Joins a base URL ("https://api.openai.com/v1/", "http://127.0.0.1:8080") and a path ("chat/completions").
enum URLJoin {
    static func join(_ base: URL, _ path: String) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        var tail = path
        while tail.hasPrefix("/") { tail.removeFirst() }
        return URL(string: text + "/" + tail) ?? base
    }

    /// The path of `base` without a trailing slash ("/v1", "").
    static func path(of base: URL) -> String {
        var p = base.path
        while p.hasSuffix("/") { p.removeLast() }
        return p
    }
}

/// Token counts of one model call, normalized across providers.
///
/// `inputTokens` is the whole prompt, cached parts included (OpenAI and Gemini count it so;
/// Anthropic's separate cache counts are added in). `cachedInputTokens` and
/// `cacheWriteTokens` are the parts of it read from or written to a prompt cache.
/// `reasoningTokens` is the part of `outputTokens` spent thinking.
public struct TokenUsage: Sendable, Equatable {
    public var inputTokens: Int
    public var outputTokens: Int
    public var cachedInputTokens: Int
    public var cacheWriteTokens: Int
    public var reasoningTokens: Int

    public init(inputTokens: Int = 0, outputTokens: Int = 0, cachedInputTokens: Int = 0,
                cacheWriteTokens: Int = 0, reasoningTokens: Int = 0) {
        self.inputTokens = inputTokens; self.outputTokens = outputTokens
        self.cachedInputTokens = cachedInputTokens; self.cacheWriteTokens = cacheWriteTokens
        self.reasoningTokens = reasoningTokens
    }

    /// The normalized stream event for this usage.
    public var event: StreamEvent { .usage(inputTokens: inputTokens, outputTokens: outputTokens) }
}
