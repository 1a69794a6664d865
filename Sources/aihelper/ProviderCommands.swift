import Foundation
import ArgumentParser
import App
import Providers
import Core
import Storage

/// `aihelper keys check [provider]`.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Check API keys.", subcommands: [Check.self], defaultSubcommand: Check.self)

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check that a provider accepts its key (asks its models list; the key is never printed).",
            discussion: "With no provider: every provider that has a key in the environment or an api_key_command, and the configured one. Exit code 1 when a key is missing, invalid or the provider cannot be reached, 2 for an unknown provider.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "openai, anthropic, gemini, openrouter, or a local server's name.")
        var provider: String?

        @Flag(name: .long, help: "Print JSON: an array of {provider, status, keySource, message, retryAfter}.") var json = false

        func run() async throws {
            let config = AppConfig.load(path: global.paths.config).config
            let environment = ProcessInfo.processInfo.environment
            var kinds: [ProviderKind]
            if let provider {
                guard let kind = ProviderKind(name: provider) else { throw fail("unknown provider '\(provider)'.", code: 2) }
                kinds = [kind]
            } else {
                kinds = ProviderResolver.providersWithKeys(environment: environment)
                let configured = config.providers.provider.flatMap(ProviderKind.init(name:)).map { [$0] } ?? []
                let commands = config.providers.perProvider.filter { $0.value.apiKeyCommand != nil }.keys.sorted { $0.rawValue < $1.rawValue }
                for kind in configured + commands where !kinds.contains(kind) { kinds.append(kind) }
                kinds.removeAll { $0 == .offline }
            }
            var reports: [KeyCheckJSON] = []
            for kind in kinds { reports.append(await Self.check(kind, config: config, environment: environment)) }
            printRecords(reports, json: json, shape: { $0 }, none: Self.noProvider, line: \.line)
            if reports.isEmpty || !reports.allSatisfy(\.good) { throw ExitCode(1) }
        }

        static let noProvider = "No provider has a key. Set OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY, or name one: aihelper keys check openai"

        static func check(_ kind: ProviderKind, config: AppConfig, environment: [String: String]) async -> KeyCheckJSON {
            let name = kind.rawValue
            if kind == .offline { return KeyCheckJSON(provider: name, status: "no_key_needed") }
            let settings: ProviderSettings
            do { settings = try ProviderChecks.settings(kind, config: config, environment: environment) } catch {
                return KeyCheckJSON(provider: name, status: "not_set_up", message: (error as? ProviderError)?.description ?? "\(error)")
            }
            let source: String?
            switch settings.keySource {
            case .environment(let variable): source = variable
            case .credentials: source = "credentials.toml"
            case .command: source = "api_key_command"
            case nil: source = nil
            }
            switch await ProviderChecks.checkKey(settings) {
            case .valid:
                return KeyCheckJSON(provider: name, status: "valid", keySource: source)
            case .validRateLimited(let wait):
                return KeyCheckJSON(provider: name, status: "rate_limited", keySource: source, retryAfter: wait.map { Int($0.rounded(.up)) })
            case .invalid(let e): return KeyCheckJSON(provider: name, status: "invalid", keySource: source, message: e.description)
            case .unreachable(let e): return KeyCheckJSON(provider: name, status: "unreachable", keySource: source, message: e.description)
            case .failed(let e): return KeyCheckJSON(provider: name, status: "failed", keySource: source, message: e.description)
            }
        }
    }
}

