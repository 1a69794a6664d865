import Foundation
import Core
import Providers

/// Key checks and live model lists, the same for `aihelper keys check`, `aihelper models` and the TUI.
public enum ProviderChecks {
    /// Settings for `kind` from config and environment (for checks and lists, not chat).
    public static func settings(_ kind: ProviderKind, config: AppConfig,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ProviderSettings {
        let chosen = (config.providers.provider.flatMap(ProviderKind.init(name:))) == kind
        return try ProviderResolver.resolve(environment: environment, config: config.providers.valuesWithKey(for: kind, chosen: chosen))
    }

    /// Asks the provider's models list whether the key works. The key never appears in the result.
    public static func checkKey(_ settings: ProviderSettings, transport: ProviderTransport = ProviderTransport()) async -> KeyCheckResult {
        let result: KeyCheckResult
        do {
            let answer = try await transport.fetch(KeyCheck.request(for: settings), provider: settings.kind, totalTimeout: 20)
            result = KeyCheck.interpret(provider: settings.kind, status: answer.status, body: answer.body, headers: answer.headers)
        } catch let error as ProviderError {
            result = .unreachable(error)
        } catch {
            result = .unreachable(ProviderErrorMapper.network(provider: settings.kind, detail: "\(error)"))
        }
        return redacted(result, key: settings.apiKey)
    }

    private static func redacted(_ result: KeyCheckResult, key: String?) -> KeyCheckResult {
        guard let key, !key.isEmpty else { return result }
        func clean(_ e: ProviderError) -> ProviderError {
            var e = e
            e.message = Redactor.redact(e.message, key: key); e.suggestion = Redactor.redact(e.suggestion, key: key)
            return e
        }
        switch result {
        case .invalid(let e): return .invalid(clean(e))
        case .unreachable(let e): return .unreachable(clean(e))
        case .failed(let e): return .failed(clean(e))
        case .valid, .validRateLimited: return result
        }
    }

    public enum ModelSource: String, Sendable { case live, cache, catalog }

    /// The provider's models: the cached list when it is less than a day old, else the live list
    /// (cached in `cacheFolder`), else the built-in catalog with the reason the live list failed.
    public static func models(_ settings: ProviderSettings, cacheFolder: String, refresh: Bool = false, now: Date = Date(),
                              transport: ProviderTransport = ProviderTransport()) async
        -> (models: [String], source: ModelSource, problem: ProviderError?) {
        let cache = ModelListCache(folder: cacheFolder, settings: settings)
        if !refresh, let cached = cache.read(now: now) { return (cached, .cache, nil) }
        do {
            var ids: [String] = [], page: String?
            for _ in 0..<20 {
                let answer = try await transport.fetch(ModelLists.request(for: settings, page: page), provider: settings.kind)
                guard (200..<300).contains(answer.status) else {
                    throw ProviderWire.error(status: answer.status, body: answer.body, headers: answer.headers, settings: settings)
                }
                guard let list = ModelLists.parse(answer.body, kind: settings.kind) else {
                    throw ProviderErrorMapper.malformed(provider: settings.kind, detail: answer.body)
                }
                ids += list.models.map(\.id)
                page = list.nextPage
                if page == nil { break }
            }
            cache.write(ids, now: now)
            return (ids, .live, nil)
        } catch {
            let failure = error as? ProviderError ?? ProviderErrorMapper.network(provider: settings.kind, detail: "\(error)")
            return (ModelCatalog.models(for: settings.kind).map(\.id), .catalog, failure)
        }
    }
}

/// A provider's model list on disk for a day: `models-<provider>-<hash of base URL>.json`.
struct ModelListCache {
    let path: String
    static let maxAge: TimeInterval = 24 * 3600

    init(folder: String, settings: ProviderSettings) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325                     // FNV-1a of the base URL
        for byte in settings.baseURL.absoluteString.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        path = folder + "/models-\(settings.kind.rawValue)-\(String(hash, radix: 16)).json"
    }

    func read(now: Date) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path),
              let json = JSONValue(parsing: String(decoding: data, as: UTF8.self)),
              let at = json["fetchedAt"]?.doubleValue, now.timeIntervalSince1970 - at < Self.maxAge, at <= now.timeIntervalSince1970 + 60,
              let list = json["models"]?.arrayValue else { return nil }
        return list.compactMap(\.stringValue)
    }

    func write(_ models: [String], now: Date) {
        let json = JSONValue.object(["fetchedAt": .number(now.timeIntervalSince1970), "models": .array(models.map(JSONValue.string))])
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(json.jsonText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
