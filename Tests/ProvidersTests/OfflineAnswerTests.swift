import XCTest
import Core
@testable import Providers

/// Text answers: after a tool result, without a tool, and for help, greetings and everything else.
final class OfflineAnswerTests: XCTestCase {
    private func afterTool(_ name: String, arguments: String = "{}", result: String, isError: Bool = false)
        -> ChatRequest {
        offlineRequest([
            ChatMessage(role: .user, content: "…"),
            ChatMessage(role: .assistant, content: "",
                        toolCalls: [ToolCallRequest(id: "offline-1", name: name, arguments: arguments)]),
            ChatMessage(role: .tool, content: result, toolCallId: "offline-1", toolName: name, isError: isError),
        ])
    }

    func testConfirmationAfterATaskIsCreated() async throws {
        let result = "Created task “Call mom” on Tue 2026-11-24 at 17:00."
        let events = try await collect(afterTool("create_task", result: result))
        XCTAssertEqual(streamedText(events), "Done. \(result)")
        XCTAssertNil(toolCall(in: events))
        XCTAssertEqual(events.last, .done(.endTurn))
    }

    func testApologyWithHintAfterAToolError() async throws {
        let events = try await collect(afterTool("complete_task", result: "No task matches “dentist”.", isError: true))
        let text = streamedText(events)
        XCTAssertTrue(text.hasPrefix("Sorry, that didn't work: No task matches “dentist”."), text)
        XCTAssertTrue(text.contains("what's upcoming"), text)
        XCTAssertEqual(events.last, .done(.endTurn))
    }

    func testDateAnswerUsesTheDayInTheResult() async throws {
        let events = try await collect(afterTool("resolve_date", arguments: #"{"phrase":"next friday"}"#,
                                                 result: "2026-12-04 (Friday)"))
        XCTAssertEqual(streamedText(events), "Next friday is Friday, 4 December 2026.")
    }

    func testDateAnswerFallsBackToThePhraseWhenTheResultHasNoISODate() async throws {
        let events = try await collect(afterTool("resolve_date", arguments: #"{"phrase":"the day after tomorrow"}"#,
                                                 result: "That is a Wednesday."))
        XCTAssertEqual(streamedText(events), "The day after tomorrow is Wednesday, 25 November 2026.")
    }

    func testAgendaAnswerShowsTheListing() async throws {
        let listing = "Mon 2026-11-23\n  17:00 Call mom\nFri 2026-11-27\n  09:00 Dentist\n  all day Pay rent"
        let events = try await collect(afterTool("list_tasks", result: listing))
        // Markdown, as the chat draws it: each day's tasks a list under the day.
        XCTAssertEqual(streamedText(events),
                       "Here's what I found:\n\nMon 2026-11-23\n- 17:00 Call mom\n\nFri 2026-11-27\n- 09:00 Dentist\n- all day Pay rent")
    }

    func testMissingToolIsExplainedInText() async throws {
        let events = try await collect(offlineRequest(saying: "remind me to call mom tomorrow at 5pm", tools: []))
        let text = streamedText(events)
        XCTAssertNil(toolCall(in: events))
        XCTAssertTrue(text.contains("can't create tasks"), text)
        XCTAssertTrue(text.contains("create_task"), text)
        XCTAssertTrue(text.lowercased().contains("offline"), text)
        XCTAssertEqual(events.last, .done(.endTurn))
    }

    func testOnlyOfferedToolsAreCalled() async throws {
        let onlyLists = allOfflineTools.filter { $0.name == "list_tasks" }
        let events = try await collect(offlineRequest(saying: "delete the dentist task", tools: onlyLists))
        XCTAssertNil(toolCall(in: events))
        XCTAssertTrue(streamedText(events).contains("can't delete tasks"))
    }

    func testHelpSaysItIsOfflineAndGivesExamples() async throws {
        for question in ["help", "What can you do?", "?"] {
            let text = streamedText(try await collect(offlineRequest(saying: question)))
            XCTAssertTrue(text.contains("offline assistant"), question)
            XCTAssertGreaterThanOrEqual(text.components(separatedBy: "\n- ").count - 1, 5, question)
            XCTAssertTrue(text.contains("remind me to call mom tomorrow at 5pm"), question)
        }
    }

