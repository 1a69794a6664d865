import Foundation
import Core
import Providers

/// Asks a connected model for a short title after the first exchange. The Offline assistant
/// has no model: its conversations keep the title made from the first message.
public enum ConversationTitler {
    static let instruction = """
        Give this conversation a title of at most six words that says what it is about. \
        Answer with the title alone: no quotes, no punctuation at the end.
        """

    /// The model's title, cleaned; nil for the Offline assistant, on any failure, or when the
    /// answer holds no usable title (the heuristic title stays then).
    public static func suggest(provider: any ChatProvider, model: String, question: String, answer: String) async -> String? {
        // A title is not worth a fallback chain's retries and notes: only its first provider is asked.
        let provider = (provider as? FallbackProvider)?.chain[0] ?? provider
        guard provider.id != "offline" else { return nil }
        let request = ChatRequest(system: instruction, messages: [
            ChatMessage(role: .user, content: "Question: \(question.prefix(2_000))\n\nAnswer: \(answer.prefix(2_000))"),
        ], model: model, maxTokens: 24, temperature: 0.2)
        var text = ""
        do {
            for try await event in provider.stream(request) {
                if case .textDelta(let delta) = event { text += delta }
                if text.count > 400 { break }
            }
        } catch { return nil }
        return ConversationTitle.fromModel(text)
    }
}
