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
    /// older messages fell out of it), the earlier messages are summarized and the summary goes
    /// into the system prompt. Returns that text, or nil when everything fits.
    ///
    /// Every message the model will not see is covered: the summary reaches at least the newest
    /// message left out of the context that is sent beside it. It is stored and reused; written
    /// again when it would no longer cover what falls out, or `refreshAfter` messages after the
    /// threshold moved on. A new one reaches `refreshAfter` messages past what must be covered
    /// (they are still in the context too), so it is not rewritten every turn as the window slides.
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
        guard cut != nil || olderExist else { return nil }
        /// The newest message the model will not see beside a summary of `text`.
        func mustCover(_ text: String) -> Int64? {
            SummaryTurn.newestLeftOut(history, budget: budget - ContextBuilder.tokens(text)) ?? (olderExist ? first - 1 : nil)
        }
        var stored = try? agent.database.latestAutoSummary(conversationId: conversationId)
        // Twice at most: a new summary longer than the old can leave one more message out.
        for _ in 0..<2 {
            let covered = stored?.coversThroughId ?? 0
            let needed = mustCover(stored.map { Self.autoSummaryText($0.summary) } ?? "") ?? 0
            let passedThreshold = SummaryTurn.withoutSummaries(history).filter { $0.id! > covered && $0.id! <= cut ?? 0 }
            let thresholdMoved = passedThreshold.count >= SummaryTurn.refreshAfter
            guard stored == nil || needed > covered || thresholdMoved else { break }
            let ahead = needed > 0 ? SummaryTurn.ahead(of: needed, in: history) : 0
            let through = max(cut ?? 0, ahead, needed)
            let dropped = SummaryTurn.withoutSummaries(
                (try? agent.database.recentMessages(conversationId: conversationId, limit: SummaryTurn.window, through: through)) ?? [])
            guard !dropped.isEmpty else { break }
            let summary = ExtractiveSummary.make(dropped.map { ($0.role, $0.content) })
            guard let id = try? agent.database.saveSummary(summary, conversationId: conversationId, messageId: nil, kind: .auto, coversThroughId: through)
            else { break }
            stored = StoredSummary(id: id, conversationId: conversationId, messageId: nil, kind: .auto,
                                   coversThroughId: through, summary: summary, createdAt: Date())
            emit(.summarized(conversationId: conversationId, coversThroughId: through))
        }
        return stored.map { Self.autoSummaryText($0.summary) }
    }

    static func autoSummaryText(_ summary: Summary) -> String {
        "Summary of the earlier part of this conversation (older messages are not shown to you):\n"
            + String(summary.text.prefix(SummaryTurn.maxAutoSummaryCharacters))
    }
}

extension SummaryTurn {
    /// The newest of `history` that `ContextBuilder.fitting` leaves out in `budget` (all older
    /// ones are left out with it); nil when all fit.
    static func newestLeftOut(_ history: [Message], budget: Int) -> Int64? {
        var left = budget
        for m in history.reversed() {
            guard let message = ContextBuilder.history([m]).first else { continue }
            let cost = ContextBuilder.tokens(message.content)
            if cost > left { return m.id }
            left -= cost
        }
        return nil
    }

    /// The message `refreshAfter` messages newer than `id` in `history` (its newest at most):
    /// how far a new summary reaches.
    static func ahead(of id: Int64, in history: [Message]) -> Int64 {
        let next = history.firstIndex { $0.id! > id } ?? history.count
        let index = min(next + refreshAfter - 1, history.count - 1)
        return index >= 0 ? history[index].id! : id
    }
}
