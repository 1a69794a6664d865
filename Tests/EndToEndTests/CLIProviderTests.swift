import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper ask`, `keys check`, `models` and `usage` with real providers: the binary against the loopback peer.
final class CLIProviderTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private static let sentence = "Hello from the loopback server: café, naïve, 日本語 and 🙂 — all in one answer."
    private var cli: CLIRunner { CLIRunner(home: home) }

    /// The variables (or config) a user sets for `provider` to reach the peer.
    private func setup(_ provider: String) throws -> (arguments: [String], environment: [String: String]) {
        let base = try Self.peer.get().baseURL
        switch provider {
        case "openai": return ([], ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "x"])
        case "anthropic": return ([], ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "x"])
        case "gemini": return ([], ["GEMINI_BASE_URL": base, "GEMINI_API_KEY": "x"])
        case "ollama", "ollama-native": return ([], ["OLLAMA_HOST": base])
        default:
            let config = home + "/\(provider).toml"
            try "[providers.\(provider)]\nbase_url = \"\(base)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            return (["--config", config], [:])
        }
    }

    func testAskStreamsTheAnswerFromEveryProvider() throws {
        for provider in ["openai", "anthropic", "gemini", "ollama", "ollama-native", "llamacpp-raw"] {
            let (arguments, environment) = try setup(provider)
            let result = try cli.run(["ask", "--provider", provider] + arguments + ["hi"], environment: environment)
            XCTAssertEqual(result.status, 0, "\(provider): \(result.err)")
            XCTAssertEqual(result.out, Self.sentence + "\n", provider)
        }
        let usage = try cli.run(["usage"])
        XCTAssertEqual(usage.status, 0, usage.err)
        let lines = usage.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + 6 + 1, usage.out)   // header, one line per provider, total
        XCTAssertTrue(lines.contains { $0.contains("openai") && $0.contains("gpt-4.1-mini") && $0.contains("19") }, usage.out)
        XCTAssertTrue(lines.last!.hasPrefix("total") && lines.last!.contains(" 6 "), usage.out)
        let json = try cli.run(["usage", "--json", "--days", "1"])
        XCTAssertEqual(json.status, 0, json.err)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]], json.out)
        XCTAssertEqual(rows.count, 6, "one per provider and model, no total row: \(json.out)")
        let openai = try XCTUnwrap(rows.first { $0["provider"] as? String == "openai" }, json.out)
        XCTAssertEqual(openai["model"] as? String, "gpt-4.1-mini")
        XCTAssertEqual(openai["outputTokens"] as? Int, 19)
        XCTAssertEqual(openai["answers"] as? Int, 1)
        XCTAssertNotNil(openai["cost"] as? Double)
        XCTAssertEqual(openai["day"] as? String, lines[1].split(separator: " ").first.map(String.init))
        XCTAssertEqual(try cli.run(["usage", "--days", "0"]).status, 2, "a bad argument")
    }

    func testAskJSONPrintsOneParsableObjectPerEvent() throws {
        let (_, environment) = try setup("anthropic")
        let result = try cli.run(["ask", "--json", "--provider", "anthropic", "--model", "claude-haiku-4-5", "hi"], environment: environment)
        XCTAssertEqual(result.status, 0, result.err)
        let objects = try result.out.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
        let text = objects.filter { $0["type"] as? String == "text" }.compactMap { $0["text"] as? String }.joined()
        XCTAssertEqual(text, Self.sentence)
        let usage = try XCTUnwrap(objects.first { $0["type"] as? String == "usage" })
        XCTAssertEqual(usage["output_tokens"] as? Int, 19)
        XCTAssertGreaterThan(usage["cost"] as? Double ?? 0, 0, "claude-haiku-4-5 has a price")
        XCTAssertEqual(objects.last?["type"] as? String, "done")
        XCTAssertEqual(objects.last?["status"] as? String, "complete")
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        XCTAssertEqual(try db.usageByDay().first?.model, "claude-haiku-4-5", "--model is used and stored")
    }

    func testAskJSONReportsAToolCallAndAnError() throws {
        let (_, environment) = try setup("openai")
        let result = try cli.run(["ask", "--json", "--provider", "openai", "weather [script:tool] [fault:drop]"], environment: environment)
        XCTAssertEqual(result.status, 1)
        let types = result.out.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["type"] as? String
        }
        XCTAssertEqual(types.suffix(2), ["error", "done"], result.out)
        let tool = try cli.run(["ask", "--json", "--provider", "openai", "weather [script:tool]"], environment: environment)
        XCTAssertTrue(tool.out.contains(#""name":"get_weather","type":"tool_call""#), tool.out)
        XCTAssertTrue(tool.out.contains(#""type":"tool_result""#), tool.out)
    }

    /// A limit stops the turn before a final answer: that is a failed answer (docs/agent.md), exit 1.
    func testAStepLimitStopIsAFailedAnswerWithExitOne() throws {
        let (_, environment) = try setup("openai")
        try "step_limit = 1\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let json = try cli.run(["ask", "--json", "--provider", "openai", "please [script:agent:wander]"], environment: environment)
        XCTAssertEqual(json.status, 1, json.out + json.err)
        let objects = json.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(objects.suffix(2).map { $0["type"] as? String }, ["error", "done"], json.out)
        XCTAssertEqual(objects.dropLast().last?["message"] as? String, "Stopped at the step limit (1 model call) before a final answer.")
        XCTAssertNotEqual(objects.last?["status"] as? String, "complete", json.out)
        let plain = try cli.run(["ask", "--provider", "openai", "please [script:agent:wander]"], environment: environment)
        XCTAssertEqual(plain.status, 1, plain.out + plain.err)
        XCTAssertTrue(plain.err.contains("Stopped at the step limit (1 model call)"), plain.err)
    }

    /// A server that takes the request and never answers costs one idle timeout, not four
    /// tries; the final errors name no TUI key and promise no more retries.
    func testAStallFailsOnceAndFinalErrorsNameNoTUIKey() throws {
        let (_, environment) = try setup("openai")
        try "idle_timeout = 1\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let started = Date()
        let stalled = try cli.run(["ask", "--provider", "openai", "hi [fault:hang]"], environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "one idle timeout of 1 s: \(stalled.err)")
        XCTAssertEqual(stalled.status, 1)
        XCTAssertTrue(stalled.err.contains("OpenAI sent nothing for 1 s, so the request was given up"), stalled.err)
        let overloaded = try cli.run(["ask", "--provider", "openai", "hi [fault:529:0]"], environment: environment)
        XCTAssertEqual(overloaded.status, 1)
        XCTAssertTrue(overloaded.err.contains("Still failing after 3 retries."), overloaded.err)
        for result in [stalled, overloaded] {
            XCTAssertNil(result.err.range(of: #"retrying|\bpress r\b|\bwith r\b|/retry"#, options: [.regularExpression, .caseInsensitive]), result.err)
            XCTAssertEqual(result.out, "", "a failure before any text leaves stdout empty")
        }
    }

    /// `fallback = true` with the chosen provider refusing: the Offline assistant answers the
    /// whole turn (a tool call, then the answer), OpenAI is asked once, the note printed once.
    func testAFallbackTurnAsksTheChainOnceAndSaysSoOnce() throws {
        let peer = try Self.peer.get()
        try "provider = \"openai\"\nfallback = true\nfallback_local = \"offline\"\n"
            .write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let before = try peer.control("/_stats")["requests"] as? Int ?? 0
        let result = try cli.run(["ask", "what's on this week"],
                                 environment: ["OPENAI_BASE_URL": peer.baseURL + "/v1", "OPENAI_API_KEY": "sk-invalid-key-0123456789"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.components(separatedBy: "OpenAI is unavailable").count - 1, 1, result.out)
        XCTAssertTrue(result.err.contains("list_tasks"), "the Offline assistant called a tool: \(result.err)")
        XCTAssertEqual((try peer.control("/_stats")["requests"] as? Int ?? 0) - before, 1, "OpenAI was asked once")
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let answer = try XCTUnwrap(try db.messages(conversationId: try XCTUnwrap(db.latestConversation()).id!).last)
        XCTAssertEqual(answer.provider, "offline")
    }

    func testMissingKeyNamesTheVariableAndExitsWithOne() throws {
        let result = try cli.run(["ask", "--provider", "anthropic", "hi"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("ANTHROPIC_API_KEY"), result.err)
        XCTAssertTrue(result.err.contains("console.anthropic.com/settings/keys"), result.err)
        XCTAssertEqual(result.out, "")
    }

    func testFailureAfterPartialTextKeepsItAndExitsWithOne() throws {
        let (_, environment) = try setup("gemini")
        let result = try cli.run(["ask", "--provider", "gemini", "hi [fault:drop]"], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.hasPrefix("Hello"), result.out)
        XCTAssertTrue(result.err.contains("partial answer is kept"), result.err)
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let conversation = try XCTUnwrap(try db.conversations(limit: 1).first)
        let answer = try XCTUnwrap(try db.messages(conversationId: conversation.id!).last)
        XCTAssertEqual(answer.status, .interrupted)
        XCTAssertEqual(answer.content + "\n", result.out)
    }

    func testKeysCheckReportsValidInvalidAndUnreachableWithoutPrintingTheKey() throws {
        let base = try Self.peer.get().baseURL
        let good = try cli.run(["keys", "check", "openai"], environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-good-key-0123456789"])
        XCTAssertEqual(good.status, 0, good.err)
        XCTAssertEqual(good.out, "openai: valid (key from OPENAI_API_KEY).\n")
        let bad = try cli.run(["keys", "check"], environment: ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "sk-invalid-key-0123456789"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.out.hasPrefix("anthropic: invalid (key from ANTHROPIC_API_KEY): Anthropic rejected the API key (401)"), bad.out)
        XCTAssertFalse(bad.out.contains("sk-invalid-key-0123456789"), bad.out)
        let down = try cli.run(["keys", "check", "gemini"], environment: ["GEMINI_BASE_URL": "http://127.0.0.1:9", "GEMINI_API_KEY": "sk-some-key-0123456789"])
        XCTAssertEqual(down.status, 1)
        XCTAssertTrue(down.out.hasPrefix("gemini: network error: Could not reach Gemini"), down.out)
        XCTAssertFalse(down.out.contains("sk-some-key"), down.out)
    }

    func testModelsListsLiveCachesForADayAndFallsBackToTheCatalog() throws {
        let base = try Self.peer.get().baseURL
        let env = ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "x"]
        let live = try cli.run(["models", "openai"], environment: env)
        XCTAssertEqual(live.status, 0, live.err)
        XCTAssertFalse(live.out.isEmpty)
        let cached = try FileManager.default.contentsOfDirectory(atPath: home + "/cache").filter { $0.hasPrefix("models-openai-") }
        XCTAssertEqual(cached.count, 1)
        XCTAssertTrue(live.out.contains("gpt-4.1 ") && live.out.contains("$2.00 in / $8.00 out per 1M"), live.out)
        // The second run reads the cache (a list the server does not have proves it), --refresh asks again.
        let file = home + "/cache/" + cached[0]
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "gpt-4o-mini", with: "only-in-cache").write(toFile: file, atomically: true, encoding: .utf8)
        let again = try cli.run(["models", "openai"], environment: env)
        XCTAssertTrue(again.out.contains("only-in-cache"), again.out)
        let refreshed = try cli.run(["models", "openai", "--refresh"], environment: env)
        XCTAssertEqual(refreshed.out, live.out)
        let offline = try cli.run(["models", "anthropic"], environment: ["ANTHROPIC_BASE_URL": "http://127.0.0.1:9", "ANTHROPIC_API_KEY": "x"])
        XCTAssertEqual(offline.status, 0)
        XCTAssertTrue(offline.out.contains("claude-sonnet-4-5"), "the built-in catalog: \(offline.out)")
        XCTAssertTrue(offline.err.contains("Showing the built-in catalog"), offline.err)
    }

    /// `models --json` and `keys check --json`: one JSON array each, parsed here, the exit codes
    /// those of the text output (0; 1 when a check fails; 2 for an unknown provider), the key never in it.
    func testModelsAndKeysCheckPrintJSONWithTheTextsExitCodes() throws {
        let base = try Self.peer.get().baseURL
        let env = ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-good-key-0123456789"]
        let models = try cli.run(["models", "openai", "--json"], environment: env)
        XCTAssertEqual(models.status, 0, models.err)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(models.out.utf8)) as? [[String: Any]], models.out)
        XCTAssertEqual(list.map { $0["id"] as? String }, ["gpt-4.1", "gpt-4o-mini", "o4-mini"])
        let known = try XCTUnwrap(list.first { $0["id"] as? String == "gpt-4.1" })
        XCTAssertEqual(known["inputPrice"] as? Double, 2)
        XCTAssertEqual(known["outputPrice"] as? Double, 8)
        XCTAssertNotNil(known["contextWindow"] as? Int)
        XCTAssertNotNil(known["tier"] as? String)

        let good = try cli.run(["keys", "check", "openai", "--json"], environment: env)
        XCTAssertEqual(good.status, 0, good.err)
        let goodList = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(good.out.utf8)) as? [[String: Any]], good.out)
        XCTAssertEqual(goodList.count, 1)
        XCTAssertEqual(goodList[0]["provider"] as? String, "openai")
        XCTAssertEqual(goodList[0]["status"] as? String, "valid")
        XCTAssertEqual(goodList[0]["keySource"] as? String, "OPENAI_API_KEY")
        XCTAssertNil(goodList[0]["message"])

        let bad = try cli.run(["keys", "check", "--json"], environment: ["ANTHROPIC_BASE_URL": base, "ANTHROPIC_API_KEY": "sk-invalid-key-0123456789"])
        XCTAssertEqual(bad.status, 1)
        let badList = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bad.out.utf8)) as? [[String: Any]], bad.out)
        XCTAssertEqual(badList.first?["status"] as? String, "invalid", bad.out)
        XCTAssertTrue((badList.first?["message"] as? String ?? "").hasPrefix("Anthropic rejected the API key (401)"), bad.out)
        XCTAssertFalse(bad.out.contains("sk-invalid-key-0123456789"), bad.out)

        let none = try cli.run(["keys", "check", "--json"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(none.out.utf8)) as? [Any])?.count, 0, none.out)
        let unknown = try cli.run(["models", "nope", "--json"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.out, "")
    }

    /// `api_key_command` wins over credentials.toml and the environment: `ask` sends its key in
    /// the Authorization header, `keys check` names where it came from, and the key is in no
    /// file the app wrote (the database, its WAL, the cache) nor in any output.
    func testTheKeyFromApiKeyCommandIsSentAndNeverStored() throws {
        let peer = try Self.peer.get()
        let key = "sk-from-command-7f3a9c2e5b"
        try """
            provider = "openai"
            [providers.openai]
            base_url = "\(peer.baseURL)/v1"
            api_key_command = "printf '\(key)\\n'"
            """.write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        try "openai = \"sk-from-credentials-0123456789\"\n".write(toFile: home + "/credentials.toml", atomically: true, encoding: .utf8)
        let env = ["OPENAI_API_KEY": "sk-from-environment-0123456789"]
        let asked = try cli.run(["ask", "hi"], environment: env)
        XCTAssertEqual(asked.status, 0, asked.err)
        XCTAssertEqual(asked.out, Self.sentence + "\n")
        let request = try XCTUnwrap(try peer.requests().last { ($0["path"] as? String ?? "").hasSuffix("/chat/completions") })
        XCTAssertEqual((request["headers"] as? [String: Any])?["authorization"] as? String, "Bearer " + key)
        let checked = try cli.run(["keys", "check", "openai"], environment: env)
        XCTAssertEqual(checked.out, "openai: valid (key from api_key_command).\n", checked.err)
        _ = try cli.run(["models", "openai", "--refresh"], environment: env)
        for result in [asked, checked] { XCTAssertFalse((result.out + result.err).contains(key)) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: home).filter { !$0.hasSuffix(".toml") }
        XCTAssertTrue(files.contains("aihelper.sqlite"), "\(files)")
        for file in files {
            guard let bytes = FileManager.default.contents(atPath: home + "/" + file) else { continue }
            XCTAssertNil(bytes.range(of: Data(key.utf8)), "the key is in \(file)")
        }

        // A failing command is the error, never a quiet fall back to another key.
        try "provider = \"openai\"\n[providers.openai]\nbase_url = \"\(peer.baseURL)/v1\"\napi_key_command = \"printf oops; exit 3\"\n"
            .write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let failed = try cli.run(["ask", "hi"], environment: env)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.err.contains("The api_key_command for OpenAI failed with exit status 3."), failed.err)
        XCTAssertFalse(failed.err.contains("oops"), failed.err)
    }
}
