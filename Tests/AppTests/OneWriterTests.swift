import Foundation
import XCTest
import Core
import Storage
@testable import App

/// Only `update` writes the state: the runtime (Sources/App/Runtime) performs I/O and answers
/// with a `ResultEvent` that `update` applies (docs/architecture.md, The event loop).
final class OneWriterTests: XCTestCase {
    static let runtimeFolder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Sources/App/Runtime").standardized

    /// Lines of the runtime that change `state` other than through `update`.
    static func stateWrites() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: runtimeFolder.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 5, "the runtime's files are found")
        let assignment = try Regex(#"\bstate\.[A-Za-z.?\[\]]*\s*([+\-*]|\?\?)?=(?!=)"#)
        let mutatingCall = try Regex(#"\bstate\.[A-Za-z.?]+\.(set[A-Za-z]*|insert|append|remove[A-Za-z]*|take[A-Za-z]*|replace[A-Za-z]*|clamp[A-Za-z]*|toggle|formUnion)\("#)
        let passing = try Regex(#"&state\b"#)
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: runtimeFolder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let passesInout = code.contains(passing) && !code.contains("update(&state,")
                if code.contains(assignment) || code.contains(mutatingCall) || passesInout {
                    found.append("\(file):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    func testTheRuntimeWritesNoStateButThroughUpdate() throws {
        XCTAssertEqual(try Self.stateWrites(), [])
    }

    /// The check itself finds what it is for.
    func testTheCheckFindsAWrite() throws {
        let sample = "        state.notice = nil\n        state.todos.setExpanded(x)\n        state.alerts += fired\n"
        let assignment = try Regex(#"\bstate\.[A-Za-z.?\[\]]*\s*([+\-*]|\?\?)?=(?!=)"#)
        XCTAssertEqual(sample.split(separator: "\n").filter { $0.contains(assignment) }.count, 2)
        XCTAssertFalse("if state.notice == before {".contains(assignment))
    }

    /// A result an effect answers with is in the state when the effect returns: the same
    /// pass of the loop, before the frame is drawn (no frame of latency).
    func testAnEffectsResultIsAppliedBeforeItReturns() throws {
        let harness = try AppTestHarness()
        let app = harness.app
        _ = try harness.database.insertTask(TaskItem(title: "Dentist", dueDate: app.state.tasks.selected))
        app.perform(.reloadTasks)
        XCTAssertEqual(app.state.tasks.dayTasks.map(\.title), ["Dentist"], "not left for a later pass")
    }
}
