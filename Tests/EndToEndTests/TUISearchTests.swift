import Foundation
import XCTest
import Core
import Storage

/// Search that never blocks the input, in the real binary on a history large enough that the
/// query takes longer than 200 ms: the letters typed echo at once with the "searching…" mark,
/// and the results come after (docs/conversations.md, Search).
final class TUISearchTests: HomeFolderTestCase {
    /// Ten four-letter prefixes (the most a query searches), each shared by thousands of words
    /// whose postings it merges: the index keeps prefixes of two and three letters only.
    private let query = SearchCorpus.families.joined(separator: " ")

    func testTypingEchoesWhileTheQueryRunsThenTheResultsCome() throws {
        let path = home + "/aihelper.sqlite"
        let generating = ContinuousClock.now
        try SearchCorpus.generate(path: path, conversations: 2_000, perConversation: 50, families: true)
        let generated = ContinuousClock.now - generating
        let db = try AppDatabase.open(path: path)
        let started = ContinuousClock.now
        let found = try db.search(query, limit: 50)
        let synchronous = ContinuousClock.now - started
        XCTAssertFalse(found.isEmpty)
        XCTAssertGreaterThanOrEqual(synchronous, .milliseconds(200), "the query must be slow enough to have blocked the input (generated in \(generated))")

        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "Message 49 of conversation 1999", timeout: 20)  // the last conversation opened
        try session.press("C-\\")
        session.waitFor(text: "search: type words")
        var echoes: [Duration] = []
        var typed = ""
        for letter in query {
            typed.append(letter)
            let sent = ContinuousClock.now
            try session.type(String(letter))
            let screen = waitFast(session, "“\(typed)” echoed") { $0.contains("search: \(typed)▏") }
            echoes.append(ContinuousClock.now - sent)
            // From the first whole word on, every query merges a family (a word of one to
            // three letters is answered by the prefix index as fast as the echo).
            if letter != " ", typed.count > 4 {
                XCTAssertTrue(screen.contains("searching…"), "the letter echoed while its query runs:\n\(screen)")
            }
        }
        let results = session.waitFor("the results of “\(query)”", timeout: 20) { !$0.contains("searching…") && $0.contains("results · Enter opens") }
        XCTAssertTrue(results.contains("You · Conversation") || results.contains("Assistant · Conversation"), results)
        XCTAssertLessThan(echoes.max()!, synchronous, "every echo came before a synchronous query could have ended: \(echoes)")
    }

    /// Polls the pane every 5 ms (10 s at most).
    private func waitFast(_ session: TmuxSession, _ what: String, _ predicate: (String) -> Bool,
                          file: StaticString = #filePath, line: UInt = #line) -> String {
        let deadline = Date().addingTimeInterval(10)
        var last = ""
        while Date() < deadline {
            last = session.screen()
            if predicate(last) { return last }
            usleep(5_000)
        }
        XCTFail("Timed out waiting for \(what). Screen:\n\(last)", file: file, line: line)
        return last
    }
}
