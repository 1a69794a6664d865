import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// Search off the loop: the query builder on hostile input, pages and windows, cancellation of
/// a running query on a real file (docs/conversations.md, Search).
final class SearchPagingTests: StorageTestCase {
    /// `count` conversations of `perConversation` messages, each holding `text(i)` (i counts all messages).
    func fill(_ db: AppDatabase, conversations count: Int, perConversation: Int, text: (Int) -> String) throws {
        let start = fixedDate()
        try db.bulkInsert(conversations: (0..<count).map { c in
            (Conversation(title: "C\(c)", createdAt: start, updatedAt: start),
             (0..<perConversation).map { m in
                 Message(conversationId: 0, role: m % 2 == 0 ? .user : .assistant, content: text(c * perConversation + m),
                         createdAt: start.addingTimeInterval(Double(c * perConversation + m)))
             })
        })
    }

    func testThePatternQuotesEveryWordAndDropsWhatTheIndexCannotFind() {
        XCTAssertEqual(SearchQuery.pattern("oat milk"), "\"oat\"* \"milk\"*")
        XCTAssertEqual(SearchQuery.pattern("say \"hi\" NEAR(x) OR -y AND NOT z*"),
                       "\"say\"* \"\"\"hi\"\"\"* \"NEAR(x)\"* \"OR\"* \"-y\"* \"AND\"* \"NOT\"* \"z*\"*")
        for nothing in ["", "   ", "\"", "*", "-", "(", ")", "\" * - ( ) :", "😀🎉", "\u{1B}", "…！？"] {
            XCTAssertNil(SearchQuery.pattern(nothing), nothing)
        }
        let long = String(repeating: "a", count: 1_000)
        XCTAssertEqual(SearchQuery.pattern(long), "\"" + String(repeating: "a", count: SearchQuery.maxWordLength) + "\"*")
        let many = (0..<500).map { "w\($0)" }.joined(separator: " ")
        XCTAssertEqual(SearchQuery.words(many).count, SearchQuery.maxWords, "a pasted page is not 500 prefix scans")
        XCTAssertEqual(SearchQuery.words("Milk milk MILK oat"), ["Milk", "oat"], "repeats count once")
    }

    /// Whatever is typed, the database answers (no SQLite error) and finds what makes sense.
    func testHostileQueriesNeitherFailNorFindNonsense() throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "Mixed")
        for text in ["NEAR the river AND the sea", "a \"quoted\" word", "你好世界，今天天气很好", "party 🎉 tonight", "don't stop"] {
            _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: text))
        }
        let hostile = ["\"", "*", "NEAR", "-", "AND", "OR", "NOT", "(", ")", "\"\"\"", "NEAR(", "a OR", "* AND -",
                       String(repeating: "x", count: 1_000), String(repeating: "ab ", count: 400), "😀", "🎉", "你", "世界", "\u{0}", "'; DROP TABLE message; --"]
        for query in hostile {
            XCTAssertNoThrow(try db.search(query), query)
        }
        XCTAssertEqual(try db.search("NEAR").count, 1, "an operator's name is a word")
        XCTAssertEqual(try db.search("AND").count, 1)
        XCTAssertEqual(try db.search("\"quoted\"").count, 1, "quotes are text")
        XCTAssertEqual(try db.search("你好").count, 1, "CJK: the start of a run")
        XCTAssertEqual(try db.search("世界").count, 1, "and inside one (a substring scan: the index keeps the run one token)")
        XCTAssertEqual(try db.search("party 🎉").count, 1, "an emoji is not a word; the rest is searched")
        XCTAssertEqual(try db.search("don't").count, 1)
        XCTAssertEqual(try db.messageCount(conversationId: c.id!), 5)
    }

    /// A word in more messages than a window: pages of the newest window, then the older one;
    /// every match once, and the count says "at least".
    func testPagesWalkEveryMatchOnceAcrossWindows() async throws {
        let db = try openDatabase()
        let total = SearchCursor.window + 300
        try fill(db, conversations: total / 50, perConversation: 50) { "common word number \($0)" + ($0 % 100 == 0 ? " rare" : "") }
        let first = try await db.searchPage("common", limit: 50)
        XCTAssertEqual(first.hits.count, 50)
        XCTAssertEqual(first.count, SearchCursor.window)
        XCTAssertTrue(first.countIsLowerBound, "more match than one window ranks")
        var seen = Set(first.hits.compactMap(\.messageId)), cursor = first.next, pages = 1
        while let from = cursor, pages < 100 {
            let page = try await db.searchPage("common", from: from, limit: 200)
            XCTAssertFalse(page.hits.isEmpty)
            for id in page.hits.compactMap(\.messageId) { XCTAssertTrue(seen.insert(id).inserted, "message \(id) twice") }
            cursor = page.next
            pages += 1
        }
        XCTAssertEqual(seen.count, total, "every match, once")
        let rare = try await db.searchPage("rare")
        XCTAssertEqual(rare.count, total / 100)
        XCTAssertFalse(rare.countIsLowerBound)
        XCTAssertNil(rare.next, "all on one page")
        let one = try await db.searchPage("common", limit: 10, conversationId: 3)
        XCTAssertEqual(Set(one.hits.map(\.conversationId)), [3])
        XCTAssertEqual(one.count, 50, "one conversation's matches")
    }

    /// A query cancelled mid-flight throws CancellationError and leaves the pool's reader usable:
    /// the next query answers, right.
    func testACancelledQueryStopsAndThePoolStaysUsable() async throws {
        let db = try openDatabase()
        // Ten families of words sharing four letters ("zeta1234"), three of each in every message.
        let families = ["zeta", "beta", "iota", "kapa", "sigm", "omeg", "delt", "gamm", "lamb", "thet"]
        func familyWords(_ i: Int) -> String {
            var words: [String] = []
            for (k, family) in families.enumerated() {
                for j in 1...3 { words.append(family + String((i * (k + 7) + j * 7_919) % 20_000)) }
            }
            return words.joined(separator: " ")
        }
        try fill(db, conversations: 600, perConversation: 50) { i in
            "alpha beta gamma delta epsilon " + (0..<8).map { "t\(($0 * 7 + i) % 97)x" }.joined(separator: " ") + " " + familyWords(i)
        }
        // Ten four-letter prefixes, each merging the postings of thousands of words (the index
        // keeps prefixes of two and three letters): slow enough to be caught running.
        let slow = families.joined(separator: " ")
        let started = ContinuousClock.now
        _ = try await db.searchPage(slow)
        let whole = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(whole, .milliseconds(40), "the query must be slow enough to be caught running")
        for _ in 0..<3 {
            let task = Task { try await db.searchPage(slow) }
            try await Task.sleep(for: whole / 4)
            let cancelledAt = ContinuousClock.now
            task.cancel()
            do {
                _ = try await task.value
                XCTFail("a cancelled query answered")
            } catch {
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            XCTAssertLessThan(ContinuousClock.now - cancelledAt, whole / 2, "interrupted, not run to its end")
            let after = try await db.searchPage("epsilon", limit: 5)
            XCTAssertEqual(after.hits.count, 5, "the reader works after the interrupt")
            XCTAssertEqual(try db.search("t3x", limit: 1).count, 1)
        }
    }
}

