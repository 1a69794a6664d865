import Foundation
import Core
import Providers
import Storage

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
            let cost = tokens(message.content) + message.images.count * imageTokens
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

    /// Roughly what a picture costs a vision model (OpenAI counts 765 tokens for a 1024×1024
    /// one in detail; Anthropic about 1,600 at its largest): enough to drop history for it.
    static let imageTokens = 1_000

    /// How many earlier messages with pictures send them again (the newest ones): a follow-up
    /// ("and the sign on the left?") needs the last picture, not every one of the conversation,
    /// each of which costs its tokens on every turn. Older ones are named in the text instead.
    static let earlierImageMessagesSent = 1

    /// Earlier messages of the conversation as chat messages: failed answers are left out,
    /// interrupted ones keep their partial text so the model knows what was already said.
    /// `sent` are the pictures sent again; the other `stored` ones are named in a line.
    static func history(_ messages: [Message], stored: [Int64: [StoredImage]] = [:],
                        sent: [Int64: [ImageAttachment]] = [:]) -> [ChatMessage] {
        messages.compactMap { m in
            switch (m.role, m.status) {
            case (_, .error), (_, .streaming): return nil
            case (.user, _):
                if let images = sent[m.id ?? -1], !images.isEmpty {
                    return ChatMessage(role: .user, content: m.content, images: images)
                }
                let named = (stored[m.id ?? -1] ?? []).map { "[image \(Sanitizer.clean($0.name)), \($0.info.sizeText), not sent again]" }
                let text = ([m.content] + named).filter { !$0.isEmpty }.joined(separator: "\n")
                return text.isEmpty ? nil : ChatMessage(role: .user, content: text)
            case (.assistant, _):
                return m.content.isEmpty ? nil : ChatMessage(role: m.role, content: m.content)
            default: return nil
            }
        }
    }

    /// The pictures of `history` (user messages) and of the message being answered: which are
    /// stored, and the bytes of those sent (the turn's own, and the newest earlier ones).
    static func images(history: [Message], current: Int64, in database: AppDatabase)
        -> (stored: [Int64: [StoredImage]], sent: [Int64: [ImageAttachment]], current: [ImageAttachment]) {
        let ids = history.filter { $0.role == .user }.compactMap(\.id)
        let stored = (try? database.images(messageIds: ids + [current])) ?? [:]
        guard !stored.isEmpty else { return ([:], [:], []) }
        var sent: [Int64: [ImageAttachment]] = [:]
        for id in ids.filter({ stored[$0] != nil }).suffix(earlierImageMessagesSent) {
            sent[id] = try? database.imageAttachments(messageId: id)
        }
        let own = stored[current] == nil ? [] : (try? database.imageAttachments(messageId: current)) ?? []
        return (stored, sent, own)
    }
}
