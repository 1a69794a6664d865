import XCTest
import Core
@testable import Providers

final class WireJSONTests: XCTestCase {
    func testAgreesWithJSONDecoderOnEveryFixtureLine() {
        var count = 0
        for raw in [OpenAIFixtures.text, OpenAIFixtures.parallelToolCalls, OpenAIFixtures.llamaCppPython,
                    AnthropicFixtures.thinkingAndTools, GeminiFixtures.text, GeminiFixtures.functionCalls] {
            for e in sseEvents(raw) where e.data != "[DONE]" {
                XCTAssertEqual(WireJSON.parse(e.data), JSONValue(parsing: e.data), e.data)
                count += 1
            }
        }
        for body in [GeminiFixtures.error429, AnthropicFixtures.error401, OpenAIFixtures.error401] {
            XCTAssertEqual(WireJSON.parse(body), JSONValue(parsing: body))
        }
        XCTAssertGreaterThan(count, 25)
    }

    func testStringsNumbersAndLiterals() {
        XCTAssertEqual(WireJSON.parse(#" {"a": [1, -2.5e3, 0.25, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]} "#),
                       ["a": [1, .number(-2500), .number(0.25), true, false, nil, "x\"\\/\u{8}\u{c}\n\r\té😀"]])
        XCTAssertEqual(WireJSON.parse("\"☕ naïve\""), "☕ naïve")
        XCTAssertEqual(WireJSON.parse(#""\ud83d""#), "\u{FFFD}", "a lone surrogate becomes U+FFFD")
        XCTAssertEqual(WireJSON.parse("{}"), [:])
        XCTAssertEqual(WireJSON.parse("[]"), [])
    }

    func testRejectsInvalid() {
        for bad in ["", "{", "{\"a\":}", "[1,]", "{\"a\":1,}", "01x", "01", "1.", "-", "tru", "\"a", "\"\\x\"", "{} {}", "\"tab\there\"",
                    "{'a':1}", "[1 2]"] {
            XCTAssertNil(WireJSON.parse(bad), bad)
        }
    }

    func testDeepNestingIsRefusedNotCrashing() {
        XCTAssertNil(WireJSON.parse(String(repeating: "[", count: 100_000)))
        XCTAssertNotNil(WireJSON.parse(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)))
    }
}

final class GeminiNullArgsTests: XCTestCase {
    func testNullArgsBecomeEmptyObject() throws {
        var p = GeminiStreamParser()
        let out = try p.consume(data: #"{"candidates":[{"content":{"parts":[{"functionCall":{"name":"list_tasks","args":null}}],"role":"model"},"index":0}]}"#)
        XCTAssertEqual(out[1], .toolCallArgumentsDelta(index: 0, "{}"))
    }
}
