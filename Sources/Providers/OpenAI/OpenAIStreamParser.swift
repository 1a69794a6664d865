import Foundation
import Core

/// Turns OpenAI Chat Completions stream events (`data: {chunk}` ... `data: [DONE]`) into
/// normalized `StreamEvent`s. Feed every SSE event's data in order, then call `finish()` when
/// the connection ends.
///
/// Handles what real servers send: tool-call fragments accumulated by `index` (id and name in
/// the first fragment; later ones may repeat them or carry explicit nulls), the legacy
/// `function_call` delta, arguments split anywhere, `reasoning_content` / `reasoning` deltas,
/// a final usage chunk with empty `choices` (or usage on every chunk, vLLM), and an `error`
/// object in the stream. Usage is emitted once, just before `.done`.
public struct OpenAIStreamParser: Sendable {
    public let provider: ProviderKind
    /// The last usage reported by the stream (with cache and reasoning detail).
    public private(set) var usage: TokenUsage?
    public private(set) var stopReason: StopReason?
    public private(set) var isDone = false

    private struct Call: Sendable {
        var wireIndex: Int
        var id: String?
        var name: String?
        var index: Int?          // normalized index, once started
        var pendingArguments = ""
        var ended = false
    }
    private var calls: [Call] = []
    /// The wire index each active call slot answers to.
    private var slotOfWireIndex: [Int: Int] = [:]
    private var startedCount = 0

    public init(provider: ProviderKind = .openai) { self.provider = provider }

    /// One SSE event. `event` is the SSE event name (nil for plain `data:` lines).
    public mutating func consume(event: String? = nil, data: String) throws -> [StreamEvent] {
        guard !isDone else { return [] }
        // Trimming goes through NSString (slow, once per token): only when there is something to trim.
        let text = Self.mayNeedTrimming(data.utf8.first) || Self.mayNeedTrimming(data.utf8.last)
            ? data.trimmingCharacters(in: .whitespacesAndNewlines) : data
        if text.isEmpty { return [] }
        if text == "[DONE]" { return end() }
        var out: [StreamEvent] = []
        var chunk = text
        try chunk.withUTF8 { try apply(chunk: $0, event: event, into: &out) }
        return out
    }

    /// One SSE event from its data's bytes; what the parser reads on the stream's hot path.
    public mutating func consume(event: String?, bytes: UnsafeRawBufferPointer, into events: inout [StreamEvent]) throws {
        guard !isDone else { return }
        var data = bytes.assumingMemoryBound(to: UInt8.self)
        while let b = data.first, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { data = UnsafeBufferPointer(rebasing: data.dropFirst()) }
        while let b = data.last, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { data = UnsafeBufferPointer(rebasing: data.dropLast()) }
        if Self.mayNeedTrimming(data.first) || Self.mayNeedTrimming(data.last) {
            return events += try consume(event: event, data: String(decoding: data, as: UTF8.self))   // Unicode white space
        }
        if data.isEmpty { return }
        if data.elementsEqual("[DONE]".utf8) { return events += end() }
        try apply(chunk: data, event: event, into: &events)
    }

    /// A chunk's JSON: its deltas as events, or the error it reports thrown.
    private mutating func apply(chunk bytes: UnsafeBufferPointer<UInt8>, event: String?, into out: inout [StreamEvent]) throws {
        let mark = out.count
        let outcome = event == "error" ? nil : readChunk(bytes) { parser, choice in
            guard choice.index == 0 else { return }
            if let delta = choice.delta ?? choice.message { parser.consume(delta: delta, into: &out) }
            if let reason = choice.finishReason {
                out += parser.closeCalls()
                parser.stopReason = Self.stopReason(reason, madeCalls: parser.startedCount > 0)
            }
        }
        guard let outcome, !outcome.hasError else {
            out.removeSubrange(mark...)   // a chunk that fails gives no events (the stream ends here)
            let text = String(decoding: bytes, as: UTF8.self)
            guard let json = WireJSON.parse(text) else { throw ProviderErrorMapper.malformed(provider: provider, detail: text) }
            throw OpenAIErrorMapper.mapInStream(json["error"] == nil ? ["error": json] : json, provider: provider)
        }
        if let u = outcome.usage, case .object = u { usage = Self.usage(u) }
    }

    /// ASCII white space, or a byte that may start or end a Unicode one.
    private static func mayNeedTrimming(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte >= 0x80
    }

    /// The connection ended. Without `[DONE]`, a stream that already gave a finish reason is
    /// complete (some compatible servers omit `[DONE]`); otherwise it was cut off.
    public mutating func finish() throws -> [StreamEvent] {
        guard !isDone else { return [] }
        guard stopReason != nil else { throw ProviderErrorMapper.truncated(provider: provider) }
        return end()
    }

