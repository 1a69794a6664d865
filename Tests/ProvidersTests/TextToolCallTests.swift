import XCTest
import Core
@testable import Providers

final class TextToolCallTests: XCTestCase {
    let offered: Set<String> = ["create_task", "list_tasks"]

    func testShapesThatAreCalls() {
        let plain = TextToolCalls.detect(in: #"  {"name": "create_task", "arguments": {"title": "Buy milk"}}"# + "\n", offeredTools: offered)
        XCTAssertEqual(plain, [ToolCallRequest(id: "call_text_1", name: "create_task", arguments: #"{"title":"Buy milk"}"#)])
        let fenced = TextToolCalls.detect(in: "```json\n{\"name\": \"list_tasks\", \"parameters\": {}}\n```", offeredTools: offered)
        XCTAssertEqual(fenced.map(\.name), ["list_tasks"])
        XCTAssertEqual(fenced.first?.arguments, "{}")
        let tagged = TextToolCalls.detect(in: """
        <tool_call>
        {"name": "create_task", "arguments": "{\\"title\\": \\"A\\"}"}
        </tool_call>
        <tool_call>{"name": "list_tasks", "arguments": {}}</tool_call>
        """, offeredTools: offered)
        XCTAssertEqual(tagged.map(\.name), ["create_task", "list_tasks"])
        XCTAssertEqual(tagged.first?.arguments, #"{"title":"A"}"#, "arguments given as JSON text are accepted")
        let openAIShape = TextToolCalls.detect(in: #"{"type":"function","function":{"name":"list_tasks","arguments":{}}}"#, offeredTools: offered)
        XCTAssertEqual(openAIShape.map(\.name), ["list_tasks"])
        let array = TextToolCalls.detect(in: #"[{"name":"list_tasks"},{"name":"create_task","arguments":{"title":"B"}}]"#, offeredTools: offered)
        XCTAssertEqual(array.map(\.id), ["call_text_1", "call_text_2"])
    }

    func testShapesThatAreNotCalls() {
        XCTAssertEqual(TextToolCalls.detect(in: #"{"name": "delete_everything", "arguments": {}}"#, offeredTools: offered), [], "not offered")
        XCTAssertEqual(TextToolCalls.detect(in: #"{"name": "create_task", "arguments": {}}"#, offeredTools: []), [], "no tools offered")
        XCTAssertEqual(TextToolCalls.detect(in: #"Sure: {"name": "create_task", "arguments": {}}"#, offeredTools: offered), [], "not the whole answer")
        XCTAssertEqual(TextToolCalls.detect(in: #"{"name": "create_task", "age": 3}"#, offeredTools: offered), [], "other JSON with a name")
        XCTAssertEqual(TextToolCalls.detect(in: #"{"name": "create_task", "arguments": {"title": "#, offeredTools: offered), [], "broken JSON")
        XCTAssertEqual(TextToolCalls.detect(in: "```python\nprint(1)\n```", offeredTools: offered), [])
    }

    func recognize(_ pieces: [String], done: StopReason = .endTurn, offered: Set<String>) -> [StreamEvent] {
        var r = TextToolCallRecognizer(offeredTools: offered)
        return pieces.flatMap { r.process(.textDelta($0)) } + r.process(.usage(inputTokens: 1, outputTokens: 2)) + r.process(.done(done))
    }

    func testStreamedJSONAnswerBecomesAToolCall() {
        let events = recognize(["  {\"na", "me\": \"create_task\", \"argu", "ments\": {\"title\": \"Tea ☕\"}}"], offered: offered)
        XCTAssertEqual(events, [.usage(inputTokens: 1, outputTokens: 2),
                                .toolCallStart(index: 0, id: "call_text_1", name: "create_task"),
                                .toolCallArgumentsDelta(index: 0, #"{"title":"Tea ☕"}"#), .toolCallEnd(index: 0), .done(.toolUse)])
    }

    func testOrdinaryTextPassesThroughAtOnce() {
        var r = TextToolCallRecognizer(offeredTools: offered)
        XCTAssertEqual(r.process(.textDelta("Hel")), [.textDelta("Hel")], "not held: cannot be JSON")
        XCTAssertEqual(r.process(.textDelta("lo {")), [.textDelta("lo {")])
        XCTAssertEqual(r.process(.done(.endTurn)), [.done(.endTurn)])
        var link = TextToolCallRecognizer(offeredTools: offered)
        XCTAssertEqual(link.process(.textDelta(" [")), [], "may still be an array of calls")
        XCTAssertEqual(link.process(.textDelta("docs](x)")), [.textDelta(" [docs](x)")], "a markdown link is released at once")
        var obj = TextToolCallRecognizer(offeredTools: offered)
        XCTAssertEqual(obj.process(.textDelta("{x")), [.textDelta("{x")])
    }

    func testHeldTextThatIsNotACallIsReleasedIntact() {
        let events = recognize(["{", "\"a\": 1}"], offered: offered)  // held: starts like a call
        XCTAssertEqual(events, [.usage(inputTokens: 1, outputTokens: 2), .textDelta("{\"a\": 1}"), .done(.endTurn)])
        let leading = recognize(["  ", "`", "``js\nx\n```"], offered: offered)
        XCTAssertEqual(assemble(leading).text, "  ```js\nx\n```")
    }

    func testStructuredCallsWinAndNoToolsMeansPassThrough() {
        var r = TextToolCallRecognizer(offeredTools: offered)
        XCTAssertEqual(r.process(.textDelta("{")), [])
        XCTAssertEqual(r.process(.toolCallStart(index: 0, id: "x", name: "list_tasks")), [.textDelta("{"), .toolCallStart(index: 0, id: "x", name: "list_tasks")])
        XCTAssertEqual(recognize(["{\"name\":\"create_task\"}"], offered: []).first, .textDelta("{\"name\":\"create_task\"}"))
    }

    func testWiredThroughProviderWireForLocalServers() throws {
        let settings = try ProviderResolver.resolve(environment: [:], config: .init(provider: "llamacpp"))
        var req = ChatRequest(messages: [ChatMessage(role: .user, content: "add tea")], tools: sampleTools)
        var parser = ProviderWire.parser(for: req, settings: settings)
        XCTAssertEqual(parser.framing, .sse)
        var events: [StreamEvent] = []
        for piece in ["{\"name\": \"create_task\", ", "\"arguments\": {\"title\": \"tea\"}}"] {
            events += try parser.consume(event: nil, data: JSONValue.object(["choices": [["index": 0, "delta": ["content": .string(piece)]]]]).jsonText)
        }
        events += try parser.consume(event: nil, data: #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#)
        events += try parser.consume(event: nil, data: "[DONE]")
        let a = assemble(events)
        XCTAssertEqual(a.calls.map(\.name), ["create_task"])
        XCTAssertEqual(a.text, "")
        XCTAssertEqual(a.done, .toolUse)
        // A cloud provider is trusted to make structured calls: its text stays text.
        req.model = "gpt-4.1"
        var cloud = ProviderWire.parser(for: req, settings: try ProviderResolver.resolve(
            environment: ["OPENAI_API_KEY": "k"], flags: .init(provider: "openai")))
        XCTAssertEqual(try cloud.consume(event: nil, data: #"{"choices":[{"index":0,"delta":{"content":"{"}}]}"#), [.textDelta("{")])
    }
}
