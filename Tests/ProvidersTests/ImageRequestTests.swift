import XCTest
import Core
import HTTP
import TestSupport
@testable import Providers

/// Pictures as each wire format sends them, read back from what the loopback peer received,
/// and each provider's "this model cannot take images" mapped to `imagesNotSupported`.
final class ImageRequestTests: XCTestCase {
    let png = TestImages.png(width: 3, height: 2)
    let jpeg = TestImages.jpeg(width: 4, height: 3)

    func attachments() throws -> [ImageAttachment] {
        [try ImageAttachment(name: "a.png", data: png, maxBytes: 1 << 20),
         try ImageAttachment(name: "b.jpg", data: jpeg, maxBytes: 1 << 20)]
    }

    /// Streams one user message with the two pictures; returns the outcome and the body the peer got.
    func send(_ kind: ProviderKind, text: String) async throws -> (StreamOutcome, [String: Any], String) {
        let request = ChatRequest(system: "Be brief.", messages: [
            ChatMessage(role: .user, content: text, images: try attachments()),
        ])
        let provider = try PeerProviders.provider(kind)
        let outcome = try await withDeadline(20) {
            var outcome = StreamOutcome()
            do { for try await event in provider.stream(request) { outcome.events.append(event) } } catch let error as ProviderError {
                outcome.error = error
            }
            return outcome
        }
        let sent = try XCTUnwrap(try remotePeer.get().requests().last)
        return (outcome, try XCTUnwrap(sent["body"] as? [String: Any]), sent["path"] as? String ?? "")
    }

    func lastUser(_ body: [String: Any], key: String = "messages") throws -> [String: Any] {
        let messages = try XCTUnwrap(body[key] as? [[String: Any]])
        return try XCTUnwrap(messages.last { ($0["role"] as? String) == "user" })
    }

    func testOpenAIAndCompatibleServersGetImageURLPartsWithDataURLs() async throws {
        for kind in [ProviderKind.openai, .ollama, .llamacppRaw] {
            let (outcome, body, path) = try await send(kind, text: "what is this?")
            XCTAssertNil(outcome.error, "\(kind): \(outcome.error?.description ?? "")")
            XCTAssertEqual(path, "/v1/chat/completions", "\(kind): llama.cpp's raw endpoint has no place for pictures")
            let parts = try XCTUnwrap(try lastUser(body)["content"] as? [[String: Any]], "\(kind)")
            XCTAssertEqual(parts.map { $0["type"] as? String }, ["text", "image_url", "image_url"], "\(kind)")
            XCTAssertEqual(parts[0]["text"] as? String, "what is this?")
            let urls = parts.dropFirst().map { ($0["image_url"] as? [String: Any])?["url"] as? String }
            XCTAssertEqual(urls, ["data:image/png;base64," + png.base64EncodedString(),
                                  "data:image/jpeg;base64," + jpeg.base64EncodedString()], "\(kind)")
        }
    }

    func testAnthropicGetsBase64ImageBlocksBeforeTheText() async throws {
        let (outcome, body, _) = try await send(.anthropic, text: "what is this?")
        XCTAssertNil(outcome.error)
        let blocks = try XCTUnwrap(try lastUser(body)["content"] as? [[String: Any]])
        XCTAssertEqual(blocks.map { $0["type"] as? String }, ["image", "image", "text"])
        let source = try XCTUnwrap(blocks[1]["source"] as? [String: String])
        XCTAssertEqual(source, ["type": "base64", "media_type": "image/jpeg", "data": jpeg.base64EncodedString()])
    }

    func testGeminiGetsInlineData() async throws {
        let (outcome, body, _) = try await send(.gemini, text: "what is this?")
        XCTAssertNil(outcome.error)
        let parts = try XCTUnwrap(try lastUser(body, key: "contents")["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(parts[0]["inline_data"] as? [String: String], ["mime_type": "image/png", "data": png.base64EncodedString()])
        XCTAssertEqual(parts[2]["text"] as? String, "what is this?")
    }

    func testOllamaNativeGetsAnImagesArrayOnTheMessage() async throws {
        let (outcome, body, path) = try await send(.ollamaNative, text: "what is this?")
        XCTAssertNil(outcome.error)
        XCTAssertEqual(path, "/api/chat")
        let user = try lastUser(body)
        XCTAssertEqual(user["content"] as? String, "what is this?")
        XCTAssertEqual(user["images"] as? [String], [png.base64EncodedString(), jpeg.base64EncodedString()])
    }

    /// Each provider's own refusal (peer_formats.NO_VISION) is `imagesNotSupported`, said
    /// clearly and never retried, even when it comes as a server error (Ollama, llama.cpp).
    func testEachProvidersRefusalOfImagesIsAClearErrorNotRetried() async throws {
        let cases: [(ProviderKind, String)] = [(.openai, "[fault:no-vision]"), (.anthropic, "[fault:no-vision]"),
                                               (.gemini, "[fault:no-vision]"), (.ollamaNative, "[fault:no-vision]"),
                                               (.llamacppRaw, "[fault:no-vision:llamacpp]")]
        for (kind, tag) in cases {
            let before = try remotePeer.get().requests().count
            let (outcome, _, _) = try await send(kind, text: "what is this? \(tag)")
            let error = try XCTUnwrap(outcome.error, "\(kind)")
            XCTAssertEqual(error.kind, .imagesNotSupported, "\(kind): \(error)")
            XCTAssertTrue(error.message.contains("cannot take images"), "\(kind): \(error)")
            XCTAssertTrue(error.suggestion.contains("/model"), "\(kind): \(error)")
            XCTAssertEqual(outcome.waits, [], "\(kind): not retried")
            XCTAssertEqual(try remotePeer.get().requests().count, min(before + 1, 200), "\(kind): one request")
        }
    }

    func testTheCatalogKnowsWhichModelsSee() {
        XCTAssertEqual(ModelCatalog.canSee("gpt-4o-mini", provider: .openai), true)
        XCTAssertEqual(ModelCatalog.canSee("claude-sonnet-4-5-20250929", provider: .anthropic), true)
        XCTAssertEqual(ModelCatalog.canSee("o3-mini", provider: .openai), false)
        XCTAssertEqual(ModelCatalog.canSee("gpt-3.5-turbo-0125", provider: .openai), false)
        XCTAssertNil(ModelCatalog.canSee("llava:7b", provider: .ollama), "unknown: tried")
    }

    func testTheOfflineAssistantSaysItCannotSeeAndStillDoesTheText() async throws {
        let offline = OfflineProvider(wordDelay: .zero)
        let image = try attachments()
        let onlyImage = ChatRequest(messages: [ChatMessage(role: .user, content: "", images: image)])
        XCTAssertEqual(textOf(offline.plannedEvents(for: onlyImage)), OfflineReplies.cannotSee)
        let withWords = ChatRequest(messages: [ChatMessage(role: .user, content: "hello", images: image)])
        let plain = ChatRequest(messages: [ChatMessage(role: .user, content: "hello")])
        XCTAssertEqual(textOf(offline.plannedEvents(for: withWords)),
                       OfflineReplies.cannotSee + "\n\n" + textOf(offline.plannedEvents(for: plain)))
        let chinese = ChatRequest(messages: [ChatMessage(role: .user, content: "这是什么", images: image)])
        XCTAssertTrue(textOf(offline.plannedEvents(for: chinese)).hasPrefix(ChineseReplies.cannotSee))
    }

    func textOf(_ events: [StreamEvent]) -> String {
        events.map { if case .textDelta(let t) = $0 { return t } else { return "" } }.joined()
    }
}
