import XCTest
import Core
import Storage
import Tools

/// Every way a call can be wrong ends as an error result for the model, and nothing is stored.
final class ToolRunTests: XCTestCase {
    private func execute(_ name: String, _ arguments: String, _ database: AppDatabase) async -> ToolResult {
        await ToolRegistry.builtIn().run(name, arguments: arguments, context: ToolContext(
            database: database, now: Date(timeIntervalSince1970: 1_795_392_000), timeZone: TimeZone(identifier: "UTC")!))
    }

    func testBadCallsBecomeErrorResultsAndChangeNothing() async throws {
        let database = try AppDatabase.temporary()
        let cases: [(String, String, String)] = [
            ("no_such_tool", "{}", "Unknown tool 'no_such_tool'"),
            ("create_task", "[1, 2]", "are not a JSON object"),
            ("create_task", "{\"title\": ", "are not a JSON object"),
            ("create_task", "{}", "'title' is required"),
            ("create_task", #"{"title": ["a"]}"#, "'title' must be a string, not an array"),
            ("create_task", #"{"title": "a", "priority": "urgent!"}"#, "'priority' must be one of"),
            ("create_task", "{\"title\": \"" + String(repeating: "x", count: 70_000) + "\"}", "at most 64 KB are taken"),
        ]
        for (name, arguments, expected) in cases {
            let result = await execute(name, arguments, database)
            XCTAssertTrue(result.isError, "\(name) \(arguments.prefix(40))")
            XCTAssertTrue(result.text.contains(expected), result.text)
        }
        XCTAssertEqual(try database.tasks(from: CivilDate(year: 2000, month: 1, day: 1), to: CivilDate(year: 2100, month: 1, day: 1)).count, 0)
    }

    func testAValidCallRuns() async throws {
        let database = try AppDatabase.temporary()
        let result = await execute("create_task", #"{"title": "Dentist", "date": "2026-11-25", "category": "health"}"#, database)
        XCTAssertFalse(result.isError, result.text)
        XCTAssertEqual(try database.tasks(on: CivilDate(year: 2026, month: 11, day: 25)).map(\.category), ["Health"])
    }
}

/// A tool whose result carries terminal control sequences and is far too long.
private struct NoisyTool: Tool {
    let definition = ToolDefinition(name: "noisy", description: "Returns junk.", inputSchema: ["type": "object"])
    func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        ToolResult(text: "\u{1B}]0;owned\u{07}title\u{1B}[2J ok\r\n" + String(repeating: "x", count: 20_000))
    }
}

final class ToolResultTests: XCTestCase {
    func testResultsAreCleanedAndCut() async throws {
        let result = await ToolRegistry(tools: [NoisyTool()]).run("noisy", arguments: "{}",
                                                                   context: ToolContext(database: try AppDatabase.temporary()))
        XCTAssertFalse(result.isError)
        XCTAssertTrue(result.text.hasPrefix("title ok\nxxx"), String(result.text.prefix(40)))
        XCTAssertFalse(result.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D })
        XCTAssertTrue(result.text.hasSuffix("…(cut at 16000 characters)"))
    }
}

/// A tool stuck for a second in a call that ignores cancellation (bounded, so it does not
/// hold a thread of the test process for good).
private struct StuckTool: Tool {
    let definition = ToolDefinition(name: "stuck", description: "Takes a second, whatever happens.", inputSchema: ["type": "object"])
    func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let end = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < end { usleep(20_000) }
        return ToolResult(text: "finished after a second")
    }
}

/// Runs the stuck tool with `timeout`; what came back and how long it took.
private func executeStuck(timeout: Duration) async -> (result: ToolResult, took: Duration) {
    guard let database = try? AppDatabase.temporary() else { return (ToolResult(text: "no database", isError: true), .zero) }
    let start = ContinuousClock.now
    let result = await ToolRegistry(tools: [StuckTool()]).run("stuck", arguments: "{}", context: ToolContext(database: database),
                                                              timeout: timeout)
    return (result, ContinuousClock.now - start)
}

final class ToolTimeoutTests: XCTestCase {
    func testAToolThatTakesTooLongIsStoppedWithAnError() async throws {
        let (result, took) = await executeStuck(timeout: .milliseconds(200))
        XCTAssertTrue(result.isError)
        XCTAssertEqual(result.text, "stuck took longer than 0.2 seconds and was stopped.")
        XCTAssertGreaterThanOrEqual(took, .milliseconds(200))
        XCTAssertLessThan(took, .seconds(5), "the turn does not wait for the stuck tool")
    }

    func testCancellingTheTurnEndsAToolAtOnce() async throws {
        let task = Task.detached { await executeStuck(timeout: .seconds(60)) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let (result, took) = await task.value
        XCTAssertEqual(result.text, "stuck was cancelled.")
        XCTAssertLessThan(took, .seconds(5))
    }
}
