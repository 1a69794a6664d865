import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// Every CLI subcommand on a database, files and a provider full of hostile strings (ESC, CSI,
/// OSC 0/8/52, C1, bidi overrides, NUL): nothing raw reaches stdout, stderr or a file whose
/// format forbids it, and the visible letters still arrive ("EvilTitle").
final class CLIHostileInputTests: HomeFolderTestCase {
    /// The same string as the loopback peer's HOSTILE (Tests/Peers/peer_scripts.py).
    static let hostile = "Evil\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]8;;http://x.example/\u{07}Ti\u{9B}31m"
        + "\u{9D}0;c1\u{9C}\u{202E}tle\u{2066}\u{0}!"
    /// What a terminal may show of it (SQLite hands text back up to a NUL, so "!" may be gone).
    static let visible = "EvilTitle"
    /// The same in an iCalendar or vCard file, whose reader refuses a NUL byte (tested below).
    static let hostileInFile = hostile.replacingOccurrences(of: "\u{0}", with: "")
    private static let peer = Result { try PeerServer.providers() }
    private var cli: CLIRunner { CLIRunner(home: home) }

    func testSanitizerReadsTheHostileStringAsItsVisibleLetters() {
        XCTAssertEqual(Sanitizer.clean(Self.hostile), Self.visible + "!")
    }