extension SearchPagingTests {
    /// The newest matches, at once, only for a word that fills a window.
    func testNewestPageOnlyForACommonWord() async throws {
        let db = try openDatabase()
        try fill(db, conversations: (SearchCursor.window + 100) / 50, perConversation: 50) { "common word \($0)" + ($0 % 10 == 0 ? " sometimes" : "") }
        let newest = try await db.newestPage("common", limit: 5)
        let page = try XCTUnwrap(newest)
        XCTAssertEqual(page.hits.count, 5)
        let ids = page.hits.compactMap(\.messageId)
        XCTAssertEqual(ids, ids.sorted(by: >), "newest first")
        XCTAssertTrue(page.countIsLowerBound)
        let sometimes = try await db.newestPage("sometimes")
        XCTAssertNil(sometimes, "110 matches: ranked at once instead")
        let nothing = try await db.newestPage("\"*")
        XCTAssertNil(nothing)
        let scanned = try await db.newestPage("词")
        XCTAssertNil(scanned, "a scan has no ranking to wait for")
    }
}

extension SearchPagingTests {
    /// A CJK word is found inside a sentence, in messages, tool results and notes, its match
    /// marked; LIKE's wildcards in the query are plain text.
    func testCJKWordsAreFoundInsideSentences() async throws {
        let db = try openDatabase()
        let c = try db.createConversation(title: "天气")
        let asked = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "明天天气怎么样？"))
        let answer = try db.appendMessage(Message(conversationId: c.id!, role: .assistant, content: "今天天气很好，明天有雨。"))
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "天_气 100% 天%气"))
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "1", name: "weather", arguments: "{}", result: "北京：晴，天气不错"))
        _ = try db.insertNote(Note(title: "旅行", body: "出发前看天气预报"))
        let hits = try db.search("天气")
        XCTAssertEqual(hits.count, 4, "\(hits)")
        XCTAssertEqual(hits.first?.messageId, asked.id, "the user's own first")
        XCTAssertEqual(Set(hits.map(\.kind)), [.userMessage, .assistantMessage, .toolResult, .note])
        XCTAssertTrue(hits.allSatisfy { $0.snippetParts.contains { $0.match } }, "the match is marked")
        XCTAssertEqual(try db.search("天气 明天").count, 2, "every word must occur")
        XCTAssertEqual(try db.search("天_气").count, 1, "_ is not a wildcard")
        XCTAssertEqual(try db.search("天%气").count, 1, "% is not a wildcard")
        XCTAssertEqual(try db.search("天气", conversationId: c.id!).count, 3, "one conversation: no notes")
        let page = try await db.searchPage("雨")
        XCTAssertEqual(page.hits.map(\.messageId), [answer.id])
    }
}

