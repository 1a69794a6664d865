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

final class WireJSONWalkTests: XCTestCase {
    /// Walks `text` as an object: every member whose key is listed, built; the rest skipped.
    private func walked(_ text: String) -> [(String, JSONValue?)]? {
        WireJSON.walk(text) { reader -> [(String, JSONValue?)]? in
            guard reader.beginObject() else { reader.skipValue(); return nil }
            var members: [(String, JSONValue?)] = []
            while let key = reader.nextKey() {
                switch key {
                case "a": members.append(("a", reader.value()))
                case "b": members.append(("b", reader.value()))
                case "é": members.append(("é", reader.value()))
                case "long_key_name_beyond_fifteen": members.append(("long_key_name_beyond_fifteen", reader.value()))
                default: reader.skipValue()
                }
            }
            return members
        } ?? nil
    }

    func testAcceptsExactlyWhatTheParserAcceptsAsAnObject() {
        var texts = ["{}", " {\"a\": 1} ", "[1]", "\"s\"", "1", "{\"x\": {\"y\": [1, {\"z\": null}, \"\\u00e9\\n\"]}, \"a\": true}",
                     "{\"x\": [], \"y\": {}, \"z\": [[], {}]}"]
        texts += ["", "{", "{\"a\":}", "{\"a\":1,}", "{,\"a\":1}", "{\"a\":1 \"b\":2}", "{\"x\": [1 2]}", "{\"x\": [1,]}", "{\"x\": [,1]}",
                  "{\"x\": \"\\q\"}", "{\"x\": 01}", "{\"x\": \"tab\there\"}", "{\"x\": {\"y\": tru}}", "{\"x\": \"\\u12\"}",
                  "{} {}", "{'a':1}", "{\"x\": [}", "{\"x\": -}", "{\"a\" 1}", "{1: 2}"]
        texts.append("{\"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}")
        for text in texts {
            let isObject: Bool
            if case .object? = WireJSON.parse(text) { isObject = true } else { isObject = false }
            XCTAssertEqual(walked(text) != nil, isObject, text)
        }
    }

    func testReadsTheMembersAskedForAndSkipsTheRest() throws {
        let text = #"{"skip": {"deep": [1, "two", {"a": 9}]}, "a": [1, "x"], "b": "\u00e9t\u00e9", "\u00e9": null, "long_key_name_beyond_fifteen": 2.5}"#
        let members = try XCTUnwrap(walked(text))
        XCTAssertEqual(members.map(\.0), ["a", "b", "é", "long_key_name_beyond_fifteen"], "an escaped key still matches; a nested \"a\" is not a member")
        XCTAssertEqual(members.map(\.1), [[1, "x"], "été", .null, .number(2.5)])
    }

    func testTypedReadsSkipOtherTypes() {
        let got = WireJSON.walk(#"{"a": null, "b": {"c": 1}, "a": "text", "b": -7, "b": 2.9, "b": 12345678901234567890}"#) { reader -> [String] in
            var got: [String] = []
            _ = reader.beginObject()
            while let key = reader.nextKey() {
                switch key {
                case "a": got.append(reader.string() ?? "not a string")
                case "b": got.append(reader.int().map(String.init) ?? "not a number")
                default: reader.skipValue()
                }
            }
            return got
        }
        XCTAssertEqual(got, ["not a string", "not a number", "text", "-7", "2", "not a number"])
    }
}

final class GeminiNullArgsTests: XCTestCase {
    func testNullArgsBecomeEmptyObject() throws {
        var p = GeminiStreamParser()
        let out = try p.consume(data: #"{"candidates":[{"content":{"parts":[{"functionCall":{"name":"list_tasks","args":null}}],"role":"model"},"index":0}]}"#)
        XCTAssertEqual(out[1], .toolCallArgumentsDelta(index: 0, "{}"))
    }
}
