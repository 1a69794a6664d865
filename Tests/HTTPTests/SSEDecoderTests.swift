import XCTest
@testable import HTTP

final class SSEDecoderTests: XCTestCase {
    /// Decodes `stream` fed in every chunking; all must give the same events, which are returned.
    private func events(_ stream: String, file: StaticString = #filePath, line: UInt = #line) -> [SSEEvent] {
        var expected: [SSEEvent]?
        for chunks in Chunkings.of(stream) {
            var decoder = SSEDecoder()
            var events = chunks.flatMap { decoder.feed($0) }
            events += decoder.finish()
            if let expected {
                XCTAssertEqual(events, expected, "chunks \(chunks.map(\.count))", file: file, line: line)
                if events != expected { break }
            } else {
                expected = events
            }
        }
        return expected ?? []
    }

    func testMultiLineDataJoinsWithNewlines() {
        XCTAssertEqual(events("data: YHOO\ndata: +2\ndata: 10\n\n"), [SSEEvent(data: "YHOO\n+2\n10")])
    }

    func testTheSpecExampleWithIDsAndComments() {
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        XCTAssertEqual(events(stream), [
            SSEEvent(data: "first event", id: "1"),
            SSEEvent(data: "second event"), // a bare "id" resets the ID to empty
            SSEEvent(data: " third event"), // only one space after the colon is removed
        ])
    }

    func testEmptyDataFieldsAndAnUnterminatedLastEvent() {
        XCTAssertEqual(events("data\n\ndata\ndata\n\ndata:"), [SSEEvent(data: ""), SSEEvent(data: "\n")])
    }

    func testSpaceAfterColonIsOptional() {
        XCTAssertEqual(events("data:test\n\ndata: test\n\n"), [SSEEvent(data: "test"), SSEEvent(data: "test")])
    }

    func testEventTypesResetAfterEachEvent() {
        let stream = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: lonely\n\ndata: plain\n\n"
        XCTAssertEqual(events(stream), [
            SSEEvent(event: "add", data: "73857293"),
            SSEEvent(event: "remove", data: "2153"),
            SSEEvent(data: "plain"),
        ])
    }

    func testIDCarriesOverAndAnIDWithNULIsIgnored() {
        let stream = "id: 7\ndata: a\n\ndata: b\n\nid: 8\u{0}x\ndata: c\n\nid: 9\n\ndata: d\n\n"
        XCTAssertEqual(events(stream), [
            SSEEvent(data: "a", id: "7"), SSEEvent(data: "b", id: "7"),
            SSEEvent(data: "c", id: "7"), SSEEvent(data: "d", id: "9"),
        ])
    }

    func testLastEventIDIsCommittedOnlyAtABlankLine() {
        var decoder = SSEDecoder()
        _ = decoder.feed(Data("id: 1\ndata: a\n\nid: 2\n".utf8))
        XCTAssertEqual(decoder.lastEventID, "1")
        _ = decoder.feed(Data("\n".utf8))
        XCTAssertEqual(decoder.lastEventID, "2", "a block with only an id still sets it")
        _ = decoder.feed(Data("id: 3\ndata: cut".utf8))
        _ = decoder.finish()
        XCTAssertEqual(decoder.lastEventID, "2", "an unfinished block's id does not count")
    }

    func testRetryTakesOnlyDigits() {
        XCTAssertEqual(events("retry: 1500\ndata: a\n\nretry: 15x\ndata: b\n\nretry: -1\nretry:\nretry: 2.5\ndata: c\n\n"), [
            SSEEvent(data: "a", retry: 1500), SSEEvent(data: "b"), SSEEvent(data: "c"),
        ])
        var decoder = SSEDecoder()
        XCTAssertEqual(decoder.feed(Data("retry: 3000\n\n".utf8)), [], "a retry-only block dispatches nothing")
        XCTAssertEqual(decoder.reconnectionTime, 3000)
    }

    func testCommentsAndUnknownFieldsAreIgnored() {
        XCTAssertEqual(events(": keep-alive\n:\nfoo: bar\nDATA: shout\ndata: x\n: between\n\n"), [SSEEvent(data: "x")])
    }

    func testCRLFAndCRAndLFMixed() {
        let stream = "data: a\rdata: b\n\r\ndata: c\r\r" + "event: e\r\ndata: d\r\n\r\n"
        XCTAssertEqual(events(stream), [SSEEvent(data: "a\nb"), SSEEvent(data: "c"), SSEEvent(event: "e", data: "d")])
    }