    func testLocalCommandsPrintNothingRaw() throws {
        try seed()
        let today = CivilDate(Date(), in: .current).iso
        let commands: [[String]] = [
            ["tasks"], ["tasks", "--week"], ["tasks", "--upcoming", "10"], ["tasks", "--date", today], ["tasks", "--json"],
            ["todos"], ["todos", "--json"], ["review", "--week"], ["review", "--week", "--json"], ["usage"],
            ["export", "--md"], ["export", "--ics"], ["export", "--vcf"], ["export", "--json"],
            ["export", "--conversation", "1", "--md"], ["export", "--conversation", "1", "--json"],
        ]
        for arguments in commands {
            let result = try cli.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            assertNothingRaw(result.out, arguments, lineEnds: arguments.contains("--ics") || arguments.contains("--vcf"))
            assertNothingRaw(result.err, arguments)
            XCTAssertTrue(result.out.contains(Self.visible) || arguments.contains("--json") && result.out.contains("Evil\\u001b"),
                          "\(arguments) printed the hostile item: \(result.out)")
            if arguments.contains("--json") { XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(result.out.utf8)), "\(arguments)") }
        }
        let done = try cli.run(["done", "Evil"])
        XCTAssertEqual(done.status, 0, done.err)
        assertNothingRaw(done.out, ["done"])
        XCTAssertTrue(done.out.contains(Self.visible), done.out)
    }

    /// Exported files: .ics and .vcf lines hold no control characters (RFC 5545 §3.3.11, RFC 6350
    /// §3.3), JSON keeps the strings but escapes them, Markdown is cleaned; each reads back.
    func testExportedFilesHoldNothingRawAndReadBack() throws {
        try seed()
        for format in ["ics", "vcf", "json", "md"] {
            let path = home + "/out." + format
            let result = try cli.run(["export", "--" + format, path])
            XCTAssertEqual(result.status, 0, "\(format): \(result.err)")
            assertNothingRaw(result.err, [format])
            let text = try String(contentsOfFile: path, encoding: .utf8)
            assertNothingRaw(text, ["file", format], lineEnds: format == "ics" || format == "vcf")
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: home + "/out.json"))) as? [String: Any]
        let titles = (json?["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
        XCTAssertTrue(titles.contains { Self.hostile.hasPrefix($0) && $0.contains("\u{1B}]52;") && $0.contains("\u{202E}") },
                      "JSON keeps the text, escaped: \(titles)")
        let again = try cli.run(["import", home + "/out.ics"])
        XCTAssertEqual(again.status, 0, again.err)
        assertNothingRaw(again.out + again.err, ["import again"])

        let conversation = home + "/conversation.json"
        XCTAssertEqual(try cli.run(["export", "--conversation", "1", "--json", conversation]).status, 0)
        let imported = try cli.run(["import", "--conversation", conversation])
        XCTAssertEqual(imported.status, 0, imported.err)
        assertNothingRaw(imported.out + imported.err, ["import --conversation"])
        XCTAssertTrue(imported.out.contains("Imported “\(Self.visible)"), imported.out)
        let added = try cli.run(["add", Self.hostile, "tomorrow"])
        assertNothingRaw(added.out + added.err, ["add"])
    }

    func testImportMessagesAndNotesPrintNothingRaw() throws {
        let good = home + "/hostile.ics"
        try Self.calendar(events: [
            "UID:e1\r\nSUMMARY:\(Self.hostileInFile)\r\nDESCRIPTION:\(Self.hostileInFile)\r\nDTSTART;TZID=\"\(Self.hostileInFile)\":20261201T090000",
        ]).write(toFile: good, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", good])
        XCTAssertEqual(imported.status, 0, imported.err)
        assertNothingRaw(imported.out + imported.err, ["import"])
        XCTAssertTrue(imported.err.contains("unknown time zone"), "the note quotes the zone: \(imported.err)")

        let bad = home + "/bad.ics"
        try Self.calendar(events: ["UID:e2\r\nSUMMARY:x\r\nDTSTART:\(Self.hostileInFile)"]).write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try cli.run(["import", bad])
        XCTAssertEqual(refused.status, 2)
        assertNothingRaw(refused.out + refused.err, ["import bad"])
        XCTAssertTrue(refused.err.contains(Self.visible), refused.err)

        let card = home + "/hostile.vcf"
        try "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:\(Self.hostileInFile)\r\nNOTE:\(Self.hostileInFile)\r\nEND:VCARD\r\n"
            .write(toFile: card, atomically: true, encoding: .utf8)
        let contacts = try cli.run(["import", card])
        XCTAssertEqual(contacts.status, 0, contacts.err)
        let exported = try cli.run(["export", "--vcf"])
        assertNothingRaw(exported.out, ["export --vcf"], lineEnds: true)
        XCTAssertTrue(exported.out.contains("FN:" + Self.visible), exported.out)

        // A NUL would cut the stored text short: the file is refused, naming the line, and nothing is stored.
        let nul = home + "/nul.ics"
        try Self.calendar(events: ["UID:e3\r\nSUMMARY:Den\u{0}tist\r\nDTSTART:20261201T090000"]).write(toFile: nul, atomically: true, encoding: .utf8)
        let refusedNUL = try cli.run(["import", nul])
        XCTAssertEqual(refusedNUL.status, 2)
        XCTAssertTrue(refusedNUL.err.contains("nul.ics:6: this line holds a NUL byte"), refusedNUL.err)
        XCTAssertFalse(try AppDatabase.open(path: home + "/aihelper.sqlite").allTasks().contains { $0.title.hasPrefix("Den") })
    }

    /// A provider's answer, its error messages, its model ids and a model's tool arguments.
    func testProviderWordsReachNoTerminalRaw() throws {
        let base = try Self.peer.get().baseURL
        let env = ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-hostile-key"]
        let runs: [(arguments: [String], environment: [String: String])] = [
            (["ask", "--provider", "openai", "hi [script:hostile]"], env),
            (["ask", "--json", "--provider", "openai", "hi [script:hostile]"], env),
            (["ask", "--provider", "openai", "hi [fault:400]"], env),
            (["ask", "--json", "--provider", "openai", "hi [fault:400]"], env),
            (["ask", "--provider", "openai", "clean up [script:agent:hostile-delete]"], env),
            (["ask", "--json", "--provider", "openai", "clean up [script:agent:hostile-delete]"], env),
            (["models", "openai", "--refresh"], env),
            (["models", "openai", "--refresh", "--json"], env),
            (["keys", "check", "openai"], ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-hostile-key-invalid-key"]),
            (["keys", "check", "openai", "--json"], ["OPENAI_BASE_URL": base + "/v1", "OPENAI_API_KEY": "sk-hostile-key-invalid-key"]),
            (["usage"], [:]),
            (["usage", "--json"], [:]),
        ] + (try transcriptionRuns(base))
        var seen = ""
        for (arguments, environment) in runs {
            let result = try cli.run(arguments, environment: environment)
            assertNothingRaw(result.out, arguments)
            assertNothingRaw(result.err, arguments)
            if arguments[0] == "transcribe" || arguments.contains("--audio") {
                XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
                XCTAssertTrue((result.out + result.err).contains("Evil") && (result.out + result.err).contains("tle"), "\(arguments): \(result.out)")
            }
            if arguments.contains("--json") && arguments[0] != "ask" {
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(result.out.utf8)), "\(arguments): \(result.out)")
            } else if arguments.contains("--json") {
                for line in result.out.split(separator: "\n") {
                    XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(line.utf8)), "\(arguments): \(line)")
                }
            }
            seen += result.out + result.err
        }
        XCTAssertTrue(seen.contains(Self.visible), "the hostile words arrived, cleaned: \(seen)")
        XCTAssertTrue(seen.contains("delete_task") && seen.contains("refused"), seen)
    }

    /// `mcp list` and its JSON: a server's tool description and stderr full of escapes.
    func testMCPServerWordsReachNoTerminalRaw() throws {
        let servers = ["evil": ["command": try MCPPeers.python(), "args": [MCPPeers.faultyServer.path, "hostile"]]]
        try JSONSerialization.data(withJSONObject: ["mcpServers": servers]).write(to: URL(fileURLWithPath: home + "/mcp.json"))
        for arguments in [["mcp", "list"], ["mcp", "list", "--json"]] {
            let result = try cli.run(arguments, timeout: 60)
            XCTAssertEqual(result.status, 0, result.err)
            assertNothingRaw(result.out, arguments)
            assertNothingRaw(result.err, arguments)
            guard arguments.contains("--json") else { continue }
            let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]], result.out)
            let description = (list.first?["tools"] as? [[String: Any]])?.first?["description"] as? String ?? ""
            XCTAssertTrue(description.hasPrefix("Does the thing.") && description.contains("evil"), description)
            let stderr = (list.first?["stderr"] as? [String] ?? []).joined()
            XCTAssertTrue(stderr.contains("evil") && stderr.contains("bell"), stderr)
            assertNothingRaw(description + stderr, arguments)
        }
    }

    // MARK: Helpers

    /// Fails for any scalar that could drive a terminal: C0 controls but LF (and CR before LF in
    /// .ics/.vcf, whose lines end in CRLF), DEL, C1 controls, bidi embeddings, overrides, isolates.
    /// `transcribe` and `ask --audio` whose transcript is hostile: the peer answers with the prompt.
    private func transcriptionRuns(_ base: String) throws -> [(arguments: [String], environment: [String: String])] {
        let escaped = Self.hostileInFile.unicodeScalars.map { scalar -> String in
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || (0x2000...0x2FFF).contains(v) { return String(format: "\\u%04X", v) }
            return scalar == "\"" || scalar == "\\" ? "\\" + String(scalar) : String(scalar)
        }.joined()
        let config = home + "/voice.toml"
        try "[voice]\nurl = \"\(base)/v1\"\nprompt = \"\(escaped)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        // Half a second of a 440 Hz tone, 16 kHz mono: not silence.
        let samples = (0..<8_000).map { Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 16_000)) }
        var wav = Data("RIFF".utf8) + le32(36 + 16_000) + Data("WAVEfmt ".utf8) + le32(16)
        wav += Data([1, 0, 1, 0]) + le32(16_000) + le32(32_000) + Data([2, 0, 16, 0]) + Data("data".utf8) + le32(16_000)
        for sample in samples { wav += Data([UInt8(truncatingIfNeeded: sample), UInt8(truncatingIfNeeded: sample >> 8)]) }
        let file = home + "/tone.wav"
        try wav.write(to: URL(fileURLWithPath: file))
        return [
            (["transcribe", "--config", config, file], [:]),
            (["transcribe", "--config", config, "--json", file], [:]),
            (["ask", "--config", config, "--audio", file], [:]),
            (["ask", "--config", config, "--json", "--audio", file], [:]),
        ]
    }

    private func le32(_ value: Int) -> Data {
        Data([0, 8, 16, 24].map { UInt8((value >> $0) & 0xFF) })
    }

    private func assertNothingRaw(_ text: String, _ what: [String], lineEnds: Bool = false, file: StaticString = #filePath,
                                  line: UInt = #line) {
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v == 0x0A || (lineEnds && v == 0x0D && i + 1 < scalars.count && scalars[i + 1] == "\n") { continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                let around = String(String.UnicodeScalarView(scalars[max(0, i - 20)..<min(scalars.count, i + 20)]))
                return XCTFail("\(what): U+\(String(v, radix: 16, uppercase: true)) raw in …\(around.debugDescription)…",
                               file: file, line: line)
            }
        }
    }

    private static func calendar(events: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n"
            + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n"
    }

    /// Hostile text in every kind of record the commands print.
    private func seed() throws {
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let today = CivilDate(Date(), in: .current)
        let h = Self.hostile
        _ = try db.insertTask(TaskItem(title: h, notes: h, dueDate: today, dueTime: TimeOfDay(hour: 9, minute: 0), category: h,
                                       list: h, extra: "X-NOTE:" + h))
        _ = try db.insertTask(TaskItem(title: h + " weekly", dueDate: today, recurrence: "RRULE:FREQ=WEEKLY"))
        _ = try db.insertTask(TaskItem(title: h + " done", dueDate: today, completed: true, completedAt: Date()))
        let tree = try db.createTodo(title: h, notes: h, items: [(h, h)])
        _ = tree
        _ = try db.insertContact(Contact(name: h, email: h, phone: h, organization: h, notes: h, groups: h))
        _ = try db.insertNote(Note(title: h, body: h))
        let conversation = try db.createConversation(title: h, provider: h, model: h)
        _ = try db.appendMessage(Message(conversationId: conversation.id!, role: .user, content: h))
        let answer = try db.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: h, provider: h, model: h,
                                                  inputTokens: 10, outputTokens: 5, cost: 0.01, errorText: h))
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: h, name: h, arguments: h, result: h))
        _ = try db.saveSummary(Summary(title: h, keyInsights: [h], mainThemes: [h], thoughtProcess: h, actionItems: [h]),
                               conversationId: conversation.id!, messageId: answer.id, kind: .manual, coversThroughId: answer.id!)
    }
}
