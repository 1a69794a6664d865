import Core

/// The members of a Chat Completions stream chunk the parser uses, read by walking the text
/// (`WireJSON.walk`) without building the rest: a text token costs one pass over its bytes
/// and one string.
struct OpenAIChunk {
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

    /// A non-null `error` member: the caller reads the whole chunk again for its details.
    var hasError = false
    var usage: JSONValue?
    /// Nil when the chunk has no `choices` array.
    var choices: [Choice]?

    private init() {}

    /// Nil when `text` is not a JSON object.
    init?(scanning text: String) {
        guard let chunk = WireJSON.walk(text, { reader -> OpenAIChunk? in
            var chunk = OpenAIChunk()
            guard reader.beginObject() else { return nil }
            while let key = reader.nextKey() {
                switch key {
                case "error":
                    chunk.hasError = !reader.isNull
                    reader.skipValue()
                case "usage": chunk.usage = reader.value()
                case "choices": chunk.choices = Self.choices(&reader)
                default: reader.skipValue()
                }
            }
            return chunk
        }), let chunk else { return nil }
        self = chunk
    }

    private static func choices(_ reader: inout WireJSON.Reader) -> [Choice]? {
        guard reader.beginArray() else { reader.skipValue(); return nil }
        var choices: [Choice] = []
        while reader.nextElement() {
            var choice = Choice()
            guard reader.beginObject() else { reader.skipValue(); choices.append(choice); continue }
            while let key = reader.nextKey() {
                switch key {
                case "index": choice.index = reader.int() ?? 0
                case "delta": choice.delta = delta(&reader)
                case "message": choice.message = delta(&reader)
                case "finish_reason": choice.finishReason = reader.string()
                default: reader.skipValue()
                }
            }
            choices.append(choice)
        }
        return choices
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
