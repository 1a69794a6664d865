import XCTest
@testable import Providers

final class EventCoalescingTests: XCTestCase {
    func testNeighbouringDeltasJoinAndEverythingElseKeepsItsOrder() {
        let events: [StreamEvent] = [
            .textDelta("Hel"), .textDelta("lo "), .textDelta("🙂"),
            .reasoningDelta("a"), .reasoningDelta("b"),
            .toolCallStart(index: 0, id: "c0", name: "f"),
            .toolCallArgumentsDelta(index: 0, "{\"a\""), .toolCallArgumentsDelta(index: 0, ":1}"),
            .toolCallStart(index: 1, id: "c1", name: "g"),
            .toolCallArgumentsDelta(index: 1, "{}"), .toolCallArgumentsDelta(index: 0, " "),
            .toolCallEnd(index: 0), .usage(inputTokens: 3, outputTokens: 4), .textDelta("x"), .done(.endTurn),
        ]
        XCTAssertEqual(events.coalesced(), [
            .textDelta("Hello 🙂"), .reasoningDelta("ab"),
            .toolCallStart(index: 0, id: "c0", name: "f"), .toolCallArgumentsDelta(index: 0, "{\"a\":1}"),
            .toolCallStart(index: 1, id: "c1", name: "g"),
            .toolCallArgumentsDelta(index: 1, "{}"), .toolCallArgumentsDelta(index: 0, " "),
            .toolCallEnd(index: 0), .usage(inputTokens: 3, outputTokens: 4), .textDelta("x"), .done(.endTurn),
        ])
        XCTAssertEqual([StreamEvent]().coalesced(), [])
    }

    func testTheJoinedTextIsTheConcatenation() {
        let pieces = (0..<500).map { "t\($0) " }
        XCTAssertEqual(pieces.map(StreamEvent.textDelta).coalesced(), [.textDelta(pieces.joined())])
    }
}
