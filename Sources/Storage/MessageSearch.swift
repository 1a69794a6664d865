import Foundation
import GRDB
import Core

extension AppDatabase {
    /// Marks around the matched words in search snippets.
    public static let snippetHighlight = (open: "«", close: "»")

    /// Full-text search over message content, best matches first. Each word of `query` must occur
    /// (as a word or word prefix). The words are quoted, so FTS syntax in the query is just text.
    public func searchMessages(_ query: String, limit: Int = 50) throws -> [(Message, snippet: String)] {
        guard let pattern = Self.ftsPattern(forWords: query) else { return [] }
        return try pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT message.*, snippet(message_ft, 0, ?, ?, '…', 12) AS searchSnippet
                FROM message_ft JOIN message ON message.id = message_ft.rowid
                WHERE message_ft MATCH ?
                ORDER BY message_ft.rank, message.id DESC
                LIMIT ?
                """, arguments: [Self.snippetHighlight.open, Self.snippetHighlight.close, pattern, limit])
            return try rows.map { row in (try Message(row: row), snippet: row["searchSnippet"] ?? "") }
        }
    }

    /// `"word"*` for each word with a letter or digit in it, ANDed; nil when nothing is searchable.
    static func ftsPattern(forWords query: String) -> String? {
        let words = searchableWords(query).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The words of a query that have a letter or digit in it.
    static func searchableWords(_ query: String) -> [String] {
        query.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }.map(String.init)
    }
}
