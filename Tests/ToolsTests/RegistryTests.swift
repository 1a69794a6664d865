import Foundation
import XCTest
import Core
@testable import Tools

final class RegistryTests: XCTestCase {
    func testBuiltInToolsHaveTheNamesTheOfflineAssistantCalls() {
        let registry = ToolRegistry.builtIn()
        XCTAssertEqual(registry.definitions.map(\.name),
                       ["create_task", "list_tasks", "complete_task", "delete_task", "create_todo_list", "resolve_date",
                        "search_contacts", "get_contact", "create_contact", "update_contact", "get_contact_groups",
                        "create_note", "search_notes", "get_note", "update_note", "delete_note",
                        "list_files", "read_file", "write_file", "search_files"])
        XCTAssertEqual(registry.definitions.filter(\.isDestructive).map(\.name), ["delete_task", "delete_note", "write_file"])
        XCTAssertEqual(registry.tool(named: "list_tasks")?.definition.name, "list_tasks")
        XCTAssertNil(registry.tool(named: "rm_rf"))
    }

    func testSchemasAreObjectsThatListTheirRequiredArguments() {
        for definition in ToolRegistry.builtIn().definitions {
            XCTAssertEqual(definition.inputSchema["type"], "object", definition.name)
            let properties = definition.inputSchema["properties"]?.objectValue ?? [:]
            for required in definition.inputSchema["required"]?.arrayValue ?? [] {
                XCTAssertNotNil(properties[required.stringValue ?? ""], "\(definition.name): \(required)")
            }
            XCTAssertFalse(definition.description.isEmpty)
        }
    }

    func testToolsetsComeInOrderWithTheirTools() {
        XCTAssertEqual(Toolset.builtIn.map(\.name), ["calendar", "todos", "dates", "contacts", "notes", "files"])
        XCTAssertEqual(Toolset.builtIn.map(\.tools.count), [4, 1, 1, 5, 5, 4])
        XCTAssertTrue(Toolset.notes.keywords.contains("jot"))
        XCTAssertTrue(Toolset.files.keywords.contains("folder"))
        XCTAssertTrue(Toolset.contacts.keywords.contains("colleague"))
    }

    func testFirstToolWithANameWins() {
        let registry = ToolRegistry.builtIn().adding([ResolveDateTool(), ListTasksTool()])
        XCTAssertEqual(registry.definitions.count, 20)
    }
}
