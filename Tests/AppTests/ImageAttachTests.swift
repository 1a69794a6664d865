import XCTest
import Core
import Storage
import Providers
import Terminal
import TestSupport
@testable import App

/// Attaching pictures in the TUI (docs/images.md): chips above the input, placeholders under
/// the message, a pasted path, `/image` alone, bad files, and a model that cannot see.
final class ImageAttachTests: XCTestCase {
    private static let peer = Result { try PeerServer.providers() }
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func file(_ name: String, _ data: Data) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func lines(_ screen: String, containing text: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains(text) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
    }

    func testChipAboveTheInputThenPlaceholderUnderTheMessageAt80x24() async throws {
        let harness = try AppTestHarness(width: 80, height: 24), app = harness.app
        let png = TestImages.png(width: 1280, height: 960)
        let path = try file("photo.png", png)
        try await harness.perform(.images(.attach(path: path, pasted: nil)))
        let size = ByteSize.text(png.count)
        var screen = harness.screen()
        let chip = try XCTUnwrap(lines(screen, containing: "▣").first, screen)
        XCTAssertEqual(chip, "▣ photo.png 1280×960 \(size)")
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let chipRow = try XCTUnwrap(rows.firstIndex { $0.contains("▣") })
        XCTAssertTrue(rows[chipRow + 1].contains("────"), "the chip sits right above the input's rule:\n\(screen)")

        app.state.chat.input.text = "what is in it?"
        try await harness.press(.enter)
        screen = harness.screen()
        XCTAssertTrue(app.state.chat.images.isEmpty, "the chips went with the message")
        let placeholder = try XCTUnwrap(lines(screen, containing: "▣").first, screen)
        XCTAssertEqual(placeholder, "▣ photo.png · 1280×960 · \(size)")
        XCTAssertTrue(screen.contains("I can't see images"), "the Offline assistant says so:\n\(screen)")
        XCTAssertEqual(lines(screen, containing: "▣").count, 1)
        // Stored with the message (its bytes' hash, its size), and read back when the conversation opens again.
        let user = try XCTUnwrap(app.state.chat.messages.first { $0.role == .user })
        XCTAssertEqual(app.state.chat.messageImages[user.id!]?.map(\.hash), [AppDatabase.imageHash(png)])
        XCTAssertEqual(try harness.database.images(messageId: user.id!).map(\.name), ["photo.png"])
        XCTAssertEqual(try harness.database.images(messageId: user.id!).map(\.width), [1280])
        let window = ConversationLoader(database: harness.database).open(app.state.chat.conversation!.id!)
        XCTAssertEqual(window.marks.images[user.id!]?.first?.hash, AppDatabase.imageHash(png))
    }

    /// A terminal pastes a dragged file as its path: quoted, escaped or a file:// URL. Only an
    /// image file attaches; any other path is pasted as the text it is.
    func testPastingAPathAttachesAnImageAndLeavesOtherTextAlone() async throws {
        let harness = try AppTestHarness(width: 80, height: 24), app = harness.app
        let spaced = try file("with space.png", TestImages.gif(width: 30, height: 20))
        let jpeg = try file("real.jpg", TestImages.jpeg())
        let text = try file("notes.png", Data("not a picture\n".utf8))
        try await harness.press(.paste("'\(spaced)'"))
        try await harness.press(.paste(jpeg.replacingOccurrences(of: "/", with: "/") + "\n"))
        try await harness.press(.paste("file://" + spaced.replacingOccurrences(of: " ", with: "%20")))
        try await harness.press(.paste(spaced.replacingOccurrences(of: " ", with: "\\ ")))
        XCTAssertEqual(app.state.chat.images.map(\.name), ["with space.png", "real.jpg", "with space.png", "with space.png"])
        XCTAssertEqual(app.state.chat.images[0].info.format, .gif, "by content, whatever the name says")
        XCTAssertEqual(app.state.chat.input.text, "")
        try await harness.press(.paste(text))
        XCTAssertEqual(app.state.chat.input.text, text, "a path to a file that is no image is just text")
        app.state.chat.input.text = ""
        try await harness.press(.paste("/no/such/file.png"), .paste(" and more words"))
        XCTAssertEqual(app.state.chat.input.text, "/no/such/file.png and more words")
        XCTAssertEqual(app.state.chat.images.count, 4)
    }

    func testImageAloneRemovesTheLastChipAndBadFilesSayWhy() async throws {
        let harness = try AppTestHarness(width: 80, height: 24), app = harness.app
        let misnamed = try file("photo.jpg", TestImages.png(width: 4, height: 4))
        try await harness.perform(.images(.attach(path: misnamed, pasted: nil)))
        XCTAssertEqual(app.state.chat.images.first?.mimeType, "image/png", "a PNG named .jpg is sent as a PNG")
        app.state.chat.input.text = "/image"
        try await harness.press(.enter)
        XCTAssertTrue(app.state.chat.images.isEmpty)
        XCTAssertEqual(app.state.notice?.text, tr.images.removed("photo.jpg"))

        let truncated = try file("cut.png", TestImages.png(width: 40, height: 40).dropLast(10))
        let notImage = try file("notes.png", Data("hello".utf8))
        let cases: [(String, String)] = [
            (truncated, tr.images.refused("cut.png", .truncated(.png))),
            (notImage, tr.images.refused("notes.png", .notAnImage)),
            (folder.path, tr.images.folder(folder.path)),
            (folder.path + "/missing.png", tr.images.missing(folder.path + "/missing.png")),
            // A FIFO (or /dev/tty) would block the loop in open(2) forever: only regular files are read.
            (try fifo("pipe.png"), tr.images.refused("pipe.png", .notAnImage)),
        ]
        for (path, words) in cases {
            try await harness.perform(.images(.attach(path: path, pasted: nil)))
            XCTAssertEqual(app.state.notice?.text, words)
            XCTAssertEqual(app.state.notice?.kind, .error)
        }
        XCTAssertTrue(app.state.chat.images.isEmpty)
    }

