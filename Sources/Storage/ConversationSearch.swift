import Foundation
import GRDB
import Core

/// A page of search results, best first, and where the next page starts.
public struct SearchPage: Sendable {
    public var hits: [SearchHit]
    /// How many results there are: exactly, or at least this many when `countIsLowerBound`
    /// (a window was full: more match than were ranked).
    public var count: Int
    public var countIsLowerBound: Bool
    /// nil on the last page.
    public var next: SearchCursor?
}

/// Where a page of search results starts: the window of matches it ranks (per source, the
/// matches with a smaller rowid than `below`) and how far into that ranking.
public struct SearchCursor: Sendable, Hashable {
    fileprivate var below: [Int64]
    fileprivate var offset: Int
    public static let start = SearchCursor(below: [.max, .max, .max], offset: 0)
    /// The newest matches of each source ranked together. A common word's full match set is
    /// never ranked at once (bm25 of every one of 900,000 matches costs a second): results are
    /// ranked within this window, and the pages after it rank the next older one.
    public static let window = 1_000
}

extension AppDatabase {
    /// The user's own words count this much more than equally relevant other text.
    static let userMessageBoost = 1.25

    /// Full-text search over every message, tool result and note (FTS5, bm25), best first,
    /// `limit` at a time (`SearchCursor`). The user's messages weigh `userMessageBoost` times
    /// as much and go first at equal relevance; conversations deleted this session and
    /// branches not shown are left out; with `conversationId`, that conversation's messages
    /// and tool results only. Each word must occur (as a word or a prefix); anything typed is
    /// just text (`SearchQuery`). Async: the read runs on one of the pool's readers, and
    /// cancelling the task interrupts it (GRDB's `sqlite3_interrupt` on that connection,
    /// which is usable again afterwards) and throws `CancellationError`.
    public func searchPage(_ query: String, from cursor: SearchCursor = .start, limit: Int = 50,
                           conversationId: Int64? = nil) async throws -> SearchPage {
        try await pool.read { db in try Self.page(db, query, from: cursor, limit: limit, conversationId: conversationId) }
    }

    /// The first `limit` results of `searchPage`, on the calling thread.
    public func search(_ query: String, limit: Int = 100, conversationId: Int64? = nil) throws -> [SearchHit] {
        try pool.read { db in try Self.page(db, query, from: .start, limit: limit, conversationId: conversationId) }.hits
    }

    /// The newest `limit` matches, newest first, not ranked: what a common word shows at once
    /// while `searchPage` ranks its window (the bm25 of a word in most messages costs a second
    /// read of its postings). nil when no index has a full window of matches: ranking them all
    /// is then about as cheap. `next` is nil: the pages go on from the ranked first page.
    public func newestPage(_ query: String, limit: Int = 50, conversationId: Int64? = nil) async throws -> SearchPage? {
        try await pool.read { db in
            // A scan has no scores: its ranked page costs the same.
            guard let plan = SearchQuery.plan(query), case .index = plan else { return nil }
            let sources = SearchSource.all(conversationId: conversationId)
            let found = try Self.windows(db, sources, plan: plan, below: SearchCursor.start.below, scored: false, conversationId: conversationId)
            guard found.full.contains(true) else { return nil }
            let newest = found.rows.sorted { $0.date > $1.date }.prefix(limit)
            return SearchPage(hits: try Self.hits(db, sources, Array(newest), query: query), count: found.rows.count,
                              countIsLowerBound: true, next: nil)
        }
    }

    private static func page(_ db: Database, _ query: String, from cursor: SearchCursor, limit: Int,
                             conversationId: Int64?) throws -> SearchPage {
        guard let plan = SearchQuery.plan(query), limit > 0 else { return SearchPage(hits: [], count: 0, countIsLowerBound: false, next: nil) }
        let sources = SearchSource.all(conversationId: conversationId)
        let found = try windows(db, sources, plan: plan, below: cursor.below, scored: true, conversationId: conversationId)
        let ranked = found.rows.sorted { ($0.score, $0.tier, $1.date) < ($1.score, $1.tier, $0.date) }
        let end = min(ranked.count, cursor.offset + limit)
        let slice = cursor.offset < end ? Array(ranked[cursor.offset..<end]) : []
        var next: SearchCursor?
        if end < ranked.count { next = SearchCursor(below: cursor.below, offset: end) }
        else if found.full.contains(true) { next = SearchCursor(below: zip(found.full, found.lowest).map { $0 ? $1 : 1 }, offset: 0) }
        return SearchPage(hits: try hits(db, sources, slice, query: query), count: ranked.count,
                          countIsLowerBound: found.full.contains(true), next: next)
    }

