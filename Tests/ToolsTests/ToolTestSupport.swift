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

extension ToolTestCase {
    /// Runs the tool and expects a result (not an error) with exactly `expected` as its text.
    func assertText(_ tool: any Tool, _ arguments: JSONValue, _ expected: String, _ message: String = "",
                    file: StaticString = #filePath, line: UInt = #line) async throws {
        let result = try await tool.call(arguments, context: context)
        XCTAssertFalse(result.isError, message, file: file, line: line)
        XCTAssertEqual(result.text, expected, message, file: file, line: line)
    }
}
