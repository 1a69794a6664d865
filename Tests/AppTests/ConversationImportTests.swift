import XCTest
import Core
import Storage
import Interop
import Providers
@testable import App

/// `aihelper import --conversation` of many files (`ConversationImport`) on a real database:
/// all or nothing, --keep-going, the bad file named with its line; the progress line; and the
/// offline assistant's pacing, which `ask` turns off for a pipe.
final class ConversationImportTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    /// `count` files written by the exporter, each a conversation with a word of its own.
    private func files(_ count: Int) throws -> [String] {
        let t0 = Date(timeIntervalSince1970: 1_795_428_000)
        return try (0..<count).map { n in
            var records = ConversationRecords(conversation: Conversation(id: 1, title: "Talk \(n)", createdAt: t0, updatedAt: t0), messages: [])
            records.messages = [Message(id: 1, conversationId: 1, role: .user, content: "question marmot\(n)", createdAt: t0),
                                Message(id: 2, conversationId: 1, role: .assistant, content: "answer \(n)", createdAt: t0)]
            let path = folder + "/c\(n).json"
            try ConversationJSON(records).text().write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// Breaks `file` at its `n`th line (1-based) and says where JSON stops being valid there.
    private func breakLine(_ n: Int, of file: String) throws {
        var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        lines[n - 1] = "  \"oops\" \u{1B}[31m"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    private func conversations(_ db: AppDatabase) throws -> Int {
        try db.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM conversation") ?? -1 }
    }

    func testOneMalformedFileAmongManyKeepsNothingAndIsNamedWithItsLine() throws {
        let db = try AppDatabase.temporary()
        let paths = try files(40)
        try breakLine(3, of: paths[27])
        var seen = 0
        XCTAssertThrowsError(try ConversationImport.run(paths, into: db, keepGoing: false) { seen = $0 }) { error in
            let failure = error as? ImportFailure
            XCTAssertEqual(failure?.kind, .malformed)
            XCTAssertEqual(failure?.file, paths[27])
            XCTAssertEqual(failure?.place, "3:10", "line 3, where the text stops being JSON")
            XCTAssertFalse(failure?.text.contains("\u{1B}") ?? true, "nothing of the file's escapes reaches the terminal")
        }
        XCTAssertEqual(seen, 28, "it stops at the bad file")
        XCTAssertEqual(try conversations(db), 0, "nothing of the run is kept")
        XCTAssertTrue(try db.search("marmot3").isEmpty)
    }

    func testKeepGoingKeepsTheGoodFilesAndListsTheBadOnes() throws {
        let db = try AppDatabase.temporary()
        var paths = try files(30)
        try breakLine(5, of: paths[4])
        try String(contentsOfFile: paths[9], encoding: .utf8).replacingOccurrences(of: #""role" : "assistant""#, with: #""role" : "robot""#)
            .write(toFile: paths[9], atomically: true, encoding: .utf8)
        paths.append(folder + "/missing.json")
        let outcome = try ConversationImport.run(paths, into: db, keepGoing: true)
        XCTAssertEqual(outcome.failures.map(\.file), [paths[4], paths[9], paths[30]])
        XCTAssertEqual(outcome.failures.map(\.kind), [.malformed, .malformed, .unreadable])
        XCTAssertTrue(outcome.failures[1].line.hasPrefix(paths[9] + ":"), outcome.failures[1].line)
        XCTAssertTrue(outcome.failures[1].line.hasSuffix("messages[1].role has a value it cannot have (robot)"), outcome.failures[1].line)
        XCTAssertEqual(outcome.stored.count, 28)
        XCTAssertEqual(try conversations(db), 28)
        XCTAssertEqual(try db.search("marmot17").map(\.conversationId), [outcome.stored[15].conversation.id!],
                       "the imported text is found")
        XCTAssertTrue(try db.search("marmot9").isEmpty)
    }

    func testProgressIsQuietForAShortImportAndPlainLinesOffATerminal() {
        var now = ContinuousClock.now
        var written: [String] = []
        let timing = ImportProgress.Timing(delay: .seconds(1), interval: .seconds(2))
        var plain = ImportProgress(total: 100, noun: "files", terminal: false, timing: timing, now: { now }) { written.append($0) }
        now += .milliseconds(500)
        plain.update(50)
        XCTAssertEqual(written, [], "quiet in the first second")
        now += .milliseconds(500)
        plain.update(60)
        now += .milliseconds(500)
        plain.update(70)
        now += .seconds(2)
        plain.update(90)
        plain.update(100)
        plain.finish()
        XCTAssertEqual(written, ["aihelper: 60 of 100 files (60/s)\n", "aihelper: 90 of 100 files (26/s)\n",
                                 "aihelper: 100 of 100 files (29/s)\n"], "every 2 s, and the last")

        written = []
        var tty = ImportProgress(total: 10, noun: "files", terminal: true, timing: timing, now: { now }) { written.append($0) }
        now += .seconds(2)
        tty.update(5)
        tty.finish()
        XCTAssertEqual(written, ["\r\u{1B}[K" + "aihelper: 5 of 10 files (3/s)", "\r\u{1B}[K"], "one line redrawn, cleared at the end")
        XCTAssertEqual(ImportProgress.Timing.from(["AIHELPER_PROGRESS_MS": "0"]), ImportProgress.Timing(delay: .zero, interval: .zero))
    }

    func testTheOfflineAssistantIsPacedOnlyWhenAsked() throws {
        func delay(_ paced: Bool, _ environment: [String: String] = [:]) throws -> Duration {
            let choice = AppServices.chooseProvider(config: AppConfig(), flags: ProviderFlags(provider: "offline"),
                                                    environment: environment, pacedOffline: paced)
            return try XCTUnwrap(choice.provider as? OfflineProvider).wordDelay
        }
        XCTAssertEqual(try delay(true), .milliseconds(12), "a terminal: words as a model streams them")
        XCTAssertEqual(try delay(false), .zero, "a pipe or --json: at once")
        XCTAssertEqual(try delay(false, ["AIHELPER_OFFLINE_WORD_DELAY_MS": "40"]), .milliseconds(40), "the variable wins")
    }
}
