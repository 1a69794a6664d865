import Core

/// Reading a Chat Completions stream chunk by walking its text (`WireJSON.Reader`): only the
/// members the parser uses are built, and each choice is handled as soon as it is read, so a
/// text token costs one pass over its bytes and one string, and nothing is copied around.
extension OpenAIStreamParser {
    struct Delta {
        var reasoningContent: String?
        var reasoning: String?
        var content: String?
        var refusal: String?
        var toolCalls: [JSONValue]?
        var functionCall: JSONValue?
    }

    struct Choice {
        var index = 0
        var delta: Delta?
        var message: Delta?
        var finishReason: String?
    }

    /// What a chunk said besides its choices.
    struct ChunkOutcome {
        /// A non-null `error` member: the caller reads the whole chunk again for its details.
        var hasError = false
        var usage: JSONValue?
    }

    /// Walks one chunk, handing every choice to `choice` as it ends. Nil when `bytes` are not a
    /// JSON object (the events already appended by `choice` are then the caller's to drop).
    mutating func readChunk(_ bytes: UnsafeBufferPointer<UInt8>, choice: (inout Self, Choice) -> Void) -> ChunkOutcome? {
        WireJSON.walk(bytes) { reader -> ChunkOutcome? in
            guard reader.beginObject() else { return nil }
            var outcome = ChunkOutcome()
            while let key = reader.nextKey() {
                switch key {
                case "error":
                    outcome.hasError = !reader.isNull
                    reader.skipValue()
                case "usage": outcome.usage = reader.value()
                case "choices":
                    guard reader.beginArray() else { reader.skipValue(); continue }
                    while reader.nextElement() { choice(&self, Self.choice(&reader)) }
                default: reader.skipValue()
                }
            }
            return outcome
        } ?? nil
    }

    private static func choice(_ reader: inout WireJSON.Reader) -> Choice {
        var choice = Choice()
        guard reader.beginObject() else { reader.skipValue(); return choice }
        while let key = reader.nextKey() {
            switch key {
            case "index": choice.index = reader.int() ?? 0
            case "delta": choice.delta = delta(&reader)
            case "message": choice.message = delta(&reader)
            case "finish_reason": choice.finishReason = reader.string()
            default: reader.skipValue()
            }
        }
        return choice
    }

    /// Nil when the value is not an object.
    private static func delta(_ reader: inout WireJSON.Reader) -> Delta? {
        guard reader.beginObject() else { reader.skipValue(); return nil }
        var delta = Delta()
        while let key = reader.nextKey() {
            switch key {
            case "reasoning_content": delta.reasoningContent = reader.string()
            case "reasoning": delta.reasoning = reader.string()
            case "content": delta.content = reader.string()
            case "refusal": delta.refusal = reader.string()
            case "tool_calls": delta.toolCalls = reader.value()?.arrayValue
            case "function_call": delta.functionCall = reader.value()
            default: reader.skipValue()
            }
        }
        return delta
    }
}
