import XCTest
import Providers
@testable import App

/// `api_key_command`: real small shell commands through `KeyCommand.run`, and the key's place
/// among credentials.toml and the environment.
final class KeyCommandTests: XCTestCase {
    func testTheKeyIsTheFirstLineTrimmed() {
        XCTAssertEqual(KeyCommand.run("printf 'sk-test\\n'"), .success("sk-test"))
        XCTAssertEqual(KeyCommand.run("printf '  sk-first \\nsk-second\\n'"), .success("sk-first"))
        XCTAssertEqual(KeyCommand.run("printf sk-no-newline"), .success("sk-no-newline"))
    }

    func testAFailingCommandGivesItsStatusNeverItsOutput() throws {
        XCTAssertEqual(KeyCommand.run("exit 3"), .failure(.exitStatus(3)))
        let result = KeyCommand.run("printf 'sk-leaked-0123\\n'; exit 3")
        XCTAssertEqual(result, .failure(.exitStatus(3)))
        guard case .failure(let failure) = result else { return XCTFail() }
        let error = KeyCommand.error(failure, provider: .openai)
        XCTAssertEqual(error.message, "The api_key_command for OpenAI failed with exit status 3.")
        XCTAssertFalse(error.description.contains("sk-leaked"), error.description)
        XCTAssertEqual(KeyCommand.run("kill -TERM $$"), .failure(.signal(SIGTERM)))
    }

    func testNothingPrintedAndNoStdinAreErrorsNotWaits() {
        XCTAssertEqual(KeyCommand.run("true"), .failure(.empty))
        XCTAssertEqual(KeyCommand.run("printf 'sk-\\033[31mred\\n'"), .failure(.notText), "an escape sequence is no key")
        XCTAssertEqual(KeyCommand.run("printf 'sk-a\\000b\\n'"), .failure(.notText), "nor a NUL")
        XCTAssertEqual(KeyCommand.error(.notText, provider: .openai).message, "The api_key_command for OpenAI printed control characters, not a key.")
        XCTAssertEqual(KeyCommand.run("printf '\\n  \\n'"), .failure(.empty))
        let started = Date()
        XCTAssertEqual(KeyCommand.run("cat", timeout: 5), .failure(.empty), "stdin is /dev/null: cat ends at once")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertEqual(KeyCommand.error(.empty, provider: .anthropic).message, "The api_key_command for Anthropic printed nothing.")
    }

    /// A command that hangs is killed at the timeout, with what it started (its process group):
    /// also one that closed its stdout, and one whose child keeps stdout open.
    func testAHangingCommandIsKilledAtTheTimeout() throws {
        for command in ["sleep 30", "exec >&-; sleep 30", "sleep 30 & printf sk-early; wait"] {
            let started = Date()
            XCTAssertEqual(KeyCommand.run(command, timeout: 0.5), .failure(.timedOut(0.5)), command)
            XCTAssertLessThan(Date().timeIntervalSince(started), 3, command)
        }
        let marker = "sleep 31.\(getpid())"
        _ = KeyCommand.run("sleep 31.\(getpid()) & wait", timeout: 0.3)
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, Self.processes().contains(marker) { usleep(20_000) }
        XCTAssertFalse(Self.processes().contains(marker), "the command's child was killed with it")
        XCTAssertEqual(KeyCommand.error(.timedOut(10), provider: .openai).message,
                       "The api_key_command for OpenAI printed no key within 10 s and was stopped.")
    }

    /// The command wins over credentials.toml and the environment; a failing one is the
    /// provider's error, not a silent fall back to another key.
    func testTheCommandsKeyWinsAndItsFailureIsTheProvidersError() throws {
        let (parsed, warning) = AppConfig.parse("""
            provider = "openai"
            [providers.openai]
            api_key_command = "printf 'sk-from-command\\n'"
            [providers.anthropic]
            api_key_command = "exit 7"
            """, path: "c.toml")
        XCTAssertNil(warning)
        var config = parsed
        config.providers.apiKeys = [.openai: "sk-from-credentials", .anthropic: "sk-from-credentials"]
        let environment = ["OPENAI_API_KEY": "sk-from-environment", "ANTHROPIC_API_KEY": "sk-from-environment"]
        let openai = try ProviderChecks.settings(.openai, config: config, environment: environment)
        XCTAssertEqual(openai.apiKey, "sk-from-command")
        XCTAssertEqual(openai.keySource, .command)
        XCTAssertThrowsError(try ProviderChecks.settings(.anthropic, config: config, environment: environment)) { error in
            XCTAssertEqual((error as? ProviderError)?.message, "The api_key_command for Anthropic failed with exit status 7.")
            XCTAssertEqual((error as? ProviderError)?.kind, .missingKey)
        }
        let choice = AppServices.chooseProvider(config: config, flags: ProviderFlags(provider: "anthropic"), environment: environment)
        XCTAssertEqual(choice.problem?.message, "The api_key_command for Anthropic failed with exit status 7.")
        let gemini = try ProviderChecks.settings(.gemini, config: config, environment: ["GEMINI_API_KEY": "g-key"])
        XCTAssertEqual(gemini.keySource, .environment("GEMINI_API_KEY"), "no command: the usual keys")
    }

    /// The settings screen does not run the command to draw itself; the key field's hint says
    /// the key comes from it (a key typed there would lose to it), English and Chinese.
    func testTheSettingsHintNamesTheCommand() {
        var values = SettingsValues()
        values.provider = .openai
        let stored: [ProviderKind: String] = [.openai: "sk-…7f3a (credentials.toml)"]
        let screen = SettingsScreen(values, themes: ["dark"], storedKeys: stored, keyCommands: [.openai])
        let hint = screen.form.fields.first { $0.id == SettingsScreen.Field.apiKey.rawValue }?.hint ?? ""
        XCTAssertTrue(hint.hasPrefix("from api_key_command in config.toml"), hint)
        XCTAssertFalse(hint.contains("sk-…7f3a"), hint)
        let plain = SettingsScreen(values, themes: ["dark"], storedKeys: stored)
        XCTAssertTrue((plain.form.fields.first { $0.id == SettingsScreen.Field.apiKey.rawValue }?.hint ?? "").contains("sk-…7f3a"))
        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        let zh = SettingsScreen(values, themes: ["dark"], storedKeys: stored, keyCommands: [.openai])
        XCTAssertTrue((zh.form.fields.first { $0.id == SettingsScreen.Field.apiKey.rawValue }?.hint ?? "").contains("api_key_command，"))
    }

    private static func processes() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/ps")
        process.arguments = ["-eo", "args"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