    func testCRAtTheEndOfAChunkAndLFAtTheStartOfTheNext() {
        var decoder = SSEDecoder()
        var received: [SSEEvent] = []
        for chunk in ["data: a\r", "\ndata: b\r", "\n\r", "\n"] {
            received += decoder.feed(Data(chunk.utf8))
        }
        XCTAssertEqual(received, [SSEEvent(data: "a\nb")], "each CRLF is one line end, not two")
    }

    func testUTF8SplitAcrossChunks() {
        let text = "café — 日本語 🙂 👩🏽‍💻"
        var decoder = SSEDecoder()
        var received: [SSEEvent] = []
        for byte in Data("data: \(text)\n\n".utf8) {
            received += decoder.feed(Data([byte]))
        }
        XCTAssertEqual(received, [SSEEvent(data: text)])
        XCTAssertEqual(events("data: \(text)\n\n"), [SSEEvent(data: text)])
    }

    func testOneLeadingBOMIsSkipped() {
        XCTAssertEqual(events("\u{FEFF}data: a\n\n"), [SSEEvent(data: "a")])
        XCTAssertEqual(events("\u{FEFF}\u{FEFF}data: a\n\ndata: b\n\n"), [SSEEvent(data: "b")],
                       "a second BOM is part of the field name")
        XCTAssertEqual(events("data: a\n\n\u{FEFF}data: b\n\n"), [SSEEvent(data: "a")], "only at the stream's start")
    }

    func testAFinalEventWithoutItsBlankLineIsNotDispatched() {
        XCTAssertEqual(events("data: a\n\ndata: b\n"), [SSEEvent(data: "a")])
        XCTAssertEqual(events("data: a\n\ndata: b"), [SSEEvent(data: "a")])
    }

    func testSeparatorsAreFoundPastCombiningMarks() {
        XCTAssertEqual(events("data:\u{301}x\n\ndata: \u{301}y\n\n"), [SSEEvent(data: "\u{301}x"), SSEEvent(data: "\u{301}y")])
    }

    func testInvalidUTF8BecomesReplacementCharacters() {
        var bytes = Data("data: a".utf8)
        bytes.append(contentsOf: [0xFF, 0xC3])
        bytes.append(contentsOf: Data("\n\n".utf8))
        var decoder = SSEDecoder()
        XCTAssertEqual(decoder.feed(bytes), [SSEEvent(data: "a\u{FFFD}\u{FFFD}")])
    }

    func testFinishStartsANewStreamAndKeepsTheLastID() {
        var decoder = SSEDecoder()
        _ = decoder.feed(Data("id: 5\ndata: a\n\ndata: half".utf8))
        XCTAssertEqual(decoder.finish(), [])
        XCTAssertEqual(decoder.feed(Data("\u{FEFF}data: b\n\n".utf8)), [SSEEvent(data: "b", id: "5")])
    }

    func testRealProviderStreamsInEveryChunking() {
        let openAI = """
        data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}

        data: {"choices":[{"index":0,"delta":{"content":"日本"}}]}

        data: [DONE]


        """
        XCTAssertEqual(events(openAI).map(\.data).last, "[DONE]")
        XCTAssertEqual(events(openAI).count, 3)
        let anthropic = "event: message_start\ndata: {\"type\":\"message_start\"}\n\nevent: ping\ndata: {\"type\": \"ping\"}\n\n"
            + "event: content_block_delta\ndata: {\"delta\":{\"text\":\"🙂\"}}\n\nevent: message_stop\ndata: {}\n\n"
        XCTAssertEqual(events(anthropic).map { $0.event ?? "" }, ["message_start", "ping", "content_block_delta", "message_stop"])
        let gemini = "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"é\"}]}}]}\r\n\r\ndata: {\"x\":1}\r\n\r\n"
        XCTAssertEqual(events(gemini).map(\.data), ["{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"é\"}]}}]}", "{\"x\":1}"])
    }

    func testALongStreamFedByteByByteStaysFast() {
        let stream = String(repeating: "data: {\"content\":\"token é\"}\n\n", count: 5_000)
        let bytes = Data(stream.utf8)
        let clock = ContinuousClock()
        var count = 0
        let elapsed = clock.measure {
            var decoder = SSEDecoder()
            for index in bytes.indices {
                count += decoder.feed(bytes[index...index]).count
            }
        }
        XCTAssertEqual(count, 5_000)
        XCTAssertLessThan(elapsed, .seconds(5), "\(bytes.count) bytes one by one took \(elapsed)")
    }
}
