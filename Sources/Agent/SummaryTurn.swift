import Foundation
import Core
import Providers
import Storage

/// `/summarize` and the automatic summaries of long histories.
enum SummaryTurn {
    /// In the chat, the action items say how they become todos.
    static let actionItemsHeading = "Action items (select this message, then a):"

    static func isCommand(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "/summarize"
    }

    /// How many recent messages `/summarize` reads (then what fits the model's window).
    static let window = 400
    /// An automatic summary is written again once this many more messages fell out of the context.
    static let refreshAfter = 10
    /// The automatic summary goes into the system prompt; longer ones are cut.
    static let maxAutoSummaryCharacters = 2_000

    /// The conversation as text for the model: who said what, oldest first.
    static func transcript(_ messages: [ChatMessage]) -> String {
        messages.map { ($0.role == .user ? "User: " : "Assistant: ") + $0.content }.joined(separator: "\n\n")
    }

    /// Earlier messages without the `/summarize` requests and their answers.
    static func withoutSummaries(_ messages: [Message]) -> [Message] {
        var out: [Message] = []
        var skipNextAnswer = false
        for m in messages {
            if m.role == .user, isCommand(m.content) { skipNextAnswer = true; continue }
            if skipNextAnswer, m.role == .assistant { skipNextAnswer = false; continue }
            skipNextAnswer = false
            out.append(m)
        }
        return out
    }
}

extension TurnRunner {
    /// `/summarize`: the Offline assistant writes an extractive summary; a model is asked for
    /// the schema's JSON (not streamed), and a reply without it is kept as plain text. The
    /// summary is the answer's text and is stored with it.
    mutating func runSummarize() async -> Message {
        let conversationId = turn.user.conversationId
        let earlier = (try? agent.database.recentMessages(conversationId: conversationId, limit: SummaryTurn.window)) ?? []
        let history = SummaryTurn.withoutSummaries(earlier.filter { $0.id! < turn.user.id! })
        guard let last = history.last?.id else {
            return finish(status: .error, errorText: "Nothing to summarize yet: write a few messages first, then /summarize.")
        }
        let summary: Summary
        if agent.provider.id == "offline" {
            summary = ExtractiveSummary.make(history.map { ($0.role, $0.content) })
        } else {
            system = "You summarize a conversation between a user and an AI assistant. " + Summary.schemaPrompt
            let budget = ContextBuilder.historyBudget(
                model: ModelCatalog.find(agent.model, provider: ProviderKind(rawValue: agent.provider.id)),
                system: system, tools: [], message: "")
            context = [ChatMessage(role: .user, content: SummaryTurn.transcript(ContextBuilder.fitting(ContextBuilder.history(history), budget: budget)))]
            quiet = true
            do { _ = try await callModel() } catch { return finish(failure: error) }
            summary = Summary.parse(message.content)
        }
        message.content = summary.text(actionItemsHeading: SummaryTurn.actionItemsHeading)
        emit(.textDelta(messageId: message.id!, message.content))
        let stored = finish(status: .complete)
        // The answer holds the summary already; the table row only serves `aihelper review` and `a`.
        _ = try? agent.database.saveSummary(summary, conversationId: conversationId, messageId: message.id, kind: .manual, coversThroughId: last)
        return stored
    }

    /// When the history does not fit `autoSummaryThreshold` of the window's history budget (or
    /// older messages fell out of it), the messages that are left out are summarized — once,
    /// stored, and written again only after `refreshAfter` more fell out — and the summary
    /// goes into the system prompt. Returns that text, or nil when everything fits.
    mutating func autoSummary(history: [Message], budget: Int) -> String? {
        let threshold = agent.config.autoSummaryThreshold
        guard threshold > 0, let first = history.first?.id else { return nil }
        let conversationId = turn.user.conversationId
        var left = Int(Double(budget) * threshold)
        var cut: Int64?
        for m in history.reversed() {
            left -= ContextBuilder.tokens(m.content)
            if left < 0 { cut = m.id; break }
        }
        let olderExist = ((try? agent.database.recentMessages(conversationId: conversationId, limit: 1, through: first - 1)) ?? []).isEmpty == false
        guard let cutId = cut ?? (olderExist ? first - 1 : nil) else { return nil }
        var stored = try? agent.database.latestAutoSummary(conversationId: conversationId)
        if (stored?.coversThroughId ?? 0) < cutId {
            let dropped = SummaryTurn.withoutSummaries(
                (try? agent.database.recentMessages(conversationId: conversationId, limit: SummaryTurn.window, through: cutId)) ?? [])
            let newSince = dropped.filter { $0.id! > (stored?.coversThroughId ?? 0) }.count
            if stored == nil || newSince >= SummaryTurn.refreshAfter, !dropped.isEmpty {
                let summary = ExtractiveSummary.make(dropped.map { ($0.role, $0.content) })
                if let id = try? agent.database.saveSummary(summary, conversationId: conversationId, messageId: nil, kind: .auto, coversThroughId: cutId) {
                    stored = StoredSummary(id: id, conversationId: conversationId, messageId: nil, kind: .auto,
                                           coversThroughId: cutId, summary: summary, createdAt: Date())
                    emit(.summarized(conversationId: conversationId, coversThroughId: cutId))
                }
            }
        }
        guard let stored else { return nil }
        return "Summary of the earlier part of this conversation (older messages are not shown to you):\n"
            + String(stored.summary.text.prefix(SummaryTurn.maxAutoSummaryCharacters))
    }
}
