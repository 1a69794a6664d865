import Foundation
import Storage

/// Runs the search picker's queries off the loop, on one of the database pool's readers: one
/// at a time, the newest wins. Starting a query cancels the one running, which GRDB turns into
/// `sqlite3_interrupt` on its reader connection (usable again for the next read); a cancelled
/// query posts nothing. A page answers through the mailbox as `.searchResults`, and `update`
/// takes it only if it answers the picker's newest request (docs/conversations.md, Search).
final class SearchRunner {
    /// Results per page: the first page lands fast; the next is read as the selection nears it.
    static let pageSize = 50
    private let database: AppDatabase
    private let mailbox: Mailbox
    private var running: Task<Void, Never>?

    init(database: AppDatabase, mailbox: Mailbox) {
        self.database = database
        self.mailbox = mailbox
    }

    /// Starts once the query before it has ended: SQLite sees an interrupt between steps, not
    /// inside FTS5's merge of a short prefix's postings ("t": 0.2 s on a million messages), so
    /// queries cancelled while typing fast would otherwise hold several of the pool's readers,
    /// which the loop's own reads then wait for.
    func run(query: String, request: Int, from cursor: SearchCursor) {
        let previous = running
        stop()
        let database = self.database, mailbox = self.mailbox
        running = Task.detached { await SearchRunner.answer(database, mailbox, after: previous, query: query, request: request, from: cursor) }
    }

    /// A common word's newest matches first (no ranking: ~half the time), then the ranked page.
    private static func answer(_ database: AppDatabase, _ mailbox: Mailbox, after previous: Task<Void, Never>?, query: String, request: Int,
                               from cursor: SearchCursor) async {
        await previous?.value
        guard !Task.isCancelled else { return }
        if cursor == .start, let newest = try? await database.newestPage(query, limit: pageSize), !Task.isCancelled {
            mailbox.post(.result(.searchResults(SearchAnswer(request: request, firstPage: true, ranked: false, hits: newest.hits, count: newest.count,
                                                             countIsLowerBound: true, next: nil))), urgent: true)
        }
        guard let answer = await read(database, query: query, request: request, from: cursor), !Task.isCancelled else { return }
        mailbox.post(.result(.searchResults(answer)), urgent: true)
    }

    /// The page, or nil when cancelled: interrupted by a newer query, there is nothing to say.
    /// Another failure says only that the search could not run (SQLite's words are not the user's).
    private static func read(_ database: AppDatabase, query: String, request: Int, from cursor: SearchCursor) async -> SearchAnswer? {
        do {
            let page = try await database.searchPage(query, from: cursor, limit: pageSize)
            return SearchAnswer(request: request, firstPage: cursor == .start, hits: page.hits, count: page.count,
                                countIsLowerBound: page.countIsLowerBound, next: page.next)
        } catch {
            if error is CancellationError || Task.isCancelled { return nil }
            return SearchAnswer(request: request, firstPage: cursor == .start, hits: [], count: 0, countIsLowerBound: false, next: nil, failed: true)
        }
    }

    func stop() {
        running?.cancel()
        running = nil
    }
}
