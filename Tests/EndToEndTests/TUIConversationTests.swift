import Foundation
import XCTest
import Core
import Storage

/// Conversations as a user meets them: search from the TUI, open the result, export it, delete
/// and undo in the list; export and import a conversation from the command line.
final class TUIConversationTests: HomeFolderTestCase {
    private var databasePath: String { home + "/aihelper.sqlite" }

    private func ask(_ question: String) throws {
        let result = try CLIRunner(home: home).run(["ask", question])
        XCTAssertEqual(result.status, 0, result.err)
    }

    func testSearchOpensTheConversationExportsItAndDeleteCanBeUndone() throws {
        try ask("remind me to buy oat milk tomorrow at 9am")
        try ask("make a packing list: passport, charger, socks")

        let session = TmuxSession(home: home)
        try session.start()
        session.waitFor(text: "make a packing list")  // the last conversation reopens
        try session.press("C-\\")
        session.waitFor(text: "search: type words")
        try session.type("oat")
        let results = session.waitFor("the search results for oat") {
            $0.contains("search: oat▏") && $0.contains("You · Remind me to buy oat milk") && $0.contains("results · Enter opens")
        }
        XCTAssertTrue(results.contains("Tool result · Remind me to buy oat"), "tool results are searched too:\n\(results)")
        try session.press("Enter")
        session.waitFor("the conversation opened at the hit") { $0.contains("Hit 1 of") && $0.contains("remind me to buy oat milk tomorrow") }

        let file = home + "/oat.md"
        try session.type("/export \(file)")
        try session.press("Enter")
        session.waitFor(text: "Exported conversation")
        let markdown = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(markdown.hasPrefix("# Remind me to buy oat milk\n"), markdown)
        XCTAssertTrue(markdown.contains("<details><summary>Timeline:"), markdown)
        XCTAssertTrue(markdown.contains("**toolCall** create_task"), markdown)

        try session.press("C-o")
        session.waitFor(text: "u undo")
        try session.press("Down")
        try session.press("d")
        session.waitFor(text: "y deletes")
        try session.press("y")
        session.waitFor(text: "u brings it back until AI Helper quits")
        try session.press("u")
        session.waitFor(text: "Brought back")
        try session.press("d")
        session.waitFor(text: "y deletes")
        try session.press("y")
        session.waitFor(text: "u brings it back until AI Helper quits")
        try session.press("Escape")
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(), "Ctrl-Q quits")

        let db = try AppDatabase.open(path: databasePath)
        let left = try db.conversationSummaries().map(\.conversation.title)
        XCTAssertEqual(left.count, 1, "the deleted one is purged at exit: \(left)")
        XCTAssertEqual(try db.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM conversation") }, 1)
    }

    func testExportAndImportAConversationFromTheCommandLine() throws {
        try ask("remind me to call mom tomorrow at 5pm")
        let cli = CLIRunner(home: home)
        let exported = try cli.run(["export", "--conversation", "1", "--json"])
        XCTAssertEqual(exported.status, 0, exported.err)
        let file = home + "/c1.json"
        try exported.out.write(toFile: file, atomically: true, encoding: .utf8)

        let imported = try cli.run(["import", "--conversation", file])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.out.contains("as conversation 2 (2 messages)"), imported.out)
        let again = try cli.run(["export", "--conversation", "2", "--json"])
        XCTAssertEqual(Self.withoutIds(again.out), Self.withoutIds(exported.out), "export → import → export")

        let markdown = try cli.run(["export", "--conversation", "2", "--md"])
        XCTAssertTrue(markdown.out.contains("<details><summary>Timeline:"), markdown.out)

        try exported.out.replacingOccurrences(of: #""status" : "complete""#, with: #""status" : "done""#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let bad = try cli.run(["import", "--conversation", file])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("messages[0].status has a value it cannot have (done)"), bad.err)
        XCTAssertTrue(bad.err.contains("Nothing was imported."), bad.err)
        let missing = try cli.run(["export", "--conversation", "99", "--md"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("there is no conversation 99"), missing.err)
        XCTAssertEqual(try AppDatabase.open(path: databasePath).conversationSummaries().count, 2)
    }

    private static func withoutIds(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix(#""id" :"#) }.joined(separator: "\n")
    }
}