/// `aihelper models [provider]`.
struct ModelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "List a provider's models (live, cached for a day; else the built-in catalog).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The provider (default: the configured one).")
    var provider: String?

    @Flag(name: .long, help: "Ask the provider again instead of using the day-old cache.")
    var refresh = false

    @Flag(name: .long, help: "Print JSON: an array of {id, contextWindow, maxOutputTokens, inputPrice, outputPrice, tier}.")
    var json = false

    func run() async throws {
        let config = AppConfig.load(path: global.paths.config).config
        let name = provider ?? config.providers.provider ?? "offline"
        guard let kind = ProviderKind(name: name) else { throw fail("unknown provider '\(name)'.", code: 2) }
        if kind == .offline {
            if json { return CLIData.printJSON([ModelJSON("offline-assistant", kind: kind)]) }
            Output.line("offline-assistant  (the built-in assistant; choose a provider with --provider or in config.toml)")
            return
        }
        var ids: [String]
        do {
            let settings = try ProviderChecks.settings(kind, config: config)
            let result = await ProviderChecks.models(settings, cacheFolder: global.paths.cache, refresh: refresh)
            ids = result.models
            if let problem = result.problem {
                Output.note("aihelper: could not list \(kind.displayName)'s models: \(problem.description) Showing the built-in catalog.")
            }
        } catch {
            Output.note("aihelper: \((error as? ProviderError)?.description ?? "\(error)") Showing the built-in catalog.")
            ids = ModelCatalog.models(for: kind).map(\.id)
        }
        printRecords(ids, json: json, shape: { ModelJSON($0, kind: kind) }, none: "\(kind.displayName) lists no models.") {
            Self.line(Sanitizer.clean($0), kind: kind)
        }
    }

    static func line(_ id: String, kind: ProviderKind) -> String {
        guard let info = ModelCatalog.find(id, provider: kind) else { return id }
        let context = info.contextWindow >= 1_000_000 ? "\(info.contextWindow / 1_000_000)M" : "\(info.contextWindow / 1000)k"
        return id.padding(toLength: max(id.count, 28), withPad: " ", startingAt: 0)
            + "  \(context) context  $\(UsageCommand.money(info.inputPrice)) in / $\(UsageCommand.money(info.outputPrice)) out per 1M  \(info.tier.rawValue)"
    }
}

/// `aihelper usage`.
struct UsageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage", abstract: "Print tokens and cost per day, provider and model.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Only the last N days.")
    var days: Int?

    @Flag(name: .long, help: "Print JSON: an array of {day, provider, model, answers, inputTokens, outputTokens, cost}.")
    var json = false

    func run() throws {
        if let days, days < 1 { throw fail("--days must be at least 1", code: 2) }
        let database: AppDatabase
        do { database = try AppDatabase.open(path: global.paths.database) } catch { throw fail("\(error)", code: 1) }
        let since = days.map { Calendar.current.date(byAdding: .day, value: -max(0, $0 - 1), to: Calendar.current.startOfDay(for: Date()))! }
        let rows = try database.usageByDay(since: since)
        if json { return CLIData.printJSON(rows.map(UsageJSON.init)) }
        if rows.isEmpty {
            Output.line("No usage recorded yet.")
            return
        }
        let header = ["day", "provider", "model", "answers", "input", "output", "cost"]
        // Provider and model names are the providers' words: cleaned before they are measured.
        var table = rows.map { r in
            [r.day, Sanitizer.clean(r.provider), Sanitizer.clean(r.model), "\(r.totals.answers)", "\(r.totals.inputTokens)", "\(r.totals.outputTokens)",
             "$" + Self.money(r.totals.cost)]
        }
        let total = rows.reduce(UsageTotals()) { t, r in
            UsageTotals(inputTokens: t.inputTokens + r.totals.inputTokens, outputTokens: t.outputTokens + r.totals.outputTokens,
                        cost: t.cost + r.totals.cost, answers: t.answers + r.totals.answers)
        }
        table.append(["total", "", "", "\(total.answers)", "\(total.inputTokens)", "\(total.outputTokens)", "$" + Self.money(total.cost)])
        let widths = header.indices.map { i in ([header] + table).map { $0[i].count }.max()! }
        for row in [header] + table {
            Output.line(row.enumerated().map { i, cell in
                i >= 3 ? String(repeating: " ", count: widths[i] - cell.count) + cell
                       : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }.joined(separator: "  "))
        }
    }

    static func money(_ value: Double) -> String {
        value == 0 ? "0" : value < 0.01 ? String(format: "%.6f", value) : String(format: "%.2f", value)
    }
}
