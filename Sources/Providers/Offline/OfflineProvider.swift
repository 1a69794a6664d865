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
    /// Answers are in Chinese when the person's last message has Han characters.
    func plannedEvents(for request: ChatRequest) -> [StreamEvent] {
        let chinese = request.messages.last { $0.role == .user }?.content.containsHan ?? false
        let unknown = chinese ? ChineseReplies.unknown : OfflineReplies.unknown
        guard let last = request.messages.last else { return textEvents(unknown, request) }
        switch last.role {
        case .tool:
            let answer = chinese ? ChineseReplies.answer(toResult: last, in: request)
                                 : OfflineReplies.answer(toResult: last, in: request)
            return textEvents(answer, request)
        case .user where !last.images.isEmpty:
            // It cannot see: says so first, then answers the words as usual (or only that).
            let note = chinese ? ChineseReplies.cannotSee : OfflineReplies.cannotSee
            var words = last
            words.images = []
            guard !last.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return textEvents(note, request) }
            var rest = request
            rest.messages[rest.messages.count - 1] = words
            return Self.words(of: note + "\n\n").map(StreamEvent.textDelta) + plannedEvents(for: rest)
        case .user:
            let intent = recognizer.recognize(last.content, now: request.now, timeZone: request.timeZone)
            guard let call = intent.toolCall else {
                return textEvents(chinese ? ChineseReplies.text(for: intent) : OfflineReplies.text(for: intent), request)
            }
            guard request.tools.contains(where: { $0.name == call.name }) else {
                let missing = chinese ? ChineseReplies.missingTool(call.name) : OfflineReplies.missingTool(call.name)
                return textEvents(missing, request)
            }
            return toolCallEvents(name: call.name, arguments: call.arguments, request)
        case .assistant, .system:
            return textEvents(unknown, request)
        }
    }

    static let hanPerChunk = 2

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
    /// Chinese has no spaces, so a run of Han characters streams two at a time ("好的，" "已创" "建任" "务"),
    /// punctuation staying with the characters before it.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var hanInCurrent = 0
        for character in text {
            let afterSpace = current.last?.isWhitespace == true
            // A Han chunk ends when full, or where other letters begin ("建任务。OK" → "务。" "OK"), and back.
            let switchesScript = character.isHan ? current.last?.isLetter == true && hanInCurrent == 0 : hanInCurrent > 0
            let chunkEnds = (hanInCurrent >= hanPerChunk || switchesScript) && !character.isPunctuation
            if !character.isWhitespace, !current.isEmpty, afterSpace || chunkEnds {
                words.append(current)
                current = ""
                hanInCurrent = 0
            }
            current.append(character)
            if character.isHan { hanInCurrent += 1 }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
