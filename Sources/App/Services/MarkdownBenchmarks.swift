import Foundation
import Core
import Markdown
import Storage
import Terminal

/// In-process measures of answers drawn as Markdown (issue 15; `make bench`): a Markdown
/// answer streamed into the transcript, frames over long Markdown histories, and opening a
/// conversation of Markdown answers from its database.
public enum MarkdownBenchmarks {
    /// Streams `text` into the transcript in `tokenSize`-character tokens, drawing a frame every
    /// `tokensPerFrame` tokens (16 at 1,000 tokens/s is a frame per 16 ms) and the last one
    /// finished. One sample per frame: the draw's time, with the parse and layout it caused.
    public static func streamFrames(_ text: String, tokenSize: Int = 4, tokensPerFrame: Int = 16,
                                    width: Int = 120, height: Int = 40) -> [Duration] {
        var state = chatState(width: width, height: height)
        state.chat.messages = [Message(id: 1, conversationId: 1, role: .user, content: "Plan it", createdAt: Date()),
                               Message(id: 2, conversationId: 1, role: .assistant, content: "", status: .streaming, createdAt: Date())]
        state.chat.turn = RunningTurn(id: 1, messageId: 2)
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(width: width, height: height)
        let characters = Array(text)
        var samples: [Duration] = []
        let clock = ContinuousClock()
        var start = 0
        while start < characters.count {
            let end = min(characters.count, start + tokenSize * tokensPerFrame)
            state.chat.messages[1].content += String(characters[start..<end])
            start = end
            if start == characters.count {
                state.chat.messages[1].status = .complete
                state.chat.turn = nil
            }
            samples.append(clock.measure { renderer.render(state, view: &view, into: &canvas) })
        }
        return samples
    }

    /// One frame with `count` messages, every answer `answer` (Markdown), the last one streaming
    /// a token more each frame: the cost must not grow with the history.
    public static func frameCost(answer: String, messageCount count: Int, width: Int = 120, height: Int = 40, frames: Int) -> [Duration] {
        let messages = (0..<count).map { (i: Int) -> Message in message(i, answer: answer) }
        return AppBenchmarks.frameCost(messages, width: width, height: height, frames: frames) { $0 % 40 == 39 ? "\n\n" : "word\($0) " }
    }

    /// Writes a conversation of `answers` questions and Markdown answers into a fresh database at
    /// `path` (once), then measures opening it as the app does: its newest messages and their
    /// steps read, and the first frame drawn by a fresh renderer.
    public static func openConversation(databasePath path: String, answer: String, answers: Int, runs: Int) throws -> [Duration] {
        let database = try AppDatabase.open(path: path)
        let conversation: Conversation
        if let first = try database.conversations(limit: 1).first {
            conversation = first
        } else {
            let start = Date(timeIntervalSince1970: 1_790_000_000)
            let messages = (0..<(answers * 2)).map { (i: Int) -> Message in
                var m = message(i, answer: answer)
                m.id = nil
                return m
            }
            try database.bulkInsert(conversations: [(Conversation(title: "Markdown", provider: "offline", model: "offline",
                                                                  createdAt: start, updatedAt: start), messages)])
            conversation = try database.conversations(limit: 1).first!
        }
        let clock = ContinuousClock()
        return try (0..<runs).map { _ in
            try clock.measure {
                var state = chatState(width: 120, height: 40)
                state.chat.conversation = conversation
                state.chat.messages = try database.recentMessages(conversationId: conversation.id!, limit: 200)
                state.chat.steps = try database.timelineSteps(messageIds: state.chat.messages.compactMap(\.id))
                var canvas = Canvas(width: 120, height: 40), view = ViewState()
                Renderer(theme: .dark).render(state, view: &view, into: &canvas)
            }
        }
    }

    /// Issue 15's bad input, each parsed and laid out at 120 columns as the chat does: the
    /// time of the slower of two runs and the lines it gave.
    public static func badInput() -> [(name: String, time: Duration, lines: Int)] {
        let inputs: [(String, String)] = [
            ("10,000 nested lists", String(repeating: "- ", count: 10_000) + "deep"),
            ("10,000 quote markers", String(repeating: ">", count: 10_000) + " deep"),
            ("a 1 MB single line", String(repeating: "lorem *ipsum* dolor sit amet ", count: 1_000_000 / 29)),
            ("a table of 500 columns", (0..<4).map { row in "|" + (0..<500).map { "c\($0)r\(row)" }.joined(separator: "|") + "|" }
                .enumerated().map { $0 == 1 ? "|" + Array(repeating: "---", count: 500).joined(separator: "|") + "|" : $1 }.joined(separator: "\n")),
            ("open fence, 10,000 lines", "```swift\n" + String(repeating: "let x = \"open\n", count: 10_000)),
            ("10,000 open emphasis runs", String(repeating: "*a **b _c ~~d `e ", count: 10_000)),
            ("2,000 HTML blocks", String(repeating: "<div>\n<script>alert(1)</script>\n</div>\n\n", count: 2_000)),
            ("escapes in 5,000 code lines", "```sh\n" + String(repeating: "\u{1B}[31mred\u{1B}]0;title\u{07} \u{9B}2J\n", count: 5_000) + "```"),
            ("200 CJK and emoji table rows", "| 名前 | 🙂 |\n|---|:-:|\n" + String(repeating: "| 日本語のセル 👩‍👩‍👧 | 🇨🇭 café |\n", count: 200)),
        ]
        let clock = ContinuousClock()
        return inputs.map { name, source in
            var lines = 0
            let times = (0..<2).map { _ in
                clock.measure { lines = MarkdownLayout.lines(MarkdownParser.parse(source), width: 118, base: .assistantText).count }
            }
            return (name, times.max()!, lines)
        }
    }

    /// Questions and answers in turn, a second apart.
    private static func message(_ i: Int, answer: String) -> Message {
        let role: Role = i % 2 == 0 ? .user : .assistant
        let content = i % 2 == 0 ? "Question \(i / 2)" : answer
        return Message(id: Int64(i + 1), conversationId: 1, role: role, content: content,
                       createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(i)))
    }

    private static func chatState(width: Int, height: Int) -> AppState {
        AppState(size: Size(width: width, height: height), today: CivilDate(year: 2026, month: 11, day: 26),
                 providerName: "Offline", modelName: "offline-assistant")
    }
}
