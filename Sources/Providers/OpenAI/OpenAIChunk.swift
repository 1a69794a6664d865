import Core

/// The members of a Chat Completions stream chunk the parser uses, scanned without building
/// the rest (`WireJSON.scanObject`): a text token costs one pass over its bytes and one string.
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
        var chunk = OpenAIChunk()
        let valid = WireJSON.scanObject(text) { key, reader in
            switch key {
            case "error": chunk.hasError = !reader.isNull
            case "usage": chunk.usage = reader.value()
            case "choices":
                var choices: [Choice] = []
                if reader.elements({ choices.append(Self.choice(&$0)) }) { chunk.choices = choices }
            default: break
            }
        }
        guard valid else { return nil }
        self = chunk
    }

    private static func choice(_ reader: inout WireJSON.Reader) -> Choice {
        var choice = Choice()
        reader.members { key, reader in
            switch key {
            case "index": choice.index = reader.int() ?? 0
            case "delta": choice.delta = delta(&reader)
            case "message": choice.message = delta(&reader)
            case "finish_reason": choice.finishReason = reader.string()
            default: break
            }
        }
        return choice
    }

    /// Nil when the value is not an object.
    private static func delta(_ reader: inout WireJSON.Reader) -> Delta? {
        var delta = Delta()
        let isObject = reader.members { key, reader in
            switch key {
            case "reasoning_content": delta.reasoningContent = reader.string()
            case "reasoning": delta.reasoning = reader.string()
            case "content": delta.content = reader.string()
            case "refusal": delta.refusal = reader.string()
            case "tool_calls": delta.toolCalls = reader.value()?.arrayValue
            case "function_call": delta.functionCall = reader.value()
            default: break
            }
        }
        return isObject ? delta : nil
    }
}
