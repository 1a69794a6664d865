import Foundation
import ArgumentParser
import App
import Providers

/// `--provider` and `--model`, on the TUI and `ask` (they win over config.toml).
struct ProviderOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Model provider: offline, openai, anthropic, gemini, ollama, ollama-native, llamacpp, llamacpp-raw, lmstudio, vllm, openrouter, openai-compatible.", valueName: "name"))
    var provider: String?

    @Option(name: .long, help: ArgumentHelp("Model to use (see aihelper models).", valueName: "id"))
    var model: String?

    var flags: ProviderFlags { ProviderFlags(provider: provider, model: model) }

    func choose(config: AppConfig) -> ProviderChoice {
        AppServices.chooseProvider(config: config, flags: flags)
    }
}
