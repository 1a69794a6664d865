import Foundation
import XCTest
import Core
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// `aihelper … | head -1`: a command whose reader has gone ends quietly, as SIGPIPE ends it or
/// with 0, never with a trap and a stack trace (it was SIGILL from FileHandle's `try!`).
final class CLIClosedPipeTests: HomeFolderTestCase {
    func testEveryCommandEndsQuietlyWhenItsReaderIsGone() throws {
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let today = CivilDate(Date(), in: .current)
        for i in 0..<300 {
            _ = try db.insertTask(TaskItem(title: "Task \(i) with a title long enough to fill the pipe quickly", dueDate: today.adding(days: i % 7)))
        }
        _ = try db.insertTask(TaskItem(title: "Standup", dueDate: today, dueTime: TimeOfDay(hour: 9, minute: 30), recurrence: "RRULE:FREQ=DAILY"))
        _ = try db.createTodo(title: "Packing", items: (0..<300).map { ("Item \($0) to pack for the long trip", "") })
        _ = try db.insertContact(Contact(name: "Ada Lovelace", email: "ada@example.com"))
        let commands: [[String]] = [
            ["ask", "what's on this week"], ["ask", "--json", "what's on this week"], ["tasks", "--week"], ["tasks", "--upcoming", "200"],
            ["tasks", "--week", "--json"], ["todos"], ["todos", "--json"], ["export", "--md"], ["export", "--ics"], ["export", "--json"],
            ["export", "--vcf"], ["review", "--month"], ["review", "--json"], ["usage"], ["models", "openai"], ["keys", "check"],
        ]
        for arguments in commands {
            let (reason, status, err) = try runWithReaderGone(arguments)
            let quiet = (reason == .uncaughtSignal && status == SIGPIPE) || (reason == .exit && (status == 0 || arguments == ["keys", "check"]))
            XCTAssertTrue(quiet, "\(arguments): ended by \(reason == .exit ? "exit" : "signal") \(status): \(err)")
            XCTAssertFalse(err.contains("Fatal error") || err.contains("Stack dump") || err.contains("Broken pipe"), "\(arguments): \(err)")
        }
    }

    /// `mcp serve` whose client stopped reading but still holds its stdin open: the first answer
    /// it cannot deliver ends it.
    func testMCPServeEndsQuietlyWhenItsClientStopsReading() throws {
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"#
            + #""clientInfo":{"name":"test","version":"1"}}}"#
        let (reason, status, err) = try runWithReaderGone(["mcp", "serve"], input: initialize + "\n", keepInputOpen: true)
        XCTAssertTrue((reason == .uncaughtSignal && status == SIGPIPE) || (reason == .exit && status == 0), "ended by \(reason) \(status): \(err)")
        XCTAssertFalse(err.contains("Fatal error") || err.contains("Stack dump"), err)
    }

    /// Runs the binary with stdout a pipe nobody reads (its read end closed before the start).
    private func runWithReaderGone(_ arguments: [String], input text: String? = nil, keepInputOpen: Bool = false) throws
        -> (Process.TerminationReason, Int32, String) {
        let errPath = home + "/stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let output = Pipe(), input = Pipe()
        try output.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxSession.binary)
        process.arguments = arguments
        process.environment = ["AIHELPER_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardOutput = output
        process.standardError = err
        process.standardInput = input
        try process.run()
        try err.close()
        try output.fileHandleForWriting.close()
        if let text { input.fileHandleForWriting.write(Data(text.utf8)) }
        if !keepInputOpen { try input.fileHandleForWriting.close() }
        defer { try? input.fileHandleForWriting.close() }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("\(arguments) did not end within 30 s")
        }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
