import Foundation
import Providers

/// Finds model servers running on this machine for the first-run wizard: Ollama on :11434
/// (`/api/tags`), llama.cpp on :8080 and LM Studio on :1234 (`/v1/models`). Each probe has a
/// short timeout and they run together, off the loop thread.
struct LocalServerProbe: Sendable {
    struct Target: Sendable, Equatable {
        var kind: ProviderKind
        var port: Int
    }

    /// A server that answered, with the models it lists.
    struct Found: Sendable, Equatable {
        var kind: ProviderKind
        /// The base URL config.toml takes for this provider (`…/v1`).
        var baseURL: String
        var models: [String]
        /// The provider's usual place: no base_url needs writing.
        var isDefaultPort: Bool
    }

    static let defaultTargets = [Target(kind: .ollama, port: 11434), Target(kind: .llamacpp, port: 8080), Target(kind: .lmstudio, port: 1234)]
    static let defaultPorts: [ProviderKind: Int] = [.ollama: 11434, .llamacpp: 8080, .lmstudio: 1234]

    var targets = LocalServerProbe.defaultTargets
    var timeout: TimeInterval = 1.5
    var transport = ProviderTransport(connectTimeout: 1)

    /// `AIHELPER_LOCAL_PORTS="ollama=PORT,llamacpp=PORT,lmstudio=PORT"` moves the probes (tests).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let spec = environment["AIHELPER_LOCAL_PORTS"], !spec.isEmpty else { return }
        targets = spec.split(separator: ",").compactMap { pair in
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let kind = ProviderKind(name: String(parts[0])), let port = Int(parts[1]) else { return nil }
            return Target(kind: kind, port: port)
        }
    }

    /// The servers that answered, in the order of `targets`.
    func probe() async -> [Found] {
        await withTaskGroup(of: (Int, Found?).self) { group in
            for (i, target) in targets.enumerated() { group.addTask { (i, await probe(target)) } }
            var found: [(Int, Found)] = []
            for await (i, result) in group { if let result { found.append((i, result)) } }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    private func probe(_ target: Target) async -> Found? {
        let root = "http://127.0.0.1:\(target.port)"
        let isOllama = target.kind == .ollama || target.kind == .ollamaNative
        guard let url = URL(string: root + (isOllama ? "/api/tags" : "/v1/models")),
              let answer = try? await transport.fetch(ProviderHTTPRequest(method: "GET", url: url), provider: target.kind, totalTimeout: timeout),
              (200..<300).contains(answer.status),
              let list = isOllama ? ModelLists.parseOllamaTags(answer.body) : ModelLists.parseOpenAI(answer.body) else { return nil }
        return Found(kind: target.kind, baseURL: root + "/v1", models: list.models.map(\.id),
                     isDefaultPort: Self.defaultPorts[target.kind] == target.port)
    }
}
