import Foundation
import XCTest
import Core
import TestSupport
@testable import App

/// A turn has one identity from its start to its end: `RunningTurn` in the state (id, answer),
/// and the `TurnController`'s task keyed by the same id.
final class TurnIdentityTests: XCTestCase {
    func testATurnIsOneIdentityFromStartToEnd() async throws {
        let harness = try AppTestHarness()
        let app = harness.app
        app.perform(.send("hello"))
        let turn = try XCTUnwrap(app.state.chat.turn, "started in the same pass as the effect")
        XCTAssertEqual(turn.messageId, app.state.chat.messages.last?.id, "the answer it streams")
        XCTAssertEqual(app.state.chat.streamingMessageId, turn.messageId)
        let task = try XCTUnwrap(app.turns.task)
        let answer = try await withDeadline(20) { await task.value }

        // The end of another turn (a cancelled one's, late) ends neither this turn nor its task.
        app.handle([.agent(turnId: turn.id + 1, .finished(answer))])
        XCTAssertEqual(app.state.chat.turn, turn)
        XCTAssertNotNil(app.turns.task)

        app.handle(app.mailbox.drain())
        XCTAssertNil(app.state.chat.turn, "its own end ends it")
        XCTAssertNil(app.turns.task, "and the controller lets its task go")
        XCTAssertEqual(app.state.chat.messages.last?.content, answer.content, "the stored answer is what is shown")
    }
}
