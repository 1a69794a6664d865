import Foundation
import XCTest
import Core
import Storage
@testable import Tools

/// Each test gets a real temporary database and a fixed "now": Monday 2026-11-23, noon UTC.
class ToolTestCase: XCTestCase {
    var database: AppDatabase!
    var context: ToolContext!

    override func setUpWithError() throws {
        database = try AppDatabase.temporary()
        let utc = TimeZone(identifier: "UTC")!
        let noon = CivilDate(iso: "2026-11-23")!.startDate(in: utc).addingTimeInterval(12 * 3600)
        context = ToolContext(database: database, now: noon, timeZone: utc)
    }

    override func tearDownWithError() throws {
        database = nil
        context = nil
    }

    func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    func run(_ tool: any Tool, _ arguments: JSONValue) async throws -> ToolResult {
        try await tool.call(arguments, context: context)
    }

    /// Runs the tool and expects a ToolError with exactly `message`.
    func assertToolError(_ tool: any Tool, _ arguments: JSONValue, _ message: String,
                         file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let result = try await tool.call(arguments, context: context)
            XCTFail("expected ToolError “\(message)”, got result “\(result.text)”", file: file, line: line)
        } catch let error as ToolError {
            XCTAssertEqual(error.message, message, file: file, line: line)
        } catch {
            XCTFail("expected ToolError, got \(error)", file: file, line: line)
        }
    }

    @discardableResult
    func addTask(_ title: String, _ date: String?, _ time: String? = nil, category: String? = nil,
                 priority: Priority = .none, completed: Bool = false) throws -> TaskItem {
        try database.insertTask(TaskItem(title: title, dueDate: date.map(day), dueTime: time.flatMap(TimeOfDay.init(hhmm:)),
                                         category: category, priority: priority, completed: completed))
    }
}

/// A ToolTestCase with a real files folder: `base/box` is the sandbox, and `base/box-other`,
/// a sibling whose name starts with the sandbox's, is the "outside" the tools must not reach.
class SandboxTestCase: ToolTestCase {
    var base: URL!
    var root: URL!
    var outside: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        base = FileManager.default.temporaryDirectory.appendingPathComponent("aihelper-files-\(UUID().uuidString)")
        root = base.appendingPathComponent("box")
        outside = base.appendingPathComponent("box-other")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "secret\n".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        context.sandbox = root
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: base)
        try super.tearDownWithError()
    }

    /// Writes `content` at `path` inside the sandbox, creating its folders.
    @discardableResult
    func put(_ path: String, _ content: String) throws -> URL {
        try put(path, Data(content.utf8))
    }

    @discardableResult
    func put(_ path: String, _ data: Data) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url
    }

    /// A link at `path` inside the sandbox pointing to `target` (absolute or relative to the link).
    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
    }

    func contents(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }
}

extension ToolTestCase {
    /// Runs the tool and expects a result (not an error) with exactly `expected` as its text.
    func assertText(_ tool: any Tool, _ arguments: JSONValue, _ expected: String, _ message: String = "",
                    file: StaticString = #filePath, line: UInt = #line) async throws {
        let result = try await tool.call(arguments, context: context)
        XCTAssertFalse(result.isError, message, file: file, line: line)
        XCTAssertEqual(result.text, expected, message, file: file, line: line)
    }
}
