import Foundation
import Core

/// The built-in assistant used when no model is configured. It reads requests with
/// `IntentRecognizer` and answers the way a tool-calling model does — a tool call, then a final
/// answer once the tool result comes back — so it runs through the same agent loop and timeline.
public struct OfflineProvider: ChatProvider {
    public let id = "offline"
    public let displayName = "Offline"
    public let defaultModel = "offline-assistant"
    /// The pause between streamed words, so the answer reads like a stream (zero in tests).
    public let wordDelay: Duration
    public let recognizer: IntentRecognizer

    public init(wordDelay: Duration = .milliseconds(12), recognizer: IntentRecognizer = IntentRecognizer()) {
        self.wordDelay = wordDelay
        self.recognizer = recognizer
    }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<StreamEvent, Error> {
        let events = plannedEvents(for: request)
        let delay = wordDelay
        return AsyncThrowingStream { continuation in
            let producer = Task {
                if await Self.pace(events, wordDelay: delay, send: { continuation.yield($0) }) {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: CancellationError())
                }
            }
            // The consumer cancelling (or dropping the stream) stops the producer at its next word.
            continuation.onTermination = { _ in producer.cancel() }
        }
    }

    /// Sends `events`, pausing `wordDelay` between words. Stops at the next word once the calling
    /// task is cancelled; returns whether everything was sent.
    static func pace(_ events: [StreamEvent], wordDelay: Duration, send: (StreamEvent) -> Void) async -> Bool {
        var wordsSent = 0
        for event in events {
            if case .textDelta = event, wordsSent > 0, wordDelay > .zero {
                do { try await Task.sleep(for: wordDelay) } catch { return false }
            }
            if Task.isCancelled { return false }
            if case .textDelta = event { wordsSent += 1 }
            send(event)
        }
        return true
    }

    /// Everything the assistant will send for `request`, in order; `stream` only paces it.
    func plannedEvents(for request: ChatRequest) -> [StreamEvent] {
        guard let last = request.messages.last else { return textEvents(OfflineReplies.unknown, request) }
        switch last.role {
        case .tool:
            return textEvents(OfflineReplies.answer(toResult: last, in: request), request)
        case .user:
            let intent = recognizer.recognize(last.content, now: request.now, timeZone: request.timeZone)
            guard let call = intent.toolCall else { return textEvents(OfflineReplies.text(for: intent), request) }
            guard request.tools.contains(where: { $0.name == call.name }) else {
                return textEvents(OfflineReplies.missingTool(call.name), request)
            }
            return toolCallEvents(name: call.name, arguments: call.arguments, request)
        case .assistant, .system:
            return textEvents(OfflineReplies.unknown, request)
        }
    }

    /// A text answer: one delta per word (with the space after it), then usage counted in words.
    private func textEvents(_ text: String, _ request: ChatRequest) -> [StreamEvent] {
        let words = Self.words(of: text)
        let input = ([request.system] + request.messages.map(\.content)).reduce(0) { $0 + Self.words(of: $1).count }
        return words.map(StreamEvent.textDelta) + [.usage(inputTokens: input, outputTokens: words.count), .done(.endTurn)]
    }

    /// A tool call whose JSON arrives in three pieces, as real streams split it.
    private func toolCallEvents(name: String, arguments: JSONValue, _ request: ChatRequest) -> [StreamEvent] {
        let number = request.messages.reduce(0) { $0 + $1.toolCalls.count } + 1
        let json = Array(arguments.jsonText)
        let third = max(1, json.count / 3)
        let pieces = [json[..<third], json[third..<min(json.count, 2 * third)], json[min(json.count, 2 * third)...]]
            .filter { !$0.isEmpty }
            .map { StreamEvent.toolCallArgumentsDelta(index: 0, String($0)) }
        return [.toolCallStart(index: 0, id: "offline-\(number)", name: name)] + pieces
            + [.toolCallEnd(index: 0), .done(.toolUse)]
    }

    /// "Hello big world" → ["Hello ", "big ", "world"]: each word keeps the whitespace after it.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if !character.isWhitespace, let last = current.last, last.isWhitespace {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
