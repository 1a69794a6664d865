import Foundation
import Providers
import Storage

/// A model in `aihelper models --json`; the catalog's facts are left out for a model it does not know.
struct ModelJSON: Encodable {
    let id: String
    let contextWindow: Int?, maxOutputTokens: Int?
    /// USD per million tokens.
    let inputPrice: Double?, outputPrice: Double?
    /// The catalog's cost tier (free, budget, standard, premium).
    let tier: String?

    init(_ id: String, kind: ProviderKind) {
        let info = ModelCatalog.find(id, provider: kind)
        self.id = id
        contextWindow = info?.contextWindow; maxOutputTokens = info?.maxOutputTokens
        inputPrice = info?.inputPrice; outputPrice = info?.outputPrice; tier = info?.tier.rawValue
    }
}

/// A day, provider and model in `aihelper usage --json`.
struct UsageJSON: Encodable {
    let day: String, provider: String, model: String
    let answers: Int, inputTokens: Int, outputTokens: Int
    /// USD.
    let cost: Double

    init(_ row: UsageRow) {
        day = row.day; provider = row.provider; model = row.model
        answers = row.totals.answers; inputTokens = row.totals.inputTokens; outputTokens = row.totals.outputTokens; cost = row.totals.cost
    }
}

/// One provider's key check: the line `aihelper keys check` prints, or its object with `--json`.
/// The key itself is never part of it.
struct KeyCheckJSON: Encodable {
    let provider: String
    /// valid, rate_limited, invalid, unreachable, failed, not_set_up (no key, a bad base URL,
    /// a failing api_key_command), no_key_needed.
    let status: String
    /// Where the key came from: an environment variable's name, credentials.toml or
    /// api_key_command; left out when there is none.
    let keySource: String?
    /// What went wrong, for a person; left out when the key is good.
    let message: String?
    /// Seconds until the provider takes requests again (rate_limited, when it said).
    let retryAfter: Int?

    var good: Bool { ["valid", "rate_limited", "no_key_needed"].contains(status) }

    init(provider: String, status: String, keySource: String? = nil, message: String? = nil, retryAfter: Int? = nil) {
        self.provider = provider; self.status = status; self.keySource = keySource; self.message = message; self.retryAfter = retryAfter
    }

    /// The text line, e.g. "openai: valid (key from OPENAI_API_KEY)."
    var line: String {
        let source = keySource.map { " (key from \($0))" } ?? " (no key)"
        switch status {
        case "no_key_needed": return "\(provider): needs no key."
        case "valid": return "\(provider): valid\(source)."
        case "rate_limited":
            return "\(provider): valid but rate limited right now\(retryAfter.map { ", retry after \($0) s" } ?? "")\(source)."
        case "invalid": return "\(provider): invalid\(source): \(message ?? "")"
        case "unreachable": return "\(provider): network error: \(message ?? "")"
        case "failed": return "\(provider): check failed: \(message ?? "")"
        default: return "\(provider): \(message ?? "")"
        }
    }
}
