import Foundation
import Storage
import Providers
import Tools
import Agent

public enum AppInfo {
    public static let version = "0.1.0"
}

/// Wires the parts the same way for the TUI and the CLI.
public enum AppServices {
    /// The agent with the offline assistant.
    public static func makeAgent(database: AppDatabase, config: AppConfig = AppConfig(),
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> Agent {
        makeAgent(database: database, config: config, provider: offlineProvider(environment))
    }

    /// The agent with `provider` (see `chooseProvider`).
    public static func makeAgent(database: AppDatabase, config: AppConfig, provider: any ChatProvider,
                                 externalTools: (any ExternalToolSource)? = nil) -> Agent {
        var agentConfig = AgentConfig(stepLimit: config.stepLimit)
        agentConfig.offerAllTools = config.offerAllTools
        agentConfig.autoApprove = config.autoApprove
        agentConfig.autoSummaryThreshold = config.autoSummaryThreshold
        agentConfig.filesFolder = filesFolder(config)
        if let persona = Persona.prompt(for: config.persona) { agentConfig.persona = persona }
        agentConfig.temperature = config.temperature
        agentConfig.maxTokens = config.maxTokens
        return Agent(provider: provider, tools: ToolRegistry.builtIn(enabled: Set(config.toolsets)), database: database, config: agentConfig,
                     externalTools: externalTools)
    }

    /// The file tools' folder (`config.filesFolder`, already resolved), made on first use so the
    /// file tools work at once; a folder that cannot be made leaves them answering that it is missing.
    public static func filesFolder(_ config: AppConfig) -> URL? {
        guard let folder = config.filesFolder else { return nil }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// The offline assistant: its words paced as a model streams them (`paced`), or sent at once.
    /// `AIHELPER_OFFLINE_WORD_DELAY_MS` sets the pace either way (the end-to-end tests use it to
    /// kill the app mid-answer).
    static func offlineProvider(_ environment: [String: String], paced: Bool = true) -> OfflineProvider {
        guard let ms = environment["AIHELPER_OFFLINE_WORD_DELAY_MS"].flatMap(Int.init), (0...5000).contains(ms) else {
            return paced ? OfflineProvider() : OfflineProvider(wordDelay: .zero)
        }
        return OfflineProvider(wordDelay: .milliseconds(ms))
    }
}
