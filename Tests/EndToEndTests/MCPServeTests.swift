import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper mcp serve` driven by the official Python MCP SDK client (`Tests/Peers/mcp_client_check.py`,
/// from the venv `scripts/mcp-client-venv.sh` makes in `make test-deps`): the client connects
/// its default way (`server/discover`, then initialize), lists the tools and calls them; the
/// task it creates is then read from the database file, as the TUI would read it.
final class MCPServePythonClientTests: HomeFolderTestCase {
    static let venvPython = PeerServer.packageRoot.appendingPathComponent(".build/mcp-client-venv/bin/python")

    func testCreatesATaskTheDatabaseHolds() throws {
        let facts = try runClient(mode: "write")
        XCTAssertEqual(facts["protocolVersion"] as? String, "2025-11-25", "the client fell back to initialize")
        let tools = try XCTUnwrap(facts["tools"] as? [String])
        XCTAssertTrue(Set(["create_task", "list_tasks", "delete_task", "create_note", "search_contacts", "resolve_date"]).isSubset(of: tools))
        XCTAssertFalse(tools.contains("read_file"), "file tools are served only with --files")
        let hints = try XCTUnwrap(facts["hints"] as? [String: [String: Any]])
        XCTAssertEqual(hints["delete_task"]?["destructive"] as? Bool, true)
        XCTAssertEqual(hints["create_task"]?["destructive"] as? Bool, false)
        XCTAssertEqual(hints["list_tasks"]?["readOnly"] as? Bool, true)
        let schema = try XCTUnwrap((facts["schemas"] as? [String: Any])?["create_task"] as? [String: Any])
        XCTAssertEqual(schema["required"] as? [String], ["title"])
        XCTAssertNotNil((schema["properties"] as? [String: Any])?["date"])

        XCTAssertEqual(result(facts, "create").isError, false)
        XCTAssertTrue(result(facts, "create").text.contains("Dentist"), result(facts, "create").text)
        XCTAssertEqual(result(facts, "invalid").isError, true, "the schema validator runs on MCP calls")
        XCTAssertTrue(result(facts, "invalid").text.contains("'title' is required"), result(facts, "invalid").text)
        XCTAssertTrue(result(facts, "list").text.contains("09:30 Dentist"), result(facts, "list").text)
        XCTAssertEqual(schema["additionalProperties"] as? Bool, false, "schemas say which arguments there are")
        XCTAssertEqual(result(facts, "unknown").isError, true, "an unknown argument is an error, not dropped")
        XCTAssertTrue(result(facts, "unknown").text.contains("'when' is not an argument here (known: category, due_date, due_time, list, notes, priority, repeat, title)"),
                      result(facts, "unknown").text)
        XCTAssertEqual(result(facts, "alias").isError, false, result(facts, "alias").text)
        XCTAssertTrue(result(facts, "alias").text.contains("Fri 2027-01-15 09:30"), result(facts, "alias").text)

        let day = CivilDate(year: 2026, month: 12, day: 1)
        let tasks = try AppDatabase.open(path: home + "/aihelper.sqlite").agenda(from: day, to: day)
        XCTAssertEqual(tasks.map(\.title), ["Dentist"])
        let passport = try AppDatabase.open(path: home + "/aihelper.sqlite").allTasks().filter { $0.title == "Passport" }
        XCTAssertEqual(passport.map(\.dueDate), [CivilDate(year: 2027, month: 1, day: 15)], "one reminder, on the day sent as `due`")
        XCTAssertEqual(passport.first?.priority, .high)
        XCTAssertEqual(tasks.first?.dueTime, TimeOfDay(hour: 9, minute: 30))
    }

    func testReadOnlyServesNoToolThatChangesData() throws {
        let day = CivilDate(year: 2026, month: 12, day: 1)
        _ = try AppDatabase.open(path: home + "/aihelper.sqlite").insertTask(TaskItem(title: "Dentist", dueDate: day))
        let facts = try runClient(mode: "read-only")
        let tools = try XCTUnwrap(facts["tools"] as? [String])
        XCTAssertTrue(tools.contains("list_tasks"))
        XCTAssertFalse(tools.contains("create_task") || tools.contains("delete_task") || tools.contains("update_note"), "\(tools)")
        let hints = try XCTUnwrap(facts["hints"] as? [String: [String: Any]])
        XCTAssertTrue(hints.values.allSatisfy { $0["readOnly"] as? Bool == true }, "\(hints)")
        XCTAssertEqual(result(facts, "delete").isError, true)
        XCTAssertTrue(result(facts, "delete").text.contains("read-only"), result(facts, "delete").text)
        XCTAssertTrue(result(facts, "list").text.contains("Dentist"), result(facts, "list").text)
        XCTAssertEqual(try AppDatabase.open(path: home + "/aihelper.sqlite").agenda(from: day, to: day).map(\.title), ["Dentist"])
    }

    private func result(_ facts: [String: Any], _ key: String) -> (text: String, isError: Bool?) {
        let object = facts[key] as? [String: Any]
        return (object?["text"] as? String ?? "(no \(key) in the client's report)", object?["isError"] as? Bool)
    }

    /// Runs the Python client (bounded: it gives up after 40 s, and is killed after 60 s) and
    /// returns what it printed.
    private func runClient(mode: String) throws -> [String: Any] {
        guard FileManager.default.isExecutableFile(atPath: Self.venvPython.path) else {
            // A failure, never a skip: CI makes the venv.
            throw VenvMissing(description: "The Python mcp SDK venv is missing at \(Self.venvPython.path). "
                                       + "Make it with `make test-deps` (or scripts/mcp-client-venv.sh).")
        }
        let script = PeerServer.peersFolder.appendingPathComponent("mcp_client_check.py").path
        let run = try CLIRunner(home: home).run([script, TmuxSession.binary, home, mode], timeout: 60,
                                                executable: Self.venvPython.path)
        XCTAssertEqual(run.status, 0, "the Python client failed: \(run.err.suffix(3000))")
        let line = run.out.split(separator: "\n").last.map(String.init) ?? ""
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                             "not a JSON report: \(run.out.prefix(500)) \(run.err.suffix(2000))")
    }
}

struct VenvMissing: Error, CustomStringConvertible {
    var description: String
}

/// The protocol edges, with raw lines on stdin: unknown methods, lines that are not JSON, end of input.
final class MCPServeProtocolTests: HomeFolderTestCase {
    func testUnknownMethodsMalformedLinesAndEndOfInput() throws {
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "this is { not json",
            #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"no/such/method"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}"#,
            // The last request: stdin closes right after it, and its answer must still come.
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Last words"}}}"#,
        ]
        let started = Date()
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, "end of input ends the server cleanly: \(run.err)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 15)

        // Nothing but JSON-RPC messages on stdout.
        var byID: [String: [String: Any]] = [:]
        for line in run.out.split(separator: "\n") {
            let object = try XCTUnwrap(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON on stdout: \(line)")
            XCTAssertEqual(object["jsonrpc"] as? String, "2.0")
            byID[object["id"].map { "\($0)" } ?? "nil"] = object
        }
        func code(_ id: String) -> Int? { (byID[id]?["error"] as? [String: Any])?["code"] as? Int }
        XCTAssertEqual(code("1"), -32601, "server/discover must be method-not-found, so 2026 clients fall back to initialize")
        XCTAssertEqual(code("4"), -32601)
        XCTAssertEqual(code("<null>"), -32700, "a line that is not JSON gets a parse error with id null: \(byID.keys)")
        XCTAssertEqual(code("5"), -32602, "an unknown tool is a protocol error")
        XCTAssertNotNil((byID["2"]?["result"] as? [String: Any])?["capabilities"])
        XCTAssertEqual(((byID["3"]?["result"] as? [String: Any])?["tools"] as? [Any])?.isEmpty, false, "the server kept going after the bad line")
        let created = byID["6"]?["result"] as? [String: Any]
        XCTAssertEqual(created?["isError"] as? Bool, false, "\(String(describing: byID["6"]))")
        XCTAssertEqual(try AppDatabase.open(path: home + "/aihelper.sqlite").allTasks().map(\.title), ["Last words"])
    }

    /// Text echoed from a request (an unknown method's name) that holds C1 and bidi controls
    /// leaves as `\uXXXX` escapes, as in every `--json` output, and decodes to the same text.
    func testControlsEchoedInAnswersAreEscapedOnTheWire() throws {
        let lines = Self.handshake + [#"{"jsonrpc":"2.0","id":7,"method":"no/such\u009b31m\u202e"}"#]
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertNil(run.out.unicodeScalars.first { (0x80..<0xA0).contains($0.value) || $0.value == 0x202E }, run.out)
        let answer = try XCTUnwrap(run.out.split(separator: "\n").first { $0.contains(#""id":7"#) }, run.out)
        XCTAssertTrue(answer.contains(#"no/such\u009b31m\u202e"#), String(answer))
        let decoded = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        XCTAssertTrue(((decoded?["error"] as? [String: Any])?["message"] as? String ?? "").contains("no/such\u{9B}31m\u{202E}"))
    }

    private static let handshake = [
        #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]

    /// Each odd id gets the answer JSON-RPC 2.0 asks for, and the server leaves as soon as its
    /// input ends (it used to wait 35 s for answers to ids it had dropped).
    func testOddRequestIDsAreEachAnsweredAndTheServerLeavesAtOnce() throws {
        let odd = ["null", "1.5", "[1]", #"{"a":1}"#, "18446744073709551616", "true", "-0.5e3", "-9223372036854775809"]
        let lines = Self.handshake + odd.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
            + [#"{"jsonrpc":"2.0","id":[2],"method":"tools/call","params":{"name":"create_task","arguments":{"title":"Never"}}}"#]
        let started = Date()
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the server must leave when its input ends")
        let answers = run.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(answers.count, 1 + odd.count + 1, run.out)
        // A number the SDK cannot hold is served, and answered with the id exactly as written.
        for id in ["1.5", "18446744073709551616", "-0.5e3", "-9223372036854775809"] {
            XCTAssertEqual(answers.filter { $0.contains(#""id":\#(id),"#) || $0.hasSuffix(#""id":\#(id)}"#) }.count, 1, "id \(id): \(run.out)")
        }
        // null, arrays, objects and booleans: an invalid request, with "id": null.
        let invalid = answers.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["id"] is NSNull && ($0["error"] as? [String: Any])?["code"] as? Int == -32600 }
        XCTAssertEqual(invalid.count, 5, run.out)
        XCTAssertFalse(run.out.contains(#""id":"""#), "no made-up empty id")
        XCTAssertEqual(try AppDatabase.open(path: home + "/aihelper.sqlite").allTasks().count, 0, "a refused request runs nothing")
    }

    /// Lines are read in linear time (one 3 MB line took 7 s, 5 MB 20 s), and a line over the
    /// cap (4 MiB) gets an error while the server goes on.
    func testLongLinesAreReadFastAndCapped() throws {
        let big = String(repeating: "x", count: 3 << 20), huge = String(repeating: "y", count: 5 << 20)
        let lines = Self.handshake + [
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_note","arguments":{"title":"big","body":"\#(big)"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_note","arguments":{"title":"huge","body":"\#(huge)"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
        ]
        let started = Date()
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 60)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let answers = run.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func answer(_ id: Int) -> [String: Any]? { answers.first { $0["id"] as? Int == id } }
        let refused = ((answer(2)?["result"] as? [String: Any])?["content"] as? [[String: Any]])?.first?["text"] as? String
        XCTAssertTrue(refused?.contains("at most 64 KB are taken") == true, "the 3 MB line was read and answered: \(run.out.prefix(500))")
        XCTAssertNil(answer(3), "the over-long line is not read")
        let capped = answers.filter { $0["id"] is NSNull }.compactMap { $0["error"] as? [String: Any] }
        XCTAssertEqual(capped.map { $0["code"] as? Int }, [-32600], String(run.out.prefix(500)))
        XCTAssertTrue((capped.first?["message"] as? String)?.contains("longer than 4 MiB") == true)
        XCTAssertNotNil(answer(4)?["result"], "the server went on after it")
    }

    /// JSON that is not a request is an invalid request (-32600), with the id when it has a usable
    /// one: the SDK called these parse errors, and an empty batch got a made-up id.
    func testJSONThatIsNotARequestIsAnInvalidRequest() throws {
        let lines = Self.handshake + [
            #"{"jsonrpc":"1.0","id":6,"method":"ping"}"#, #"{"id":7,"method":"ping"}"#, #"{"jsonrpc":"2.0","id":8,"method":5}"#,
            #"{"jsonrpc":"2.0","id":"nine","method":"ping","params":5}"#, #"{"jsonrpc":"2.0","id":[10],"method":7}"#, "[]",
        ]
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        let errors = run.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["error"] != nil }
        XCTAssertEqual(errors.map { ($0["error"] as? [String: Any])?["code"] as? Int }, Array(repeating: -32600, count: 6), run.out)
        XCTAssertEqual(Set(errors.map { $0["id"].map { "\($0)" } ?? "absent" }), ["6", "7", "8", "nine", "<null>"], run.out)
    }

    /// A tools/call without a name, or with arguments that are not an object, is invalid
    /// params (-32602) saying what the call needs, not the SDK's "internal error".
    func testAToolCallWithBadParamsIsInvalidParams() throws {
        let lines = Self.handshake + [
            #"{"jsonrpc":"2.0","id":11,"method":"tools/call"}"#, #"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{}}"#,
            #"{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"list_tasks","arguments":"x"}}"#,
        ]
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        let errors = run.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["error"] as? [String: Any] }
        XCTAssertEqual(errors.map { $0["code"] as? Int }, [-32602, -32602, -32602], run.out)
        XCTAssertTrue(errors.allSatisfy { ($0["message"] as? String ?? "").contains("tools/call") }, run.out)
    }

    /// In a batch each element is checked like a lone message: the good ones are served, and
    /// the errors for the others join the same answer array.
    func testABatchAnswersEachElementInOneArray() throws {
        let lines = Self.handshake + [
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":null,"method":"ping"},{"jsonrpc":"2.0","id":1.5,"method":"ping"},5,{"jsonrpc":"2.0","method":"notifications/x"}]"#,
            #"[{"jsonrpc":"2.0","id":[3],"method":"ping"}]"#,
        ]
        let run = try CLIRunner(home: home).run(["mcp", "serve"], stdin: lines.joined(separator: "\n") + "\n", timeout: 30)
        XCTAssertEqual(run.status, 0, run.err)
        let arrays = run.out.split(separator: "\n").filter { $0.hasPrefix("[") }.map(String.init)
        XCTAssertEqual(arrays.count, 2, run.out)
        let first = try XCTUnwrap(arrays.first { $0.contains(#""id":1,"#) })
        XCTAssertTrue(first.contains(#"{"id":1.5,"#), first)
        let answers = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [[String: Any]])
        XCTAssertEqual(answers.count, 4, "two served, two refused, the notification unanswered: \(first)")
        XCTAssertEqual(answers.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32600 && $0["id"] is NSNull }.count, 2, first)
        let second = try XCTUnwrap(arrays.first { !$0.contains(#""id":1,"#) })
        XCTAssertTrue(second.contains("not an array") && second.contains(#""id":null"#), second)
    }
}