    /// Each source's window of matches below `below`: the visible rows, each window's lowest
    /// rowid, and whether it was full.
    private static func windows(_ db: Database, _ sources: [SearchSource], plan: SearchQuery.Plan, below: [Int64], scored: Bool,
                                conversationId: Int64?) throws -> (rows: [Ranked], lowest: [Int64], full: [Bool]) {
        var rows: [Ranked] = [], lowest: [Int64] = [], full: [Bool] = []
        for (i, source) in sources.enumerated() {
            let window = try source.window(db, plan: plan, below: below[i], scored: scored, conversationId: conversationId)
            full.append(window.count == SearchCursor.window)
            lowest.append(window.map(\.id).min() ?? 1)
            rows += window.filter(\.visible).map { Ranked(source: i, id: $0.id, score: $0.score, tier: $0.tier, date: $0.date) }
        }
        return (rows, lowest, full)
    }

    /// The hits of `rows`, in their order, snippets made.
    private static func hits(_ db: Database, _ sources: [SearchSource], _ rows: [Ranked], query: String) throws -> [SearchHit] {
        let words = SearchQuery.snippetWords(query)
        var byKey: [Int: [Int64: SearchHit]] = [:]
        for (i, source) in sources.enumerated() {
            let ids = rows.filter { $0.source == i }.map(\.id)
            guard !ids.isEmpty else { continue }
            byKey[i] = try source.hits(db, ids: ids, words: words)
        }
        return rows.compactMap { byKey[$0.source]?[$0.id] }
    }

    private struct Ranked {
        var source: Int, id: Int64, score: Double, tier: Int, date: Date
    }
}

/// One searchable index (messages, tool results, notes): the window of its newest matches with
/// their scores, then the hits of the page's rows.
private struct SearchSource {
    struct Row { var id: Int64, score: Double, tier: Int, date: Date, visible: Bool }
    /// SELECT id, score, tier, date, visible FROM ... the inner window `\(inner)`.
    let windowSQL: (_ inner: String) -> String
    let table: String
    /// The table and text a substring scan reads (`SearchQuery.Plan.scan`), and which of its rows the index holds.
    let scanTable: String, scanText: String, scanWhere: String
    /// Limits the window to one conversation's rows.
    let inConversation: String?
    /// SELECT id, conversationId, messageId, noteId, title, date, text, kind WHERE id IN (\(ids)).
    let hitsSQL: (_ ids: String) -> String

