import Foundation
import Storage

/// The search picker's query as the database is asked it (docs/conversations.md, Search): the
/// query runs off the loop, and only the answer to the newest request is taken.
struct SearchRun: Equatable {
    /// The request whose answers count (`AppState.nextVersion()`): each edit of the query makes
    /// a new one, so an answer to an older query, late or not cancelled in time, is dropped.
    var request = 0
    /// A query or its next page is being read: the "searching…" mark shows.
    var searching = false
    /// Where the next page starts; nil when there is none.
    var next: SearchCursor?
    /// The first page's count of results, and whether there are more than that.
    var count = 0, countIsLowerBound = false
    /// The newest matches are shown while the ranked first page is read (a common word).
    var showingNewest = false

    /// Rows left under the selection before the next page is asked for.
    static let pageAhead = 10
}

/// A page of results read for a request (`Effect.conversation(.search)`).
struct SearchAnswer: Sendable {
    var request: Int
    /// The first page of a query (replaces the list) or a page after it (appended).
    var firstPage: Bool
    /// false: the newest matches of a common word, shown while its ranked first page is read.
    var ranked = true
    var hits: [SearchHit]
    var count: Int, countIsLowerBound: Bool
    var next: SearchCursor?
    /// The database failed (never with SQLite's words: the status says the search could not run).
    var failed = false
}
