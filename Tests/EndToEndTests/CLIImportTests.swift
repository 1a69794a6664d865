import Foundation
import XCTest
import Storage

/// `aihelper import` of many files through the real binary: all or nothing, --keep-going
/// (exit code 3), the bad file named with its line, progress lines on a non-terminal stderr.
final class CLIImportTests: HomeFolderTestCase {
    private var cli: CLIRunner { CLIRunner(home: home) }
    private var databasePath: String { home + "/aihelper.sqlite" }

    /// One conversation made by `ask`, exported by the app, written out `count` times.
    private func exportedFiles(_ count: Int) throws -> [String] {
        let asked = try cli.run(["ask", "remind me to call mom tomorrow at 5pm"])
        XCTAssertEqual(asked.status, 0, asked.err)
        let exported = try cli.run(["export", "--conversation", "1", "--json"])
        XCTAssertEqual(exported.status, 0, exported.err)
        try FileManager.default.createDirectory(atPath: home + "/in", withIntermediateDirectories: true)
        return try (0..<count).map { n in
            let path = home + "/in/c\(n).json"
            try exported.out.replacingOccurrences(of: "remind me to call mom", with: "remind me to call wombat\(n)")
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    private func count(_ sql: String) throws -> Int {
        try AppDatabase.open(path: databasePath).pool.read { try Int.fetchOne($0, sql: sql) ?? -1 }
    }

    func testOneMalformedFileImportsNothingAndKeepGoingImportsTheRest() throws {
        var files = try exportedFiles(50)
        var lines = try String(contentsOfFile: files[31], encoding: .utf8).components(separatedBy: "\n")
        lines[6] = "    \"title\" : \"unterminated"
        try lines.joined(separator: "\n").write(toFile: files[31], atomically: true, encoding: .utf8)

        let refused = try cli.run(["import", "--conversation"] + files)
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("c31.json:7:"), "names the file and line: \(refused.err)")
        XCTAssertTrue(refused.err.contains("Nothing was imported."), refused.err)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(try count("SELECT count(*) FROM conversation"), 1, "only the asked one")

        files.append(home + "/in/missing.json")
        let kept = try cli.run(["import", "--conversation", "--keep-going"] + files)
        XCTAssertEqual(kept.status, 3, "some files were skipped: \(kept.err)")
        XCTAssertTrue(kept.err.contains("skipped 2 files (imported 49 conversations):"), kept.err)
        XCTAssertTrue(kept.err.contains("c31.json:7:"), kept.err)
        XCTAssertTrue(kept.err.contains("missing.json: cannot read it"), kept.err)
        XCTAssertEqual(kept.out.split(separator: "\n").count, 49, kept.out)
        XCTAssertEqual(try count("SELECT count(*) FROM conversation"), 50)
        XCTAssertGreaterThan(try count("SELECT count(*) FROM message_ft WHERE message_ft MATCH 'wombat44'"), 0, "the index has the imported text")
    }

    func testALongImportShowsProgressLinesAndAShortOneNone() throws {
        let files = try exportedFiles(30)
        let quiet = try cli.run(["import", "--conversation"] + files.prefix(10))
        XCTAssertEqual(quiet.status, 0, quiet.err)
        XCTAssertEqual(quiet.err, "", "a short import prints no progress")

        // AIHELPER_PROGRESS_MS=0 makes every file "long" enough for a line: the test stays fast.
        let long = try cli.run(["import", "--conversation"] + files, environment: ["AIHELPER_PROGRESS_MS": "0"])
        XCTAssertEqual(long.status, 0, long.err)
        let progress = long.err.split(separator: "\n").filter { $0.hasPrefix("aihelper: ") && $0.contains(" of 30 files (") }
        XCTAssertEqual(progress.count, 30, long.err)
        XCTAssertTrue(progress.last?.hasPrefix("aihelper: 30 of 30 files (") ?? false, long.err)
        XCTAssertFalse(long.err.contains("\r") || long.err.contains("\u{1B}"), "plain lines off a terminal")
    }

    func testMalformedCalendarNamesItsLineAndKeepGoingSkipsIt() throws {
        let good = home + "/good.ics", bad = home + "/bad.ics"
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:g1\r\nSUMMARY:Good one\r\nDTSTART:20261201T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(toFile: good, atomically: true, encoding: .utf8)
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:b1\r\nSUMMARY \u{1B}[2J no colon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try cli.run(["import", good, bad])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("bad.ics:5: "), refused.err)
        XCTAssertFalse(refused.err.contains("\u{1B}"), "no escape from the file reaches the terminal")
        XCTAssertEqual(try count("SELECT count(*) FROM task"), 0)
        let kept = try cli.run(["import", "--keep-going", good, bad])
        XCTAssertEqual(kept.status, 3, kept.err)
        XCTAssertTrue(kept.out.contains("Imported 1 task"), kept.out)
        XCTAssertTrue(kept.err.contains("skipped 1 file (imported 1 file):\n  " + bad + ":5: "), kept.err)
        XCTAssertEqual(try count("SELECT count(*) FROM task"), 1)
        let again = try cli.run(["import", good], environment: ["AIHELPER_PROGRESS_MS": "0"])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertTrue(again.err.hasPrefix("aihelper: 1 of 1 items ("), "a calendar's rows are counted as they are stored: \(again.err)")
    }

    /// A calendar is stored while it is read: a bad line at the end of a big file is found after
    /// thousands of its events were stored (the progress lines say so), and still nothing is kept.
    func testAnErrorAtTheEndOfABigCalendarKeepsWhatWasStoredBeforeIt() throws {
        let path = home + "/big.ics"
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        for i in 0..<6_000 {
            text += "BEGIN:VEVENT\r\nUID:big\(i)\r\nSUMMARY:Big \(i) platypus\r\nDTSTART:20261201T090000\r\nEND:VEVENT\r\n"
        }
        let good = text + "END:VCALENDAR\r\n"
        text += "BEGIN:VEVENT\r\nUID:last\r\nSUMMARY no colon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try cli.run(["import", path], environment: ["AIHELPER_PROGRESS_MS": "0"])
        XCTAssertEqual(refused.status, 2, refused.err)
        XCTAssertTrue(refused.err.contains("big.ics:\(2 + 6_000 * 5 + 3): this line has no ':'"), refused.err)
        XCTAssertTrue(refused.err.contains("Nothing was imported."), refused.err)
        XCTAssertTrue(refused.err.contains("aihelper: 5000 of 6001 items ("), "stored ahead of the error: \(refused.err)")
        XCTAssertEqual(refused.out, "")
        for table in ["task", "journalEntry", "journalRow", "task_ft"] {
            XCTAssertEqual(try count("SELECT count(*) FROM \(table)"), 0, table)
        }

        try good.write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", path])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertEqual(imported.out, "Imported 6000 tasks, 0 todos (0 subtasks).\n")
        XCTAssertEqual(try count("SELECT count(*) FROM task_ft WHERE task_ft MATCH 'platypus'"), 6_000)
    }

    /// A UID twice in a calendar cannot be stored as it is read: the file is read whole first,
    /// with the same result and note as always.
    func testAUIDTwiceInACalendarIsReadWholeFirst() throws {
        let path = home + "/twice.ics"
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + ["First", "Other", "Second"].enumerated().map { i, title in
            "BEGIN:VEVENT\r\nUID:\(i == 1 ? "other" : "same")\r\nSUMMARY:\(title)\r\nDTSTART:20261201T090000\r\nEND:VEVENT\r\n"
        }.joined() + "END:VCALENDAR\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", path])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertEqual(imported.out, "Imported 2 tasks, 0 todos (0 subtasks).\n")
        XCTAssertTrue(imported.err.contains("twice.ics: line 13: a second event with UID same replaces the one before"), imported.err)
        XCTAssertEqual(try count("SELECT count(*) FROM task WHERE title = 'Second' AND id = 1"), 1, "in the first one's place")
        XCTAssertEqual(try count("SELECT count(*) FROM journalEntry"), 1)
    }
}
