import XCTest
import Core
@testable import Providers

final class OllamaNativeTests: XCTestCase {
    static let text = """
    {"model":"llama3.2","created_at":"2023-08-04T08:52:19.385406455-07:00","message":{"role":"assistant","content":"The"},"done":false}
    {"model":"llama3.2","created_at":"2023-08-04T08:52:19.385406455-07:00","message":{"role":"assistant","content":" sky ☀️"},"done":false}

    {"model":"llama3.2","created_at":"2023-08-04T19:22:45.499127Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":4883583458,"load_duration":1334875,"prompt_eval_count":26,"prompt_eval_duration":342546000,"eval_count":282,"eval_duration":4535599000}
    """
    static let tools = """
    {"model":"qwen3","created_at":"2025-05-01T10:00:00Z","message":{"role":"assistant","content":"","thinking":"User wants milk."},"done":false}
    {"model":"qwen3","created_at":"2025-05-01T10:00:01Z","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"create_task","arguments":{"title":"Buy milk"}}},{"function":{"name":"list_tasks","arguments":{}}}]},"done":false}
    {"model":"qwen3","created_at":"2025-05-01T10:00:02Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":40,"eval_count":20}
    """

    func run(_ text: String) throws -> [StreamEvent] {
        var p = OllamaChatStreamParser()
        var out: [StreamEvent] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { out += try p.consume(line: String(line)) }
        return out + (try p.finish())
    }

    func testTextLines() throws {
        XCTAssertEqual(try run(Self.text), [.textDelta("The"), .textDelta(" sky ☀️"), .usage(inputTokens: 26, outputTokens: 282), .done(.endTurn)])
    }

