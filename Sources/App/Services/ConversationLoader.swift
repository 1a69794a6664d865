import Foundation
import Core
import Storage

/// Reads a conversation's window of messages and what is drawn with it. Failures read as
/// nothing: an empty window is still a conversation to type in.
struct ConversationLoader {
    let database: AppDatabase
    /// The messages a conversation opens with.
    static let windowSize = 200

    /// The last 200 messages; at `messageId`, from 20 before it to the newest.
    func open(_ conversationId: Int64, at messageId: Int64? = nil) -> ConversationWindow {
        let messages = (try? messageId.map { try database.messages(conversationId: conversationId, from: $0, context: 20, minimum: Self.windowSize) }
            ?? database.recentMessages(conversationId: conversationId, limit: Self.windowSize)) ?? []
        return window(conversationId, messages)
    }

    /// The window again (after a branch changed), without messages from `before` on (the turn
    /// being started adds those itself).
    func reload(_ conversationId: Int64, before: Int64 = .max) -> ConversationWindow {
        window(conversationId, (try? database.recentMessages(conversationId: conversationId, limit: Self.windowSize, through: before - 1)) ?? [])
    }

    private func window(_ conversationId: Int64, _ messages: [Message]) -> ConversationWindow {
        ConversationWindow(messages: messages,
                           hasOlder: ((try? database.messageCount(conversationId: conversationId)) ?? 0) > messages.count,
                           steps: (try? database.timelineSteps(messageIds: messages.compactMap(\.id))) ?? [:],
                           marks: marks(of: messages, conversationId: conversationId))
    }

    /// Branch marks and summaries of the messages: queries by partial indexes, which read
    /// nothing in a conversation without edits or summaries.
    func marks(of messages: [Message], conversationId: Int64?) -> ConversationMarks {
        ConversationMarks(branches: (try? database.branchPositions(of: messages.filter { $0.role == .user }.compactMap(\.id))) ?? [:],
                          summaries: summaries(of: messages.filter { $0.role == .assistant }.compactMap(\.id)),
                          autoSummary: autoSummary(of: conversationId),
                          images: (try? database.images(messageIds: messages.filter { $0.role == .user }.compactMap(\.id))) ?? [:],
                          toolImages: (try? database.toolCallImages(messageIds: messages.filter { $0.role == .assistant }.compactMap(\.id))) ?? [:])
    }

    func summaries(of messageIds: [Int64]) -> [Int64: Summary] {
        ((try? database.summaries(shownBy: messageIds)) ?? [:]).mapValues(\.summary)
    }

    func autoSummary(of conversationId: Int64?) -> StoredSummary? {
        conversationId.flatMap { try? database.latestAutoSummary(conversationId: $0) }
    }
}
