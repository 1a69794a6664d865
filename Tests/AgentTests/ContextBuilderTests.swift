import XCTest
import Core
import Providers
import Tools
@testable import Agent

final class ContextBuilderTests: XCTestCase {
    private func message(_ i: Int, bytes: Int) -> ChatMessage {
        ChatMessage(role: i % 2 == 0 ? .user : .assistant, content: "\(i)" + String(repeating: "x", count: bytes))
    }

    /// The newest messages that fit, whole and in order; the oldest go first.
    func testHistoryKeepsTheNewestMessagesThatFit() {
        let history = (0..<10).map { message($0, bytes: 396) }          // about 104 tokens each
        let kept = ContextBuilder.fitting(history, budget: 350)
        XCTAssertEqual(kept.map { $0.content.prefix(1) }, ["7", "8", "9"])
        XCTAssertEqual(ContextBuilder.fitting(history, budget: 10_000).count, 10)
        XCTAssertEqual(ContextBuilder.fitting(history, budget: 50).count, 0, "a message is never cut")
        XCTAssertEqual(ContextBuilder.fitting(history, budget: -5).count, 0)
    }

    /// A small window leaves little room once the answer, the prompt and the tools are counted.
    func testTheBudgetIsTheWindowLessEverythingElse() {
        let small = ModelInfo(provider: .ollama, id: "tiny", displayName: "Tiny", contextWindow: 4_096, maxOutputTokens: 2_048,
                              inputPrice: 0, outputPrice: 0, tier: .free)
        let budget = ContextBuilder.historyBudget(model: small, system: String(repeating: "s", count: 400), tools: [],
                                                  message: String(repeating: "m", count: 40))
        XCTAssertEqual(budget, 4_096 - 1_024 - (100 + 4) - 4 - (10 + 4), "the answer's share is capped at a quarter of the window")
        let unknown = ContextBuilder.historyBudget(model: nil, system: "", tools: [], message: "")
        XCTAssertEqual(unknown, 8_192 - 1_024 - 4 - 4 - 4)
        let tools = ToolRegistry.builtIn().schemas
        XCTAssertLessThan(ContextBuilder.historyBudget(model: nil, system: "", tools: tools, message: ""), unknown - 1_000,
                          "tool definitions take their share")
    }
}