    func testThinkingAndTwoToolCalls() throws {
        let a = assemble(try run(Self.tools))
        XCTAssertEqual(a.reasoning, "User wants milk.")
        XCTAssertEqual(a.calls, [.init(id: "call_1", name: "create_task", arguments: #"{"title":"Buy milk"}"#, ended: true),
                                 .init(id: "call_2", name: "list_tasks", arguments: "{}", ended: true)])
        XCTAssertEqual(a.done, .toolUse)
    }

    func testErrorLineAndCutStream() {
        var p = OllamaChatStreamParser()
        let e = XCTAssertThrowsProviderError(.badRequest) { _ = try p.consume(line: #"{"error":"model 'llama9' not found, try pulling it first"}"#) }
        XCTAssertTrue(e?.suggestion.contains("ollama pull") == true)
        var q = OllamaChatStreamParser()
        _ = try? q.consume(line: #"{"message":{"role":"assistant","content":"Hi"},"done":false}"#)
        _ = XCTAssertThrowsProviderError(.network) { _ = try q.finish() }
    }

    func testRequest() throws {
        let r = OllamaChatRequestBuilder(host: URL(string: "http://127.0.0.1:11434")!).build(sampleConversation)
        XCTAssertEqual(r.url.absoluteString, "http://127.0.0.1:11434/api/chat")
        let body = try XCTUnwrap(r.json)
        XCTAssertEqual(body["options"], ["num_predict": 500, "temperature": .number(0.5)])
        let m = try XCTUnwrap(body["messages"]?.arrayValue)
        XCTAssertEqual(m[2]["tool_calls"], [["function": ["name": "create_task", "arguments": ["title": "Buy milk"]]],
                                            ["function": ["name": "list_tasks", "arguments": [:]]]])
        XCTAssertEqual(m[3], ["role": "tool", "content": #"{"id":7}"#, "tool_name": "create_task"])
    }
}

final class PromptTemplateTests: XCTestCase {
    let messages = [ChatMessage(role: .user, content: "Hi"), ChatMessage(role: .assistant, content: "Hello!"),
                    ChatMessage(role: .user, content: "Bye")]

    func testPhi3() {
        XCTAssertEqual(PromptTemplate.phi3.render(system: "Be brief.", messages: messages),
                       "<|system|>\nBe brief.<|end|>\n<|user|>\nHi<|end|>\n<|assistant|>\nHello!<|end|>\n<|user|>\nBye<|end|>\n<|assistant|>\n")
        XCTAssertEqual(PromptTemplate.phi3.stopStrings, ["<|end|>"])
    }

    func testLlama3() {
        XCTAssertEqual(PromptTemplate.llama3.render(system: "Be brief.", messages: messages),
                       "<|start_header_id|>system<|end_header_id|>\n\nBe brief.<|eot_id|>"
                       + "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>"
                       + "<|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>"
                       + "<|start_header_id|>user<|end_header_id|>\n\nBye<|eot_id|>"
                       + "<|start_header_id|>assistant<|end_header_id|>\n\n")
        XCTAssertEqual(PromptTemplate.llama3.stopStrings, ["<|eot_id|>"])
    }

    func testChatML() {
        XCTAssertEqual(PromptTemplate.chatml.render(system: "Be brief.", messages: messages),
                       "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
                       + "<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>user\nBye<|im_end|>\n<|im_start|>assistant\n")
        XCTAssertEqual(PromptTemplate.chatml.render(system: "", messages: [messages[0]]),
                       "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
        XCTAssertEqual(PromptTemplate.chatml.stopStrings, ["<|im_end|>"])
    }

    func testMistral() {
        XCTAssertEqual(PromptTemplate.mistral.render(system: "Be brief.", messages: messages),
                       "[INST] Be brief.\n\nHi [/INST]Hello!</s>[INST] Bye [/INST]")
        XCTAssertEqual(PromptTemplate.mistral.stopStrings, ["</s>"])
    }

    func testToolsCallsAndResultsAreRenderedAsText() {
        let p = PromptTemplate.chatml.render(system: "S", messages: Array(sampleConversation.messages.prefix(3)), tools: [sampleTools[1]])
        XCTAssertTrue(p.hasPrefix("<|im_start|>system\nS\n\nYou can call these tools."))
        XCTAssertTrue(p.contains("- list_tasks: List tasks. Parameters (JSON Schema): {\"properties\":{},\"type\":\"object\"}"))
        XCTAssertTrue(p.contains("<|im_start|>assistant\nOn it.\n{\"arguments\":{\"title\":\"Buy milk\"},\"name\":\"create_task\"}\n{\"arguments\":{},\"name\":\"list_tasks\"}<|im_end|>"))
        XCTAssertTrue(p.contains("<|im_start|>user\nTool create_task returned: {\"id\":7}<|im_end|>"))
    }

    func testChoiceFromModelNameAndOverride() {
        XCTAssertEqual(PromptTemplate.forModel("Phi-3.5-mini-instruct-Q4_K_M.gguf"), .phi3)
        XCTAssertEqual(PromptTemplate.forModel("phi3:mini"), .phi3)
        XCTAssertEqual(PromptTemplate.forModel("Meta-Llama-3.1-8B-Instruct"), .llama3)
        XCTAssertEqual(PromptTemplate.forModel("llama3.2:1b"), .llama3)
        XCTAssertEqual(PromptTemplate.forModel("mistral-7b-instruct-v0.2.Q4_0.gguf"), .mistral)
        XCTAssertEqual(PromptTemplate.forModel("SmolLM2-135M-Instruct.Q4_1.gguf"), .chatml)
        XCTAssertEqual(PromptTemplate.forModel("qwen2.5-0.5b-instruct"), .chatml)
        XCTAssertEqual(PromptTemplate(name: "Phi-3"), .phi3)
        XCTAssertEqual(PromptTemplate(name: "llama-3.1"), .llama3)
        XCTAssertNil(PromptTemplate(name: "alpaca"))
        let settings = try! ProviderResolver.resolve(environment: [:], config: .init(provider: "llamacpp-raw", template: "mistral"),
                                                     flags: .init(model: "SmolLM2"))
        XCTAssertEqual(ProviderWire.request(ChatRequest(messages: messages), settings: settings).json?["stop"], ["</s>"])
    }
}

final class LlamaCppCompletionTests: XCTestCase {
    static let stream = #"""
data: {"index":0,"content":"Hello","tokens":[],"stop":false,"id_slot":-1,"tokens_predicted":1,"tokens_evaluated":12}

data: {"index":0,"content":" wörld ☕","tokens":[],"stop":false,"id_slot":-1,"tokens_predicted":2,"tokens_evaluated":12}

data: {"index":0,"content":"","tokens":[],"id_slot":0,"stop":true,"model":"SmolLM2-135M-Instruct.Q4_1.gguf","tokens_predicted":3,"tokens_evaluated":12,"generation_settings":{"n_predict":-1},"prompt":"<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n","has_new_line":false,"truncated":false,"stop_type":"eos","stopping_word":"","tokens_cached":14,"timings":{"prompt_n":12,"prompt_ms":20.1,"predicted_n":3,"predicted_ms":9.8}}

"""#

    func testStream() throws {
        XCTAssertEqual(try runSSE(LlamaCppCompletionStreamParser(template: .chatml), Self.stream),
                       [.textDelta("Hello"), .textDelta(" wörld ☕"), .usage(inputTokens: 12, outputTokens: 3), .done(.endTurn)])
    }

    func testLimitStop() throws {
        var p = LlamaCppCompletionStreamParser()
        XCTAssertEqual(try p.consume(data: #"{"content":"a","stop":true,"stop_type":"limit","timings":{"prompt_n":4,"predicted_n":1}}"#),
                       [.textDelta("a"), .usage(inputTokens: 4, outputTokens: 1), .done(.maxTokens)])
    }

    func testStopStringPrintedAsTextIsCutEvenWhenSplit() throws {
        // A model on the wrong template prints "<|im_end|>" and keeps going.
        var p = LlamaCppCompletionStreamParser(template: .chatml)
        var out: [StreamEvent] = []
        for piece in ["Sure", "! <|im", "_en", "d|>\n<|im_start|>user\nmore"] {
            out += try p.consume(data: JSONValue.object(["content": .string(piece), "stop": false]).jsonText)
        }
        XCTAssertEqual(assemble(out).text, "Sure! ")
        XCTAssertTrue(p.hitStopString)
        XCTAssertEqual(try p.finish(), [.done(.endTurn)], "the caller may cancel the transfer once a stop string is seen")
        // A held-back prefix that turns out not to be a stop string is released.
        var q = LlamaCppCompletionStreamParser(template: .chatml)
        var text = ""
        for piece in ["a <|i", "talic"] {
            for case .textDelta(let t) in try q.consume(data: JSONValue.object(["content": .string(piece), "stop": false]).jsonText) { text += t }
        }
        XCTAssertEqual(text, "a <|italic")
    }

    func testRequestBody() throws {
        let r = LlamaCppCompletionRequestBuilder(template: .phi3).build(ChatRequest(system: "S", messages: [ChatMessage(role: .user, content: "Q")], model: "x"))
        XCTAssertEqual(r.url.absoluteString, "http://127.0.0.1:8080/completion")
        XCTAssertEqual(r.json?["prompt"], "<|system|>\nS<|end|>\n<|user|>\nQ<|end|>\n<|assistant|>\n")
        XCTAssertEqual(r.json?["stop"], ["<|end|>"])
        XCTAssertEqual(r.json?["stream"], true)
        XCTAssertEqual(r.json?["n_predict"], -1)
    }
}
