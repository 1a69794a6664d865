import Foundation
import Core

/// Chat prompt formats for raw completion endpoints (llama.cpp `/completion`). The wrong one is
/// the classic cause of one-token or never-ending answers, so each has exact stop strings.
///
/// The rendered prompt leaves out the BOS token (`<|begin_of_text|>`, `<s>`): llama-server adds it.
public enum PromptTemplate: String, Sendable, CaseIterable {
    /// Phi-3 / Phi-3.5: `<|user|>\n…<|end|>\n<|assistant|>\n`.
    case phi3
    /// Llama 3.x: `<|start_header_id|>user<|end_header_id|>\n\n…<|eot_id|>`.
    case llama3
    /// ChatML (Qwen, SmolLM, Hermes, Yi …): `<|im_start|>user\n…<|im_end|>\n`.
    case chatml
    /// Mistral / Mixtral instruct: `[INST] … [/INST]`, answers end with `</s>`.
    case mistral

    /// Chooses from a model name or GGUF file name; ChatML when nothing matches.
    public static func forModel(_ name: String) -> PromptTemplate {
        let n = name.lowercased()
        if n.contains("phi-3") || n.contains("phi3") || n.contains("phi_3") { return .phi3 }
        if n.contains("llama-3") || n.contains("llama3") || n.contains("llama_3") || n.contains("llama-3.") { return .llama3 }
        if n.contains("mistral") || n.contains("mixtral") { return .mistral }
        return .chatml
    }

    /// From config ("phi3", "phi-3", "llama3", "chatml", "mistral"), case-insensitively.
    public init?(name: String) {
        let n = name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ".", with: "")
        switch n {
        case "phi3", "phi35": self = .phi3
        case "llama3", "llama31", "llama32", "llama33": self = .llama3
        case "chatml": self = .chatml
        case "mistral", "mixtral": self = .mistral
        default: return nil
        }
    }

    public var stopStrings: [String] {
        switch self {
        case .phi3: return ["<|end|>"]
        case .llama3: return ["<|eot_id|>"]
        case .chatml: return ["<|im_end|>"]
        case .mistral: return ["</s>"]
        }
    }

    /// The prompt for `system` and `messages`, ending where the assistant's answer begins.
    /// Tools are described in the system text and the model is asked to answer a call as JSON
    /// (`TextToolCalls` turns such an answer into a tool call); earlier calls and results
    /// are shown the same way.
    public func render(system: String, messages: [ChatMessage], tools: [ToolSchema] = []) -> String {
        var systemText = ([system] + messages.filter { $0.role == .system }.map(\.content))
            .filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !tools.isEmpty {
            systemText += (systemText.isEmpty ? "" : "\n\n") + Self.toolInstructions(tools)
        }
        var turns: [(role: Role, text: String)] = []
        for m in messages {
            switch m.role {
            case .system: continue
            case .user: turns.append((.user, m.content))
            case .assistant:
                let calls = m.toolCalls.map { call in
                    JSONValue.object(["name": .string(call.name),
                                      "arguments": AnthropicRequestBuilder.argumentsObject(call.arguments)]).jsonText
                }
                turns.append((.assistant, ([m.content].filter { !$0.isEmpty } + calls).joined(separator: "\n")))
            case .tool:
                let name = m.toolName ?? "tool"
                turns.append((.user, m.isError ? "Tool \(name) failed: \(m.content)" : "Tool \(name) returned: \(m.content)"))
            }
        }
        switch self {
        case .phi3:
            var p = systemText.isEmpty ? "" : "<|system|>\n\(systemText)<|end|>\n"
            for t in turns { p += "<|\(t.role == .user ? "user" : "assistant")|>\n\(t.text)<|end|>\n" }
            return p + "<|assistant|>\n"
        case .llama3:
            func block(_ role: String, _ text: String) -> String { "<|start_header_id|>\(role)<|end_header_id|>\n\n\(text)<|eot_id|>" }
            var p = systemText.isEmpty ? "" : block("system", systemText)
            for t in turns { p += block(t.role == .user ? "user" : "assistant", t.text) }
            return p + "<|start_header_id|>assistant<|end_header_id|>\n\n"
        case .chatml:
            func block(_ role: String, _ text: String) -> String { "<|im_start|>\(role)\n\(text)<|im_end|>\n" }
            var p = systemText.isEmpty ? "" : block("system", systemText)
            for t in turns { p += block(t.role == .user ? "user" : "assistant", t.text) }
            return p + "<|im_start|>assistant\n"
        case .mistral:
            // No system role: the system text leads the first user turn. Consecutive user turns merge.
            var merged: [(role: Role, text: String)] = []
            for t in turns {
                if let last = merged.last, last.role == t.role { merged[merged.count - 1].text += "\n\n" + t.text } else { merged.append(t) }
            }
            if let i = merged.firstIndex(where: { $0.role == .user }), !systemText.isEmpty {
                merged[i].text = systemText + "\n\n" + merged[i].text
            } else if !systemText.isEmpty {
                merged.insert((.user, systemText), at: 0)
            }
            var p = ""
            for t in merged {
                p += t.role == .user ? "[INST] \(t.text) [/INST]" : "\(t.text)</s>"
            }
            return p
        }
    }

    static func toolInstructions(_ tools: [ToolSchema]) -> String {
        var s = "You can call these tools. To call one, answer with only a JSON object of the form "
            + "{\"name\": \"<tool name>\", \"arguments\": {<arguments>}} and nothing else.\nTools:"
        for t in tools {
            s += "\n- \(t.name): \(t.description) Parameters (JSON Schema): \(t.inputSchema.jsonText)"
        }
        return s
    }
}
