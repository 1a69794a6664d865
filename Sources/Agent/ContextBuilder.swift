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
