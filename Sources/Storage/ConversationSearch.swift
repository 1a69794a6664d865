import Foundation
import GRDB
import Core

/// One result of searching everything (`AppDatabase.search`).
public struct SearchHit: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case userMessage, assistantMessage, toolResult, note
    }
    public var kind: Kind
    /// The conversation and message to open; nil for a note.
    public var conversationId: Int64?
    public var messageId: Int64?
    public var noteId: Int64?
    /// The conversation's title, or the note's.
    public var title: String
    public var date: Date
    /// The matched text around the words, the words between `SearchHit.highlight` marks.
    public var snippet: String

    public init(kind: Kind, conversationId: Int64? = nil, messageId: Int64? = nil, noteId: Int64? = nil, title: String, date: Date,
                snippet: String) {
        self.kind = kind; self.conversationId = conversationId; self.messageId = messageId; self.noteId = noteId
        self.title = title; self.date = date; self.snippet = snippet
    }

    /// Marks around the matched words: control characters, so no text can fake them; the parts
    /// are cleaned one by one (`snippetParts`) before they are drawn.
    public static let highlight = (open: "\u{2}", close: "\u{3}")

    /// The snippet cut at the marks, each part cleaned of control and escape sequences and put
    /// on one line: (text, is a match).
    public var snippetParts: [(text: String, match: Bool)] {
        var parts: [(String, Bool)] = []
        for (i, piece) in snippet.components(separatedBy: Self.highlight.open).enumerated() {
            let halves = piece.components(separatedBy: Self.highlight.close)
            let (matched, rest) = i == 0 || halves.count == 1 ? (nil, piece) : (halves[0], halves.dropFirst().joined())
            if let matched, !matched.isEmpty { parts.append((Self.oneLine(matched), true)) }
            if !rest.isEmpty { parts.append((Self.oneLine(rest), false)) }
        }
        return parts
    }

    /// Line breaks, tabs and runs of spaces become one space (a part keeps its edge spaces).
    private static func oneLine(_ text: String) -> String {
        Sanitizer.clean(text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression))
    }
}

extension AppDatabase {
    /// The user's own words count this much more than equally relevant other text.
    static let userMessageBoost = 1.25

    /// Full-text search over every message, tool result and note (FTS5, bm25), best first. The
    /// user's messages weigh `userMessageBoost` times as much and go first at equal relevance;
    /// conversations deleted this session are left out. Each word must occur (as a word or a
    /// prefix); FTS syntax in `query` is just text.
    public func search(_ query: String, limit: Int = 100) throws -> [SearchHit] {
        guard let pattern = Self.ftsPattern(forWords: query) else { return [] }
        // The index splits "don't" into "don" and "t": so does the snippet.
        let words = query.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { SearchSnippet.folded(String($0)) }
        return try pool.read { db in
            // bm25 is negative, lower is better: multiplying by the boost raises the user's rank.
            // Messages of branches not shown are left out: a hit must open where it can be seen.
            // The text is read for the best `limit` only (the sorter keeps just those).
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM (
                    SELECT CASE m.role WHEN 'user' THEN 'userMessage' ELSE 'assistantMessage' END AS kind,
                           m.conversationId, m.id AS messageId, NULL AS noteId, c.title, m.createdAt AS date, m.content AS text,
                           bm25(message_ft) * (CASE m.role WHEN 'user' THEN :boost ELSE 1.0 END) AS score,
                           CASE m.role WHEN 'user' THEN 0 ELSE 1 END AS tier
                    FROM message_ft JOIN message m ON m.id = message_ft.rowid JOIN conversation c ON c.id = m.conversationId
                    WHERE message_ft MATCH :pattern AND c.deletedAt IS NULL AND m.hiddenInBranch IS NULL
                    UNION ALL
                    SELECT 'toolResult', m.conversationId, m.id, NULL, c.title, t.createdAt, t.result, bm25(toolCall_ft), 2
                    FROM toolCall_ft JOIN toolCall t ON t.id = toolCall_ft.rowid
                         JOIN message m ON m.id = t.messageId JOIN conversation c ON c.id = m.conversationId
                    WHERE toolCall_ft MATCH :pattern AND c.deletedAt IS NULL AND m.hiddenInBranch IS NULL
                    UNION ALL
                    SELECT 'note', NULL, NULL, n.id, n.title, n.updatedAt, n.title || ': ' || n.body, bm25(note_ft), 2
                    FROM note_ft JOIN note n ON n.id = note_ft.rowid
                    WHERE note_ft MATCH :pattern
                ) ORDER BY score, tier, date DESC LIMIT :limit
                """, arguments: ["boost": Self.userMessageBoost, "pattern": pattern, "limit": limit])
            return rows.map { row in
                SearchHit(kind: SearchHit.Kind(rawValue: row["kind"]) ?? .assistantMessage, conversationId: row["conversationId"],
                          messageId: row["messageId"], noteId: row["noteId"], title: row["title"], date: row["date"],
                          snippet: SearchSnippet.make(Sanitizer.clean(row["text"] ?? ""), words: words))
            }
        }
    }
}
