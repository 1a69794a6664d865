import Foundation
import Core

/// Turns Anthropic Messages stream events into normalized `StreamEvent`s.
///
/// `message_start` (input usage) → `content_block_start` (text, tool_use, thinking) →
/// `content_block_delta` (text_delta, input_json_delta, thinking_delta; signature_delta and
/// citations are ignored) → `content_block_stop` → `message_delta` (stop reason, output usage)
/// → `message_stop`. `ping` is ignored; an `error` event throws the mapped `ProviderError`.
public struct AnthropicStreamParser: Sendable {
    public private(set) var usage = TokenUsage()
    public private(set) var stopReason: StopReason?
    public private(set) var isDone = false

    private enum Block: Sendable {
        case text, thinking, other
        case tool(index: Int, initialInput: String, sentArguments: Bool)
    }
    private var blocks: [Int: Block] = [:]
    private var toolCount = 0
    private var sawUsage = false
    private var sawMessageStart = false

    public init() {}

    public mutating func consume(event: String? = nil, data: String) throws -> [StreamEvent] {
        guard !isDone else { return [] }
        let text = data.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return [] }
        guard let json = WireJSON.parse(text) else { throw ProviderErrorMapper.malformed(provider: .anthropic, detail: text) }
        let type = json["type"]?.stringValue ?? event ?? ""
        switch type {
        case "message_start":
            sawMessageStart = true
            if let u = json["message"]?["usage"] { read(usage: u) }
            return []
        case "content_block_start":
            return blockStart(index: json["index"]?.intValue ?? 0, block: json["content_block"] ?? .null)
        case "content_block_delta":
            return blockDelta(index: json["index"]?.intValue ?? 0, delta: json["delta"] ?? .null)
        case "content_block_stop":
            return blockStop(index: json["index"]?.intValue ?? 0)
        case "message_delta":
            if let reason = json["delta"]?["stop_reason"]?.stringValue { stopReason = Self.stopReason(reason) }
            if let u = json["usage"] { read(usage: u) }
            return []
        case "message_stop":
            return end()
        case "error":
            throw AnthropicErrorMapper.mapInStream(json)
        default:
            return []   // ping and event types added later
        }
    }

    /// The connection ended; without `message_stop` the answer was cut off.
    public mutating func finish() throws -> [StreamEvent] {
        guard !isDone else { return [] }
        throw ProviderErrorMapper.truncated(provider: .anthropic)
    }

    private mutating func end() -> [StreamEvent] {
        var out: [StreamEvent] = []
        for index in blocks.keys.sorted() { out += blockStop(index: index) }
        if sawUsage { out.append(usage.event) }
        out.append(.done(stopReason ?? (toolCount > 0 ? .toolUse : .endTurn)))
        isDone = true
        return out
    }

    private mutating func blockStart(index: Int, block: JSONValue) -> [StreamEvent] {
        switch block["type"]?.stringValue {
        case "text":
            blocks[index] = .text
            if let t = block["text"]?.stringValue, !t.isEmpty { return [.textDelta(t)] }
        case "thinking":
            blocks[index] = .thinking
            if let t = block["thinking"]?.stringValue, !t.isEmpty { return [.reasoningDelta(t)] }
        case "tool_use":
            let n = toolCount
            toolCount += 1
            var input = ""
            if let i = block["input"], case .object(let o) = i, !o.isEmpty { input = i.jsonText }
            blocks[index] = .tool(index: n, initialInput: input, sentArguments: false)
            return [.toolCallStart(index: n, id: block["id"]?.stringValue ?? "toolu_\(n)",
                                   name: block["name"]?.stringValue ?? "")]
        default:
            blocks[index] = .other   // redacted_thinking, server tools
        }
        return []
    }

    private mutating func blockDelta(index: Int, delta: JSONValue) -> [StreamEvent] {
        switch (delta["type"]?.stringValue, blocks[index]) {
        case ("text_delta", _):
            if let t = delta["text"]?.stringValue, !t.isEmpty { return [.textDelta(t)] }
        case ("thinking_delta", _):
            if let t = delta["thinking"]?.stringValue, !t.isEmpty { return [.reasoningDelta(t)] }
        case ("input_json_delta", .tool(let n, let initial, _)?):
            guard let part = delta["partial_json"]?.stringValue, !part.isEmpty else { return [] }
            blocks[index] = .tool(index: n, initialInput: initial, sentArguments: true)
            return [.toolCallArgumentsDelta(index: n, part)]
        default: break
        }
        return []
    }

    private mutating func blockStop(index: Int) -> [StreamEvent] {
        guard let block = blocks.removeValue(forKey: index) else { return [] }
        guard case .tool(let n, let initial, let sent) = block else { return [] }
        // A tool without input deltas (no parameters) still gets its arguments: the start's input or {}.
        if !sent { return [.toolCallArgumentsDelta(index: n, initial.isEmpty ? "{}" : initial), .toolCallEnd(index: n)] }
        return [.toolCallEnd(index: n)]
    }

    /// `message_start` carries input counts; `message_delta` carries cumulative counts (output,
    /// and in newer API versions input too). Anthropic's `input_tokens` excludes cache reads and
    /// writes; the normalized input includes them.
    private mutating func read(usage u: JSONValue) {
        sawUsage = true
        let cacheRead = u["cache_read_input_tokens"]?.intValue
        let cacheWrite = u["cache_creation_input_tokens"]?.intValue
        if let cacheRead { usage.cachedInputTokens = cacheRead }
        if let cacheWrite { usage.cacheWriteTokens = cacheWrite }
        if let input = u["input_tokens"]?.intValue {
            usage.inputTokens = input + usage.cachedInputTokens + usage.cacheWriteTokens
        }
        if let output = u["output_tokens"]?.intValue { usage.outputTokens = output }
    }

    static func stopReason(_ reason: String) -> StopReason {
        switch reason {
        case "end_turn", "stop_sequence": return .endTurn
        case "tool_use": return .toolUse
        case "max_tokens", "model_context_window_exceeded": return .maxTokens
        default: return .other   // pause_turn, refusal
        }
    }
}
