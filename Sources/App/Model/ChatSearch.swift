import Foundation
import Core
import Terminal

/// A search carried into the open conversation (Enter on a search result): the loaded messages
/// holding every word of the query, stepped through with n / N while the input is empty.
struct ChatSearch: Equatable {
    var query: String
    /// Message ids, oldest first.
    var hits: [Int64]
    var current: Int

    /// The hits of `query` in the loaded messages, starting at `messageId` (or the newest hit).
    init(query: String, messages: [Message], steps: [Int64: [TimelineStep]], at messageId: Int64?) {
        self.query = query
        let words = Self.words(query)
        var found: [Int64] = messages.compactMap { message in
            guard let id = message.id else { return nil }
            let texts = [message.content] + (steps[id] ?? []).map(\.detail)
            return words.allSatisfy { word in texts.contains { Self.fold($0).contains(word) } } ? id : nil
        }
        // The result chosen is a hit even when only a prefix matched it.
        if let messageId, !found.contains(messageId) { found.append(messageId); found.sort() }
        hits = found
        current = messageId.flatMap { found.firstIndex(of: $0) } ?? max(0, found.count - 1)
    }

    var currentId: Int64? { hits.indices.contains(current) ? hits[current] : nil }

    /// "Hit 2 of 5 for “milk” · n next · N previous · Esc ends the search"
    var notice: String {
        tr.conversations.hitOf(current + 1, hits.count, Sanitizer.clean(query))
    }

    static func words(_ query: String) -> [String] {
        query.split(whereSeparator: { $0.isWhitespace }).map { fold(String($0)) }.filter { !$0.isEmpty }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
