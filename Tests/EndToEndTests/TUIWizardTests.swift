import Foundation
import XCTest
import TestSupport

/// The first-run wizard in the real binary: a key checked against the loopback provider server,
/// a model chosen, the files written, and a first streamed answer.
final class TUIWizardTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    func testWizardFromLaunchToAStreamedAnswer() throws {
        let peer = try Self.peer.get()
        let session = TmuxSession(home: home)
        try session.start(environment: ["AIHELPER_NO_WIZARD": "", "OPENAI_BASE_URL": peer.baseURL + "/v1",
                                        "AIHELPER_LOCAL_PORTS": "ollama=\(peer.port)"])
        session.waitFor(text: "Welcome to AI Helper")
        try session.press("Enter")
        session.waitFor(text: "found at 127.0.0.1:\(peer.port)")   // the "Ollama" on the loopback server
        try session.press("Down", "Enter")                          // OpenAI
        session.waitFor(text: "Paste your OpenAI API key")
        try session.type("sk-invalid-key-0000")
        try session.press("Enter")
        let refused = session.waitFor(text: "OpenAI refused the key")
        XCTAssertTrue(refused.contains("https://platform.openai.com/api-keys"))
        XCTAssertFalse(refused.contains("invalid-key-0000"), "the key is never drawn")
        for _ in 0..<19 { try session.press("BSpace") }
        try session.type("sk-wizard-good-7f3a")
        try session.press("Enter")
        session.waitFor(text: "Which OpenAI model?")
        try session.press("Enter")                                  // the first model
        session.waitFor(text: "Ready: answering with OpenAI")
        try session.press("Enter")
        session.waitFor(text: "Ready: OpenAI")
        try session.type("hello there")
        try session.press("Enter")
        session.waitFor("a streamed answer", timeout: 15) { $0.contains("Assistant") && $0.contains("● online") }

        let config = try String(contentsOfFile: home + "/config.toml", encoding: .utf8)
        XCTAssertTrue(config.contains("provider = \"openai\""), config)
        let credentials = home + "/credentials.toml"
        XCTAssertTrue(try String(contentsOfFile: credentials, encoding: .utf8).contains("openai = \"sk-wizard-good-7f3a\""))
        let mode = try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        // Once config.toml exists the wizard does not come back.
        let again = TmuxSession(home: home)
        try again.start(environment: ["AIHELPER_NO_WIZARD": "", "OPENAI_BASE_URL": peer.baseURL + "/v1"])
        again.waitFor(text: "OpenAI")
        XCTAssertFalse(again.screen().contains("Welcome to AI Helper "))
        try again.press("C-q")
        XCTAssertTrue(again.waitUntilExited())
    }
}
