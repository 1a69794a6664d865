import Foundation
import GRDB
import Core

extension AppDatabase {
    /// Marks around the matched words in search snippets.
    public static let snippetHighlight = (open: "«", close: "»")

    /// Full-text search over message content, best matches first. Each word of `query` must occur
    /// (as a word or word prefix). The words are quoted, so FTS syntax in the query is just text.
    public func searchMessages(_ query: String, limit: Int = 50) throws -> [(Message, snippet: String)] {
        guard let pattern = SearchQuery.pattern(query) else { return [] }
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
}
