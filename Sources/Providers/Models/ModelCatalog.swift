import Foundation

/// How expensive a model is to use, for the picker.
public enum CostTier: String, Sendable, Comparable, CaseIterable {
    case free, budget, standard, premium
    public static func < (a: CostTier, b: CostTier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What the app knows about a model without asking the provider.
public struct ModelInfo: Sendable, Equatable {
    public var provider: ProviderKind
    public var id: String
    public var displayName: String
    public var contextWindow: Int
    public var maxOutputTokens: Int
    /// USD per million tokens.
    public var inputPrice: Double
    public var outputPrice: Double
    /// USD per million input tokens read from the prompt cache (nil: no discount known).
    public var cachedInputPrice: Double?
    /// USD per million input tokens written to the prompt cache (Anthropic: 1.25 × input).
    public var cacheWritePrice: Double?
    public var tier: CostTier
    /// Takes images as input (every model of the table does; docs/images.md).
    public var vision: Bool

    public init(provider: ProviderKind, id: String, displayName: String, contextWindow: Int, maxOutputTokens: Int,
                inputPrice: Double, outputPrice: Double, cachedInputPrice: Double? = nil, cacheWritePrice: Double? = nil,
                tier: CostTier, vision: Bool = true) {
        self.vision = vision
        self.provider = provider; self.id = id; self.displayName = displayName; self.contextWindow = contextWindow
        self.maxOutputTokens = maxOutputTokens; self.inputPrice = inputPrice; self.outputPrice = outputPrice
        self.cachedInputPrice = cachedInputPrice; self.cacheWritePrice = cacheWritePrice; self.tier = tier
    }

    /// The cost in USD of one call with `usage`: uncached input, cache reads and writes, and output priced apart.
    public func cost(of usage: TokenUsage) -> Double {
        let cached = max(0, usage.cachedInputTokens), written = max(0, usage.cacheWriteTokens)
        let plain = max(0, usage.inputTokens - cached - written)
        let total = Double(plain) * inputPrice
            + Double(cached) * (cachedInputPrice ?? inputPrice)
            + Double(written) * (cacheWritePrice ?? inputPrice)
            + Double(max(0, usage.outputTokens)) * outputPrice
        return total / 1_000_000
    }
}

/// The built-in table of current models (prices as published by each provider, standard tier,
/// Gemini 2.5 Pro at its ≤200k-token prompt price). The live lists only add ids; prices come from here.
public enum ModelCatalog {
    private static func m(_ p: ProviderKind, _ id: String, _ name: String, _ ctx: Int, _ out: Int,
                          _ input: Double, _ output: Double, cached: Double? = nil, write: Double? = nil, _ tier: CostTier) -> ModelInfo {
        ModelInfo(provider: p, id: id, displayName: name, contextWindow: ctx, maxOutputTokens: out, inputPrice: input,
                  outputPrice: output, cachedInputPrice: cached, cacheWritePrice: write, tier: tier)
    }

    public static let models: [ModelInfo] = [
        m(.openai, "gpt-4.1", "GPT-4.1", 1_047_576, 32_768, 2.00, 8.00, cached: 0.50, .standard),
        m(.openai, "gpt-4.1-mini", "GPT-4.1 mini", 1_047_576, 32_768, 0.40, 1.60, cached: 0.10, .budget),
        m(.openai, "gpt-4.1-nano", "GPT-4.1 nano", 1_047_576, 32_768, 0.10, 0.40, cached: 0.025, .budget),
        m(.openai, "gpt-4o", "GPT-4o", 128_000, 16_384, 2.50, 10.00, cached: 1.25, .standard),
        m(.openai, "gpt-4o-mini", "GPT-4o mini", 128_000, 16_384, 0.15, 0.60, cached: 0.075, .budget),
        m(.openai, "o4-mini", "o4-mini", 200_000, 100_000, 1.10, 4.40, cached: 0.275, .standard),
        m(.openai, "o3", "o3", 200_000, 100_000, 2.00, 8.00, cached: 0.50, .standard),
        m(.openai, "gpt-5", "GPT-5", 400_000, 128_000, 1.25, 10.00, cached: 0.125, .standard),
        m(.openai, "gpt-5-mini", "GPT-5 mini", 400_000, 128_000, 0.25, 2.00, cached: 0.025, .budget),
        m(.anthropic, "claude-sonnet-4-5", "Claude Sonnet 4.5", 200_000, 64_000, 3.00, 15.00, cached: 0.30, write: 3.75, .standard),
        m(.anthropic, "claude-opus-4-1", "Claude Opus 4.1", 200_000, 32_000, 15.00, 75.00, cached: 1.50, write: 18.75, .premium),
        m(.anthropic, "claude-haiku-4-5", "Claude Haiku 4.5", 200_000, 64_000, 1.00, 5.00, cached: 0.10, write: 1.25, .budget),
        m(.anthropic, "claude-sonnet-4-0", "Claude Sonnet 4", 200_000, 64_000, 3.00, 15.00, cached: 0.30, write: 3.75, .standard),
        m(.anthropic, "claude-3-5-haiku-latest", "Claude Haiku 3.5", 200_000, 8_192, 0.80, 4.00, cached: 0.08, write: 1.00, .budget),
        m(.gemini, "gemini-2.5-pro", "Gemini 2.5 Pro", 1_048_576, 65_536, 1.25, 10.00, cached: 0.31, .standard),
        m(.gemini, "gemini-2.5-flash", "Gemini 2.5 Flash", 1_048_576, 65_536, 0.30, 2.50, cached: 0.075, .budget),
        m(.gemini, "gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", 1_048_576, 65_536, 0.10, 0.40, cached: 0.025, .budget),
        m(.gemini, "gemini-2.0-flash", "Gemini 2.0 Flash", 1_048_576, 8_192, 0.10, 0.40, cached: 0.025, .budget),
    ]

    /// The models of `provider` (OpenAI-compatible providers share none: their models are whatever the server has).
    public static func models(for provider: ProviderKind) -> [ModelInfo] { models.filter { $0.provider == provider } }

    /// The entry for `id`: exact, else a dated snapshot of a listed alias ("gpt-4.1-2025-04-14",
    /// "claude-sonnet-4-5-20250929", "models/gemini-2.5-flash", "gemini-2.5-flash-001").
    public static func find(_ id: String, provider: ProviderKind? = nil) -> ModelInfo? {
        var key = id.lowercased()
        if key.hasPrefix("models/") { key = String(key.dropFirst("models/".count)) }
        let pool = provider.map { p in models.filter { $0.provider == p } } ?? models
        if let exact = pool.first(where: { $0.id == key }) { return exact }
        // Longest alias that the id extends by a version suffix ("-2025…", "-0…", "-latest", "-preview…").
        let candidates = pool.filter { key.hasPrefix($0.id + "-") }.sorted { $0.id.count > $1.id.count }
        for c in candidates {
            let rest = key.dropFirst(c.id.count + 1)
            if let f = rest.first, f.isNumber || rest.hasPrefix("latest") || rest.hasPrefix("preview") { return c }
        }
        return nil
    }

    /// Models known to take no images that the table does not list (older or text-only ones
    /// still offered by the providers' live lists), by id or dated snapshot of it.
    static let textOnly: [(ProviderKind, String)] = [
        (.openai, "gpt-3.5-turbo"), (.openai, "o1-mini"), (.openai, "o3-mini"), (.openai, "gpt-4-turbo-preview"),
        (.anthropic, "claude-2.1"), (.anthropic, "claude-2.0"), (.anthropic, "claude-instant-1.2"),
        (.gemini, "gemini-1.0-pro"),
    ]

    /// Whether `model` takes images: true or false for a model the app knows, nil for one it
    /// does not (tried; a refusal from the provider becomes `imagesNotSupported`).
    public static func canSee(_ model: String, provider: ProviderKind) -> Bool? {
        if let info = find(model, provider: provider) { return info.vision }
        let key = model.lowercased()
        if textOnly.contains(where: { $0.0 == provider && (key == $0.1 || key.hasPrefix($0.1 + "-")) }) { return false }
        return nil
    }

    /// Cost in USD of a call; 0 for local providers and unknown models.
    public static func cost(of usage: TokenUsage, model: String, provider: ProviderKind) -> Double {
        guard !provider.isLocal, let info = find(model, provider: provider) else { return 0 }
        return info.cost(of: usage)
    }

    /// Tier of a model; local ones are free, unknown ones standard.
    public static func tier(model: String, provider: ProviderKind) -> CostTier {
        if provider.isLocal { return .free }
        return find(model, provider: provider)?.tier ?? .standard
    }
}