    static func all(conversationId: Int64?) -> [SearchSource] {
        let messages = SearchSource(windowSQL: { inner in """
            SELECT f.rowid, f.score * (CASE m.role WHEN 'user' THEN \(AppDatabase.userMessageBoost) ELSE 1.0 END),
                   CASE m.role WHEN 'user' THEN 0 ELSE 1 END, m.createdAt, c.deletedAt IS NULL AND m.hiddenInBranch IS NULL
            FROM \(inner) f JOIN message m ON m.id = f.rowid JOIN conversation c ON c.id = m.conversationId
            """ }, table: "message_ft", scanTable: "message", scanText: "content", scanWhere: "status != 'streaming'", inConversation: "SELECT id FROM message WHERE conversationId = :conversation",
            hitsSQL: { ids in """
            SELECT m.id, m.conversationId, m.id, NULL, c.title, m.createdAt, m.content,
                   CASE m.role WHEN 'user' THEN 'userMessage' ELSE 'assistantMessage' END
            FROM message m JOIN conversation c ON c.id = m.conversationId WHERE m.id IN (\(ids))
            """ })
        let tools = SearchSource(windowSQL: { inner in """
            SELECT f.rowid, f.score, 2, t.createdAt, c.deletedAt IS NULL AND m.hiddenInBranch IS NULL
            FROM \(inner) f JOIN toolCall t ON t.id = f.rowid JOIN message m ON m.id = t.messageId
                 JOIN conversation c ON c.id = m.conversationId
            """ }, table: "toolCall_ft", scanTable: "toolCall", scanText: "result", scanWhere: "result IS NOT NULL",
            inConversation: "SELECT t.id FROM toolCall t JOIN message m ON m.id = t.messageId WHERE m.conversationId = :conversation",
            hitsSQL: { ids in """
            SELECT t.id, m.conversationId, m.id, NULL, c.title, t.createdAt, t.result, 'toolResult'
            FROM toolCall t JOIN message m ON m.id = t.messageId JOIN conversation c ON c.id = m.conversationId WHERE t.id IN (\(ids))
            """ })
        let notes = SearchSource(windowSQL: { inner in "SELECT f.rowid, f.score, 2, n.updatedAt, 1 FROM \(inner) f JOIN note n ON n.id = f.rowid" },
                                 table: "note_ft", scanTable: "note", scanText: "title || ' ' || body", scanWhere: "1", inConversation: nil, hitsSQL: { ids in """
            SELECT n.id, NULL, NULL, n.id, n.title, n.updatedAt, n.title || ': ' || n.body, 'note' FROM note n WHERE n.id IN (\(ids))
            """ })
        // A conversation has no notes.
        return conversationId == nil ? [messages, tools, notes] : [messages, tools]
    }

    /// The newest `SearchCursor.window` matches below `below`, scored when asked (bm25: lower is
    /// better; FTS5 computes it for these rows only, from the index's global statistics, which
    /// costs a second read of each word's postings).
    /// A scan has no relevance: its matches are ranked by the rest (the user's first, the newest).
    func window(_ db: Database, plan: SearchQuery.Plan, below: Int64, scored: Bool, conversationId: Int64?) throws -> [Row] {
        let only = conversationId != nil ? inConversation.map { " AND rowid IN (\($0))" } ?? "" : ""
        let inner: String
        var arguments: StatementArguments = ["below": below]
        switch plan {
        case .index(let pattern):
            arguments += ["pattern": pattern]
            inner = """
                (SELECT rowid, \(scored ? "bm25(\(table))" : "0.0") AS score FROM \(table) WHERE \(table) MATCH :pattern AND rowid < :below\(only)
                 ORDER BY rowid DESC LIMIT \(SearchCursor.window))
                """
        case .scan(let likes):
            for (i, like) in likes.enumerated() { arguments += ["like\(i)": like] }
            let matches = likes.indices.map { "\(scanText) LIKE :like\($0) ESCAPE '\\'" }.joined(separator: " AND ")
            inner = """
                (SELECT rowid, 0.0 AS score FROM \(scanTable) WHERE \(scanWhere) AND \(matches) AND rowid < :below\(only)
                 ORDER BY rowid DESC LIMIT \(SearchCursor.window))
                """
        }
        if let conversationId { arguments += ["conversation": conversationId] }
        return try GRDB.Row.fetchAll(db, sql: windowSQL(inner), arguments: arguments).map {
            Row(id: $0[0], score: $0[1], tier: $0[2], date: $0[3], visible: $0[4])
        }
    }

    func hits(_ db: Database, ids: [Int64], words: [String]) throws -> [Int64: SearchHit] {
        let sql = hitsSQL(ids.map(String.init).joined(separator: ","))
        var out: [Int64: SearchHit] = [:]
        for row in try GRDB.Row.fetchAll(db, sql: sql) {
            let id: Int64 = row[0]
            out[id] = SearchHit(kind: SearchHit.Kind(rawValue: row[7]) ?? .assistantMessage, conversationId: row[1], messageId: row[2],
                                noteId: row[3], title: row[4], date: row[5],
                                snippet: SearchSnippet.make(Sanitizer.clean(row[6] ?? ""), words: words))
        }
        return out
    }
}
