import Foundation

/// The providers AI Helper can talk to, and the wire format each speaks.
public enum ProviderKind: String, Sendable, CaseIterable, Codable {
    case openai, anthropic, gemini
    /// Ollama through its OpenAI-compatible `/v1` endpoint.
    case ollama
    /// Ollama's native `/api/chat` (NDJSON).
    case ollamaNative = "ollama-native"
    /// llama.cpp's `llama-server` through its OpenAI-compatible `/v1` endpoint.
    case llamacpp
    /// llama.cpp's raw `/completion` endpoint with a prompt template.
    case llamacppRaw = "llamacpp-raw"
    case lmstudio, vllm, openrouter
    /// Any other server that speaks OpenAI Chat Completions.
    case openaiCompatible = "openai-compatible"
    case offline

    public enum WireFormat: Sendable, Equatable {
        case openAIChat, anthropicMessages, geminiGenerateContent, ollamaChat, llamaCppCompletion, offline
    }

    public var wireFormat: WireFormat {
        switch self {
        case .openai, .ollama, .llamacpp, .lmstudio, .vllm, .openrouter, .openaiCompatible: return .openAIChat
        case .anthropic: return .anthropicMessages
        case .gemini: return .geminiGenerateContent
        case .ollamaNative: return .ollamaChat
        case .llamacppRaw: return .llamaCppCompletion
        case .offline: return .offline
        }
    }

    public var displayName: String {
        switch self {
        case .openai: return "OpenAI"
        case .anthropic: return "Anthropic"
        case .gemini: return "Gemini"
        case .ollama, .ollamaNative: return "Ollama"
        case .llamacpp, .llamacppRaw: return "llama.cpp"
        case .lmstudio: return "LM Studio"
        case .vllm: return "vLLM"
        case .openrouter: return "OpenRouter"
        case .openaiCompatible: return "OpenAI-compatible"
        case .offline: return "Offline"
        }
    }

    /// Runs on this machine (no key, no cost, no rate limit by default).
    public var isLocal: Bool {
        switch self {
        case .ollama, .ollamaNative, .llamacpp, .llamacppRaw, .lmstudio, .vllm, .offline: return true
        default: return false
        }
    }

    /// Parses a name from a flag or config, case-insensitively, with common aliases.
    public init?(name: String) {
        let n = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let k = ProviderKind(rawValue: n) { self = k; return }
        switch n {
        case "claude": self = .anthropic
        case "google", "gemini-api": self = .gemini
        case "llama.cpp", "llama-cpp", "llama-server": self = .llamacpp
        case "llama.cpp-raw", "llamacpp-completion": self = .llamacppRaw
        case "lm-studio", "lm studio": self = .lmstudio
        case "compatible", "openai_compatible", "custom": self = .openaiCompatible
        case "none", "local-offline": self = .offline
        default: return nil
        }
    }
}
