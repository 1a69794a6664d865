import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// The full-screen app with a real provider: the binary in tmux, streaming from the loopback peer.
final class TUIProviderTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    func testAnswerStreamsFromThePeerIntoTheChat() throws {
        try "provider = \"openai\"\nmodel = \"gpt-4.1-mini\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        try session.type("hello there [script:long:40:80]")
        try session.press("Enter")
        let streaming = session.waitFor("the answer streaming") { $0.contains("t3 ") && $0.contains("Esc cancel") }
        XCTAssertFalse(streaming.contains("t39"), "seen while it still streams:\n\(streaming)")
        session.waitFor("the whole answer", timeout: 15) { $0.contains("t39") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let conversation = try XCTUnwrap(try db.conversations(limit: 1).first)
        let answer = try XCTUnwrap(try db.messages(conversationId: conversation.id!).last)
        XCTAssertEqual(answer.status, .complete)
        XCTAssertEqual(answer.content, (0..<40).map { "t\($0) " }.joined())
        XCTAssertEqual(answer.provider, "openai")
        XCTAssertEqual(answer.outputTokens, 40)
    }

    /// A stall before the first byte fails once, after the idle timeout, saying so and how to
    /// ask again; `r` asks again and gets the answer.
    func testAStallFailsWithinTheIdleTimeoutAndRAsksAgain() throws {
        try "provider = \"openai\"\nidle_timeout = 1\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(width: 120, height: 40, environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        try session.type("hi [fault:hang-once]")
        try session.press("Enter")
        let failed = session.waitFor("the stall's error", timeout: 6) {
            $0.contains("OpenAI sent nothing for 1 s") && $0.contains("Press r or type /retry") && !$0.contains("Esc cancel")
        }
        XCTAssertFalse(failed.contains("Retrying in"), failed)
        try session.type("r")
        session.waitFor("the answer after r", timeout: 10) { $0.contains("Hello from the loopback server") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// With `fallback = true` and OpenAI refusing, the Offline assistant answers: the badge says
    /// so, not "OpenAI · online"; the note is in the answer once.
    func testTheBadgeNamesTheFallbackThatAnswers() throws {
        try "provider = \"openai\"\nfallback = true\nfallback_local = \"offline\"\n"
            .write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(width: 120, height: 40, environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1",
                                                                "OPENAI_API_KEY": "sk-invalid-key-0123456789"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        try session.type("what's on this week")
        try session.press("Enter")
        let answered = session.waitFor("the answer", timeout: 10) { $0.contains("list_tasks") && !$0.contains("Esc cancel") }
        XCTAssertTrue(answered.contains(" Offline assistant "), answered)
        XCTAssertFalse(answered.contains("OpenAI · "), answered)
        XCTAssertEqual(answered.components(separatedBy: "OpenAI is unavailable").count - 1, 1, answered)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    func testMissingKeyIsShownAndTheAppKeepsRunningOffline() throws {
        try "provider = \"anthropic\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(width: 200, height: 40)
        let screen = session.waitFor("the missing-key notice") { $0.contains("ANTHROPIC_API_KEY") }
        XCTAssertTrue(screen.contains(" Offline "), "the offline assistant answers meanwhile:\n\(screen)")
        try session.type("help")
        try session.press("Enter")
        session.waitFor("the offline answer") { $0.contains("built-in offline assistant") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// `--provider openai` and a config.toml without a provider line: saving a key in the settings
    /// keeps OpenAI answering and writes it to the file (it used to fall back to Offline).
    func testSavingAKeyKeepsTheProviderInUseAndWritesIt() throws {
        let peer = try Self.peer.get()
        try "# mine\nstep_limit = 4\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
        let session = TmuxSession(home: home)
        try session.start(width: 140, height: 36, environment: ["OPENAI_BASE_URL": peer.baseURL + "/v1", "OPENAI_API_KEY": "sk-env-0123456789"],
                          arguments: ["--provider", "openai"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        try session.press("F2")
        session.waitFor("the settings") { $0.contains("API key") }
        try session.press("Tab")
        try session.press("Tab")
        try session.type("sk-typed-0123456789")
        try session.press("Enter")
        let saved = session.waitFor("the key saved") { $0.contains("Saved as") || $0.contains("saved as") }
        let statusBar = saved.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(statusBar.hasPrefix(" OpenAI "), "still OpenAI after the save:\n\(saved)")
        XCTAssertFalse(saved.contains(" Offline "), saved)
        let config = try String(contentsOfFile: home + "/config.toml", encoding: .utf8)
        XCTAssertTrue(config.contains("provider = \"openai\""), config)
        XCTAssertTrue(config.hasPrefix("# mine\nstep_limit = 4\n"), config)
        try session.type("hello")
        try session.press("Enter")
        session.waitFor("the answer from the peer") { $0.contains("Hello from the loopback server") && !$0.contains("Esc cancel") }
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    /// Starts offline, switches with /provider and /model, checks the key, and waits out a 429
    /// with the countdown on the status bar.
    func testSwitchingProviderAndModelCheckingTheKeyAndCountingDownARetry() throws {
        let peer = try Self.peer.get()
        let session = TmuxSession(home: home)
        try session.start(width: 140, height: 36, environment: ["OPENAI_BASE_URL": peer.baseURL + "/v1", "OPENAI_API_KEY": "sk-e2e-0123456789"])
        session.waitFor("the offline badge") { $0.contains(" Offline ") }

        try session.type("/provider")
        try session.press("Enter")
        let picker = session.waitFor("the provider picker") { $0.contains("Provider") && $0.contains("needs ANTHROPIC_API_KEY") }
        XCTAssertTrue(picker.split(separator: "\n").contains { $0.contains("OpenAI (openai)") && $0.contains("key set") }, picker)
        try session.type("openai")
        try session.press("Enter")
        session.waitFor("the switch") { $0.contains(" OpenAI ") && $0.contains("Now answering with OpenAI") }

        try session.type("/model")
        try session.press("Enter")
        session.waitFor("the live model list") { $0.contains("models, live list") && $0.contains("gpt-4o-mini") }
        try session.type("4o-mini")
        try session.press("Enter")
        session.waitFor("the model switch") { $0.contains("Now answering with OpenAI · gpt-4o-mini") }

        try session.type("/keys")
        try session.press("Enter")
        let checked = session.waitFor("the key check") { $0.contains("The OpenAI key is valid.") }
        XCTAssertFalse(checked.contains("sk-e2e-0123456789"), "the key never reaches the screen")

        try session.type("hello [fault:429-once:3]")
        try session.press("Enter")
        session.waitFor("the countdown") { $0.contains("Retrying in 3 s") || $0.contains("Retrying in 2 s") }
        session.waitFor("a later second of the countdown") { $0.contains("Retrying in 1 s") }
        let done = session.waitFor("the answer after the wait", timeout: 15) { $0.contains("Hello from the loopback server") && !$0.contains("Esc cancel") }
        XCTAssertTrue(done.contains(" tok"), "the status bar shows the conversation's tokens:\n\(done)")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let answer = try XCTUnwrap(try db.messages(conversationId: try XCTUnwrap(db.latestConversation()).id!).last)
        XCTAssertEqual(answer.status, .complete)
        XCTAssertEqual(answer.model, "gpt-4o-mini")
    }
}
