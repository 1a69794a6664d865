import XCTest
import Core
@testable import Tools

/// docs/tools.md stays true to the registry: every tool, its required arguments, its warning.
final class ToolsDocTests: XCTestCase {
    func testEveryToolIsDocumentedWithItsRequiredArguments() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/tools.md"), encoding: .utf8)
        for definition in ToolRegistry.builtIn().definitions {
            let row = try XCTUnwrap(doc.split(separator: "\n").first { $0.hasPrefix("| `\(definition.name)`") }, "\(definition.name) is missing")
            XCTAssertEqual(row.contains("⚠"), definition.isDestructive, definition.name)
            for required in definition.inputSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                XCTAssertTrue(row.contains("`\(required)`*"), "\(definition.name): \(required)")
            }
            for argument in definition.inputSchema["properties"]?.objectValue?.keys ?? [:].keys {
                XCTAssertTrue(row.contains("`\(argument)`"), "\(definition.name): \(argument) is not documented")
            }
        }
        XCTAssertTrue(doc.contains("All \(ToolRegistry.builtIn().definitions.count) definitions"))
        // Each alias a tool accepts is in the aliases table, on the tool's row.
        for definition in ToolRegistry.builtIn().definitions {
            let rows = doc.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("| `") && $0.contains("`\(definition.name)`") && $0.contains("→") }
            for (alias, target) in definition.aliases {
                XCTAssertTrue(rows.contains { $0.contains("`\(alias)`") && $0.contains("→ `\(target)`") },
                              "\(definition.name): the alias \(alias) → \(target) is not documented")
            }
        }
    }
}
