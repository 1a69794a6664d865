import Foundation
import Providers

/// `--provider` and `--model` plus config and environment, made into a provider.
public struct ProviderChoice: Sendable {
    public var provider: any ChatProvider
    /// The chosen provider could not be set up (unknown name, missing key, bad URL) and no
    /// fallback is configured: this says what to do, and `provider` is the offline assistant.
    public var problem: ProviderError?
}

extension AppServices {
    /// Chooses the provider: flags > config.toml > environment; Offline when nothing is configured.
    /// `pacedOffline` false: the offline assistant sends its words at once (`ask` to a pipe, or
    /// with --json), not paced for a reader watching a terminal.
    public static func chooseProvider(config: AppConfig, flags: ProviderFlags = ProviderFlags(),
                                      environment: [String: String] = ProcessInfo.processInfo.environment,
                                      pacedOffline: Bool = true) -> ProviderChoice {
        let offline = offlineProvider(environment, paced: pacedOffline)
        let pc = config.providers
        let name = flags.provider ?? pc.provider ?? "offline"
        guard let kind = ProviderKind(name: name) else {
            return ProviderChoice(provider: offline, problem: ProviderError(
                .badRequest, "Unknown provider '\(name)'.",
                suggestion: "Use one of: " + ProviderKind.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        if kind == .offline { return ProviderChoice(provider: offline) }

        var chain: [any ChatProvider] = []
        var skipped: [(name: String, error: ProviderError)] = []
        do {
            var values = try pc.valuesWithKey(for: kind, chosen: true)
            values.model = flags.model ?? values.model
            chain.append(try remote(kind, values: values, config: pc, environment: environment))
        } catch {
            let failure = error as? ProviderError ?? ProviderError(.badRequest, "\(error)")
            guard pc.fallback else { return ProviderChoice(provider: offline, problem: failure) }
            skipped.append((kind.displayName, failure))
        }
        guard pc.fallback else { return ProviderChoice(provider: chain[0]) }
        if !kind.isLocal, let local = ProviderKind(name: pc.fallbackLocal ?? "ollama"), local.isLocal, local != .offline,
           let values = try? pc.valuesWithKey(for: local, chosen: false),
           let provider = try? remote(local, values: values, config: pc, environment: environment) {
            chain.append(provider)
        }
        chain.append(offline)
        return ProviderChoice(provider: FallbackProvider(chain: chain, skipped: skipped))
    }

    private static func remote(_ kind: ProviderKind, values: ProviderConfigValues, config: ProviderConfig,
                               environment: [String: String]) throws -> RemoteProvider {
        let settings = try ProviderResolver.resolve(environment: environment, config: values)
        var transport = ProviderTransport()
        if let idle = config.idleTimeout { transport.idleTimeout = idle }
        return RemoteProvider(settings: settings, transport: transport, requestsPerMinute: config.requestsPerMinute(for: kind))
    }
}