    func testGreetingsAndThanksAreShortAndSayOffline() async throws {
        for greeting in ["hi", "Hello!", "thanks"] {
            let text = streamedText(try await collect(offlineRequest(saying: greeting)))
            XCTAssertTrue(text.contains("offline assistant"), greeting)
            XCTAssertLessThan(text.count, 200, greeting)
        }
    }

    func testAnythingElseGetsAnHonestFallback() async throws {
        let events = try await collect(offlineRequest(saying: "What's the capital of France?"))
        let text = streamedText(events)
        XCTAssertNil(toolCall(in: events))
        XCTAssertTrue(text.contains("offline assistant"))
        XCTAssertTrue(text.contains("didn't find a task request"))
        XCTAssertEqual(text.components(separatedBy: "\n- ").count - 1, 3)
        for needed in ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "Ollama", "aihelper --provider NAME"] {
            XCTAssertTrue(text.contains(needed), needed)
        }
    }

    // MARK: Stream shape

    func testTextStreamsWordByWordThenUsageThenDone() async throws {
        let events = try await collect(offlineRequest(saying: "help"))
        let deltas = events.compactMap { if case .textDelta(let word) = $0 { return word } else { return nil } }
        XCTAssertGreaterThan(deltas.count, 20)
        XCTAssertTrue(deltas.dropLast().allSatisfy { $0.last?.isWhitespace == true }, "each word carries its space")
        XCTAssertEqual(deltas.joined(), OfflineReplies.help)
        XCTAssertEqual(events[events.count - 2], .usage(inputTokens: 1, outputTokens: deltas.count))
        XCTAssertEqual(events.last, .done(.endTurn))
        XCTAssertEqual(events.count, deltas.count + 2)
    }

    func testToolCallStreamsItsArgumentsInPieces() async throws {
        let events = try await collect(offlineRequest(saying: "create task buy milk"))
        XCTAssertEqual(events.first, .toolCallStart(index: 0, id: "offline-1", name: "create_task"))
        let pieces = events.filter { if case .toolCallArgumentsDelta = $0 { return true } else { return false } }
        XCTAssertEqual(pieces.count, 3)
        XCTAssertEqual(Array(events.suffix(2)), [.toolCallEnd(index: 0), .done(.toolUse)])
        XCTAssertEqual(events.count, 6)
    }

    func testWordsKeepTheirFollowingWhitespace() {
        XCTAssertEqual(OfflineProvider.words(of: "Hello  big\nworld"), ["Hello  ", "big\n", "world"])
    }

    // MARK: Cancellation

    func testCancellingTheConsumerStopsTheStreamWithin100ms() async throws {
        let provider = OfflineProvider(wordDelay: .milliseconds(50))
        let request = offlineRequest(saying: "help")
        let totalWords = OfflineProvider.words(of: OfflineReplies.help).count
        let consumer = Task { () -> Int in
            var words = 0
            do {
                for try await event in provider.stream(request) {
                    if case .textDelta = event { words += 1 }
                }
            } catch {}
            return words
        }
        try await Task.sleep(for: .milliseconds(180))
        let cancelledAt = ContinuousClock.now
        consumer.cancel()
        let received = await consumer.value
        let elapsed = ContinuousClock.now - cancelledAt
        XCTAssertLessThan(elapsed, .milliseconds(100))
        XCTAssertGreaterThan(received, 0)
        XCTAssertLessThan(received, totalWords)
    }

    func testCancellingTheProducerStopsItWithin100ms() async throws {
        let events = OfflineProvider(wordDelay: .zero).plannedEvents(for: offlineRequest(saying: "help"))
        let producer = Task { () -> (finished: Bool, sent: Int) in
            var sent = 0
            let finished = await OfflineProvider.pace(events, wordDelay: .milliseconds(50)) { _ in sent += 1 }
            return (finished, sent)
        }
        try await Task.sleep(for: .milliseconds(180))
        let cancelledAt = ContinuousClock.now
        producer.cancel()
        let outcome = await producer.value
        XCTAssertLessThan(ContinuousClock.now - cancelledAt, .milliseconds(100))
        XCTAssertFalse(outcome.finished)
        XCTAssertGreaterThan(outcome.sent, 0)
        XCTAssertLessThan(outcome.sent, events.count)
    }
}