    private func fifo(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    /// Escape sequences in a file's name never reach the screen: chip and placeholder are clean.
    func testANameWithEscapeSequencesIsNeutralized() async throws {
        let harness = try AppTestHarness(width: 80, height: 24), app = harness.app
        let path = try file("x\u{1B}]0;title\u{7}y\u{1B}[31m.png", TestImages.png())
        try await harness.perform(.images(.attach(path: path, pasted: nil)))
        var screen = harness.screen()
        XCTAssertEqual(lines(screen, containing: "▣").first?.hasPrefix("▣ xy.png 2×2"), true, lines(screen, containing: "▣").first ?? screen)
        app.state.chat.input.text = "look"
        try await harness.press(.enter)
        screen = harness.screen()
        XCTAssertFalse(screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        XCTAssertEqual(lines(screen, containing: "▣").first?.hasPrefix("▣ xy.png · 2×2"), true, lines(screen, containing: "▣").first ?? screen)
    }

    func testTheCapFromTheSettingsRefusesALargerFile() async throws {
        var config = AppConfig()
        config.imageMaxBytes = 2048
        let switcher = ProviderSwitcher(config: config, flags: ProviderFlags(provider: "offline"), environment: [:],
                                        cacheFolder: NSTemporaryDirectory())
        let harness = try AppTestHarness(width: 80, height: 24, switcher: switcher)
        let big = TestImages.png(width: 64, height: 64)
        try await harness.perform(.images(.attach(path: try file("big.png", big), pasted: nil)))
        XCTAssertEqual(harness.app.state.notice?.text, tr.images.refused("big.png", .tooLarge(byteCount: big.count, cap: 2048)))
        XCTAssertTrue(harness.app.state.notice!.text.contains("2 KB"))
    }

    private func peerHarness(model: String) async throws -> AppTestHarness {
        let base = try Self.peer.get().baseURL
        let switcher = ProviderSwitcher(config: AppConfig(), flags: ProviderFlags(provider: "openai", model: model),
                                        environment: ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-test"],
                                        cacheFolder: NSTemporaryDirectory())
        let harness = try AppTestHarness(width: 80, height: 24, switcher: switcher)
        try await harness.perform(.newConversation)
        return harness
    }

    /// The catalog says the model cannot see: a notice, no turn (nothing reaches the provider,
    /// nothing is stored), the words back in the input and the chips kept.
    func testAModelKnownNotToSeeGetsANoticeAndNoRequest() async throws {
        let harness = try await peerHarness(model: "o3-mini"), app = harness.app
        let before = try Self.peer.get().requests().count
        try await harness.perform(.images(.attach(path: try file("p.png", TestImages.png()), pasted: nil)))
        app.state.chat.input.text = "what is this?"
        try await harness.press(.enter)
        XCTAssertEqual(app.state.notice?.text, tr.images.cannotSee("o3-mini"))
        XCTAssertEqual(app.state.chat.input.text, "what is this?")
        XCTAssertEqual(app.state.chat.images.count, 1)
        XCTAssertTrue(app.state.chat.messages.isEmpty)
        XCTAssertEqual(try Self.peer.get().requests().count, before, "no request reached the provider")
    }

    /// A model the app does not know is tried; the provider's own "cannot take images" ends the
    /// turn with that said clearly (not a generic failure), and the pictures were sent.
    func testTheProvidersRefusalIsAClearNotice() async throws {
        let harness = try await peerHarness(model: "mystery-model-1"), app = harness.app
        try await harness.perform(.images(.attach(path: try file("p.png", TestImages.png()), pasted: nil)))
        app.state.chat.input.text = "what is this? [fault:no-vision]"
        try await harness.press(.enter)
        let answer = try XCTUnwrap(app.state.chat.messages.last)
        XCTAssertEqual(answer.status, .error)
        XCTAssertTrue(answer.errorText?.contains("OpenAI says this model cannot take images") == true, answer.errorText ?? "")
        XCTAssertTrue(app.state.notice?.text.contains("Pick a model that can see") == true, app.state.notice?.text ?? "")
        let body = try XCTUnwrap(try Self.peer.get().requests().last?["body"] as? [String: Any])
        let user = (body["messages"] as? [[String: Any]])?.last { $0["role"] as? String == "user" }
        XCTAssertEqual((user?["content"] as? [[String: Any]])?.last?["type"] as? String, "image_url")
    }
}
