import Foundation
import Core
import Providers

/// Builds what the model sees: the system prompt with the moment and place injected, and the history.
enum ContextBuilder {
    static func systemPrompt(persona: String, now: Date, timeZone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = timeZone
        f.dateFormat = "EEEE yyyy-MM-dd HH:mm"
        let host = ProcessInfo.processInfo.hostName
        return """
        \(persona)
        Current date and time: \(f.string(from: now)) (\(timeZone.identifier)). Locale: \(Locale.current.identifier). Host: \(host).
        Resolve relative dates against this date. Use the tools to read or change tasks and todos; never invent their contents.
        """
    }

    /// A model whose window the catalog does not know (most local ones) is taken to have this.
    static let defaultWindow = (context: 8_192, output: 1_024)

    /// Roughly how many tokens `text` takes: a token is about four bytes of English, and each
    /// message costs a few more for its framing. Erring high only drops history sooner.
    static func tokens(_ text: String) -> Int { (text.utf8.count + 3) / 4 + 4 }

    /// The newest of `history` that fit in `budget` tokens, in order: the oldest go first, and
    /// a message never goes in cut.
    static func fitting(_ history: [ChatMessage], budget: Int) -> [ChatMessage] {
        var left = budget
        var kept: [ChatMessage] = []
        for message in history.reversed() {
            let cost = tokens(message.content)
            guard cost <= left else { break }
            left -= cost
            kept.append(message)
        }
        return kept.reversed()
    }

    /// Tokens left for history in `model`'s window once the answer's budget, the system
    /// prompt, the tool definitions and the new message are counted.
    static func historyBudget(model: ModelInfo?, system: String, tools: [ToolSchema], message: String) -> Int {
        let window = model.map { (context: $0.contextWindow, output: $0.maxOutputTokens) } ?? defaultWindow
        let toolText = tools.map { $0.name + $0.description + $0.inputSchema.jsonText }.joined()
        return window.context - min(window.output, window.context / 4) - tokens(system) - tokens(toolText) - tokens(message)
    }

    /// Earlier messages of the conversation as chat messages: failed answers are left out,
    /// interrupted ones keep their partial text so the model knows what was already said.
    static func history(_ messages: [Message]) -> [ChatMessage] {
        messages.compactMap { m in
            switch (m.role, m.status) {
            case (_, .error), (_, .streaming): return nil
            case (.user, _), (.assistant, _):
                return m.content.isEmpty ? nil : ChatMessage(role: m.role, content: m.content)
            default: return nil
            }
        }
    }
}
