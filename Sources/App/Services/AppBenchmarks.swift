import Foundation
import Core
import Terminal

/// Hooks for `make bench` that need the app's internals (the renderer and its state).
public enum AppBenchmarks {
    /// Time to render `frames` frames of a chat of `messageCount` messages while its last
    /// answer streams (one token per frame), into an in-memory canvas. One sample per frame.
    public static func frameCost(messageCount: Int, width: Int, height: Int, frames: Int) -> [Duration] {
        var state = AppState(size: Size(width: width, height: height), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        state.chat.messages = (0..<messageCount).map(sampleMessage)
        state.chat.streamingMessageId = Int64(messageCount)
        state.chat.activeTurn = 1
        let renderer = Renderer(theme: .dark)
        var canvas = Canvas(width: width, height: height)
        renderer.render(&state, into: &canvas)  // warm the caches as a running app has them
        let clock = ContinuousClock()
        return (0..<frames).map { (frame: Int) -> Duration in
            state.chat.messages[messageCount - 1].content += "token\(frame) "
            return clock.measure { renderer.render(&state, into: &canvas) }
        }
    }

    private static func sampleMessage(_ i: Int) -> Message {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 1 + i % 7)
        let role: Role = i % 2 == 0 ? .user : .assistant
        return Message(id: Int64(i + 1), conversationId: 1, role: role, content: "Message \(i): " + words,
                       createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(i)))
    }
}
