import Foundation
import Core
import Providers
import Storage
import Tools
import TestSupport
@testable import Agent

/// Agents that talk to the loopback peer (Tests/Peers), for the agent tests.
enum PeerAgents {
    static let peer = Result { try PeerServer.providers() }

    /// An agent on `kind`'s wire format; retries are fast, so fault tests take milliseconds.
    static func agent(_ kind: ProviderKind = .openai, database: AppDatabase, tools: ToolRegistry = .builtIn(),
                      config: AgentConfig = AgentConfig(), externalTools: (any ExternalToolSource)? = nil) throws -> Agent {
        let base = try peer.get().baseURL
        let environment = kind == .anthropic ? ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "test-key-123456"]
                                             : ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "test-key-123456"]
        let settings = try ProviderResolver.resolve(environment: environment, config: ProviderConfigValues(provider: kind.rawValue))
        let provider = RemoteProvider(settings: settings, transport: ProviderTransport(connectTimeout: 5, idleTimeout: 10),
                                      retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: 0.01, jitter: 0))
        return Agent(provider: provider, tools: tools, database: database, config: config, externalTools: externalTools)
    }

    /// The peer's record of the last provider request (its JSON body under "body").
    static func lastRequestBody() throws -> [String: Any] {
        (try peer.get().control("/_last_request")["body"] as? [String: Any]) ?? [:]
    }
}

/// The events a turn emitted, collected from whatever thread emits them.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [AgentEvent] = []
    func add(_ e: AgentEvent) { lock.withLock { items.append(e) } }
    var all: [AgentEvent] { lock.withLock { items } }
}