    // MARK: -

    private mutating func end() -> [StreamEvent] {
        var out = closeCalls()
        if let usage { out.append(usage.event) }
        out.append(.done(stopReason ?? (startedCount > 0 ? .toolUse : .endTurn)))
        isDone = true
        return out
    }

    private mutating func consume(delta: Delta, into out: inout [StreamEvent]) {
        if let r = delta.reasoningContent, !r.isEmpty {
            out.append(.reasoningDelta(r))
        } else if let r = delta.reasoning, !r.isEmpty {
            out.append(.reasoningDelta(r))
        }
        if let text = delta.content, !text.isEmpty { out.append(.textDelta(text)) }
        if let refusal = delta.refusal, !refusal.isEmpty { out.append(.textDelta(refusal)) }
        if let toolCalls = delta.toolCalls {
            for (position, fragment) in toolCalls.enumerated() {
                let function = fragment["function"]
                out += fragmentArrived(wireIndex: fragment["index"]?.intValue ?? position,
                                       id: fragment["id"]?.nonEmptyString,
                                       name: function?["name"]?.nonEmptyString,
                                       arguments: function?["arguments"].flatMap(Self.argumentsText) ?? "")
            }
        } else if let legacy = delta.functionCall, case .object = legacy {
            // Only when there is no tool_calls array: servers that send both repeat the same text in each.
            out += fragmentArrived(wireIndex: 0, id: nil, name: legacy["name"]?.nonEmptyString,
                                   arguments: legacy["arguments"].flatMap(Self.argumentsText) ?? "")
        }
    }

    /// Arguments are JSON text; a few servers send them as an object already.
    private static func argumentsText(_ v: JSONValue) -> String? {
        switch v {
        case .string(let s): return s
        case .null: return nil
        default: return v.jsonText
        }
    }

    private mutating func fragmentArrived(wireIndex: Int, id: String?, name: String?, arguments: String) -> [StreamEvent] {
        var out: [StreamEvent] = []
        var slot = slotOfWireIndex[wireIndex]
        // A different id at a started index means a new call (servers that send every call at index 0).
        if let s = slot, let id, let old = calls[s].id, old != id, calls[s].index != nil, name != nil {
            out += close(slot: s)
            slot = nil
        }
        let s: Int
        if let slot { s = slot } else {
            calls.append(Call(wireIndex: wireIndex))
            s = calls.count - 1
            slotOfWireIndex[wireIndex] = s
        }
        if calls[s].ended { return out }
        if calls[s].index == nil {
            if calls[s].id == nil, let id { calls[s].id = id }
            if calls[s].name == nil, let name { calls[s].name = name }
            calls[s].pendingArguments += arguments
            guard let callName = calls[s].name else { return out }   // wait for the name
            let index = startedCount
            startedCount += 1
            calls[s].index = index
            let id = calls[s].id ?? "call_\(index)"
            calls[s].id = id
            out.append(.toolCallStart(index: index, id: id, name: callName))
            if !calls[s].pendingArguments.isEmpty { out.append(.toolCallArgumentsDelta(index: index, calls[s].pendingArguments)) }
            calls[s].pendingArguments = ""
        } else if !arguments.isEmpty {
            out.append(.toolCallArgumentsDelta(index: calls[s].index!, arguments))
        }
        return out
    }

    private mutating func close(slot s: Int) -> [StreamEvent] {
        guard !calls[s].ended else { return [] }
        calls[s].ended = true
        guard let index = calls[s].index else { return [] }
        return [.toolCallEnd(index: index)]
    }

    private mutating func closeCalls() -> [StreamEvent] {
        var out: [StreamEvent] = []
        let order = calls.indices.filter { calls[$0].index != nil }.sorted { calls[$0].index! < calls[$1].index! }
        for s in order { out += close(slot: s) }
        return out
    }

    static func stopReason(_ reason: String, madeCalls: Bool) -> StopReason {
        switch reason {
        case "tool_calls", "function_call": return .toolUse
        case "length": return .maxTokens
        case "stop", "eos", "end_turn": return madeCalls ? .toolUse : .endTurn
        default: return madeCalls ? .toolUse : .other
        }
    }

    static func usage(_ u: JSONValue) -> TokenUsage {
        TokenUsage(inputTokens: u["prompt_tokens"]?.intValue ?? 0,
                   outputTokens: u["completion_tokens"]?.intValue ?? 0,
                   cachedInputTokens: u["prompt_tokens_details"]?["cached_tokens"]?.intValue ?? 0,
                   reasoningTokens: u["completion_tokens_details"]?["reasoning_tokens"]?.intValue ?? 0)
    }
}
