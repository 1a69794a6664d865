import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Search as you type, in `update`: each edit is a new request, the searching mark shows until
/// its answer, an answer to an older request is dropped, pages come as the selection nears the
/// end (docs/conversations.md, Search).
final class SearchUpdateTests: XCTestCase {
    private func state() -> AppState {
        var state = AppState(size: Size(width: 120, height: 40), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        _ = update(&state, .key(.ctrl("\\")))
        return state
    }

    private var picker: (AppState) -> Picker = { $0[overlay: Picker.self]! }

    /// The request of the search effect among `effects`.
    private func requested(_ effects: [Effect]) -> (query: String, request: Int, from: SearchCursor)? {
        for case .conversation(.search(let query, let request, let from)) in effects { return (query, request, from) }
        return nil
    }

    private func hits(_ words: [String]) -> [SearchHit] {
        words.enumerated().map { i, word in
            SearchHit(kind: .userMessage, conversationId: 1, messageId: Int64(i + 1), title: "Chat", date: Date(timeIntervalSince1970: 1_790_000_000),
                      snippet: SearchHit.highlight.open + word + SearchHit.highlight.close + " \(i)")
        }
    }

    private func answer(_ state: inout AppState, _ request: Int, _ words: [String], first: Bool = true, count: Int? = nil,
                        next: SearchCursor? = nil, failed: Bool = false) {
        _ = update(&state, .result(.searchResults(SearchAnswer(request: request, firstPage: first, hits: hits(words), count: count ?? words.count,
                                                                countIsLowerBound: false, next: next, failed: failed))))
    }

    func testTheMarkShowsWhileAQueryRunsAndAnOlderAnswerIsDropped() throws {
        var state = state()
        XCTAssertFalse(screenText(state).contains(tr.conversations.searching), "nothing runs yet")
        let first = try XCTUnwrap(requested(update(&state, .key(.text("oa")))))
        XCTAssertEqual(first.query, "oa")
        XCTAssertEqual(first.from, .start)
        XCTAssertTrue(picker(state).search.searching)
        XCTAssertTrue(screenText(state).contains("search: oa▏"), "the query echoes at once")
        XCTAssertTrue(screenText(state).contains(tr.conversations.searching), screenText(state))

        let second = try XCTUnwrap(requested(update(&state, .key(.text("t")))))
        XCTAssertEqual(second.query, "oat")
        XCTAssertNotEqual(second.request, first.request, "each edit is a new request")

        answer(&state, first.request, ["oak", "oasis"])
        XCTAssertEqual(picker(state).items, [], "the answer to “oa” came late: dropped")
        XCTAssertTrue(picker(state).search.searching, "still waiting for “oat”")

        answer(&state, second.request, ["oat"])
        XCTAssertEqual(picker(state).items.map(\.label), ["oat 0"])
        XCTAssertFalse(picker(state).search.searching)
        let screen = screenText(state)
        XCTAssertFalse(screen.contains(tr.conversations.searching), screen)
        XCTAssertTrue(screen.contains("1 result · Enter opens"), screen)
    }

    func testAnAnswerAfterThePickerClosedOrReopenedIsDropped() throws {
        var state = state()
        let old = try XCTUnwrap(requested(update(&state, .key(.text("milk")))))
        XCTAssertEqual(update(&state, .key(.escape)), [.conversation(.stopSearch)], "closing stops the query running")
        answer(&state, old.request, ["milk"])
        XCTAssertNil(state[overlay: Picker.self], "an answer does not reopen the picker")
        _ = update(&state, .key(.ctrl("\\")))
        answer(&state, old.request, ["milk"])
        XCTAssertEqual(picker(state).items, [], "nor fills a new one")
    }

    func testNothingSearchableStopsTheQueryAndSaysSo() {
        var state = state()
        _ = update(&state, .key(.text("oat")))
        for hostile in ["\"", "*", "-", "(", "😀"] {
            _ = update(&state, .key(.ctrl("u")))
            XCTAssertEqual(update(&state, .key(.text(hostile))), [.conversation(.stopSearch)], hostile)
            XCTAssertFalse(picker(state).search.searching)
            XCTAssertEqual(picker(state).status, tr.conversations.nothingFound(hostile))
        }
        XCTAssertEqual(update(&state, .key(.ctrl("u"))), [.conversation(.stopSearch)])
        XCTAssertEqual(picker(state).status, tr.conversations.searchHelp, "an empty query: the help again")
    }

    func testAFailureSaysTheSearchCouldNotRunInTheUsersWords() throws {
        var state = state()
        let run = try XCTUnwrap(requested(update(&state, .key(.text("oat")))))
        answer(&state, run.request, [], failed: true)
        XCTAssertEqual(picker(state).status, tr.notices.searchFailed)
        XCTAssertFalse(screenText(state).lowercased().contains("sqlite"))
    }

    /// 50 results and more to come: moving within 10 rows of the end asks for the next page
    /// once; it is appended, the selection kept.
    func testTheNextPageComesAsTheSelectionNearsTheEnd() async throws {
        let database = try AppDatabase.temporary()
        let conversation = try database.createConversation(title: "Many")
        for i in 0..<60 { _ = try database.appendMessage(Message(conversationId: conversation.id!, role: .user, content: "oat \(i)")) }
        let page = try await database.searchPage("oat", limit: 50)
        let next = try XCTUnwrap(page.next)

        var state = state()
        let run = try XCTUnwrap(requested(update(&state, .key(.text("oat")))))
        answer(&state, run.request, (0..<50).map { "oat\($0)" }, count: 60, next: next)
        XCTAssertEqual(picker(state).items.count, 50)
        var asked: [SearchCursor] = []
        for _ in 0..<45 { if let page = requested(update(&state, .key(.down))) { asked.append(page.from); XCTAssertEqual(page.request, run.request) } }
        XCTAssertEqual(asked, [next], "asked once, at row 40")
        XCTAssertTrue(picker(state).search.searching)
        answer(&state, run.request, (50..<60).map { "oat\($0)" }, first: false)
        XCTAssertEqual(picker(state).items.count, 60, "appended")
        XCTAssertEqual(picker(state).selected, 45, "the selection stays")
        XCTAssertTrue(screenText(state).contains("60 results"), "the count is the first page's")
    }
}

extension SearchUpdateTests {
    /// A common word: its newest matches show at once with the mark still on, then the ranked
    /// page replaces them, the result chosen meanwhile kept.
    func testTheNewestMatchesShowFirstThenTheRankedPageKeepsTheChoice() throws {
        var state = state()
        let run = try XCTUnwrap(requested(update(&state, .key(.text("the")))))
        _ = update(&state, .result(.searchResults(SearchAnswer(request: run.request, firstPage: true, ranked: false, hits: hits(["a", "b", "c", "d"]),
                                                                count: 1_000, countIsLowerBound: true, next: nil))))
        XCTAssertEqual(picker(state).items.count, 4)
        XCTAssertTrue(picker(state).search.searching, "still ranking")
        XCTAssertTrue(screenText(state).contains(tr.conversations.searching))
        XCTAssertTrue(screenText(state).contains("1,000+ results"), screenText(state))
        _ = update(&state, .key(.down))
        let chosen = picker(state).selectedItem?.id
        let ranked = Array(hits(["a", "b", "c", "d"]).reversed())  // the same results, another order
        _ = update(&state, .result(.searchResults(SearchAnswer(request: run.request, firstPage: true, hits: ranked,
                                                                count: 1_000, countIsLowerBound: true, next: nil))))
        XCTAssertFalse(picker(state).search.searching)
        XCTAssertEqual(picker(state).selectedItem?.id, chosen, "the choice stays where it went")
        XCTAssertEqual(picker(state).selected, 2)
        XCTAssertFalse(screenText(state).contains(tr.conversations.searching))
    }
}

extension SearchUpdateTests {
    /// Through the runtime, on a real file: a query per letter typed, each cancelling the one
    /// before; only the last one's answer shows, and the database answers afterwards.
    func testRapidQueriesLeaveOnlyTheLastAnswer() throws {
        let harness = try AppTestHarness(width: 120, height: 40)
        let conversation = try harness.database.createConversation(title: "Pantry")
        for i in 0..<300 {
            _ = try harness.database.appendMessage(Message(conversationId: conversation.id!, role: .user,
                                                           content: i % 3 == 0 ? "oat milk \(i)" : "oat bran \(i)"))
        }
        harness.app.handle([.key(.ctrl("\\"))])
        harness.app.handle("oat milk".map { .key(.text(String($0))) })
        harness.settleSearch()
        let picker = try XCTUnwrap(harness.app.state[overlay: Picker.self])
        XCTAssertEqual(picker.filter, "oat milk")
        XCTAssertFalse(picker.search.searching)
        XCTAssertEqual(picker.items.count, 50, "the first page")
        XCTAssertTrue(picker.items.allSatisfy { $0.label.contains("milk") }, "no answer of “oat” or “oat mil” left")
        XCTAssertTrue(harness.screen().contains("100 results · Enter opens"), harness.screen())
        XCTAssertEqual(try harness.database.search("bran", limit: 500).count, 200, "the pool answers after the interrupts")
    }
}
