import Foundation
import XCTest
import Core
@testable import Tools

final class RegistryTests: XCTestCase {
    func testBuiltInToolsHaveTheNamesTheOfflineAssistantCalls() {
        let registry = ToolRegistry.builtIn()
        let names = Set(registry.definitions.map(\.name))
        for name in ["create_task", "list_tasks", "complete_task", "delete_task", "create_todo_list", "resolve_date"] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertEqual(registry.definitions.filter(\.isDestructive).map(\.name), ["delete_task", "delete_reminder", "delete_todo", "delete_note", "write_file"])
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
        XCTAssertEqual(Toolset.builtIn.map(\.name), ["calendar", "reminders", "todos", "dates", "contacts", "notes", "files"])
        XCTAssertEqual(Toolset.builtIn.map(\.tools.count), [8, 6, 6, 1, 5, 5, 4])
        XCTAssertTrue(Toolset.notes.keywords.contains("jot"))
        XCTAssertTrue(Toolset.files.keywords.contains("folder"))
        XCTAssertTrue(Toolset.contacts.keywords.contains("colleague"))
    }

    func testFirstToolWithANameWins() {
        let builtIn = ToolRegistry.builtIn()
        let registry = builtIn.adding([ResolveDateTool(), ListTasksTool()])
        XCTAssertEqual(registry.definitions.count, builtIn.definitions.count)
    }

    /// The toolsets, tool by tool; no two toolsets share a tool name.
    func testToolsetsHoldTheirTools() {
        let byName = Dictionary(uniqueKeysWithValues: Toolset.builtIn.map { ($0.name, $0.tools.map(\.definition.name)) })
        XCTAssertEqual(byName["calendar"], ["create_task", "list_tasks", "update_task", "delete_task", "search_tasks",
                                            "get_today", "get_upcoming", "complete_task"])
        XCTAssertEqual(byName["reminders"], ["create_reminder", "list_reminders", "complete_reminder", "delete_reminder",
                                             "search_reminders", "get_reminder_lists"])
        XCTAssertEqual(byName["todos"], ["create_todo_list", "list_todos", "add_subtask", "toggle_todo", "rename_todo", "delete_todo"])
        XCTAssertEqual(byName["contacts"], ["search_contacts", "get_contact", "create_contact", "update_contact", "get_contact_groups"])
        XCTAssertEqual(byName["notes"], ["create_note", "search_notes", "get_note", "update_note", "delete_note"])
        XCTAssertEqual(byName["files"], ["list_files", "read_file", "write_file", "search_files"])
        let all = Toolset.builtIn.flatMap { $0.tools.map(\.definition.name) }
        XCTAssertEqual(Set(all).count, all.count)
    }

    /// `toolsets` in config.toml: only the enabled toolsets' tools are offered and found; the
    /// others are remembered with their toolset, so a call to one is refused with the reason.
    func testOnlyEnabledToolsetsAreOfferedAndRun() {
        let registry = ToolRegistry.builtIn(enabled: ["todos", "dates"])
        XCTAssertEqual(registry.toolsets.map(\.name), ["todos", "dates"])
        XCTAssertEqual(registry.definitions.map(\.name), (Toolset.todos.tools + Toolset.dates.tools).map(\.definition.name))
        XCTAssertEqual(registry.definitions(for: "plan my week", offerAll: true).map(\.name), registry.definitions.map(\.name))
        XCTAssertFalse(registry.definitions(for: "add a meeting to my calendar", offerAll: false).contains { $0.name == "create_task" })
        XCTAssertNil(registry.tool(named: "create_task"))
        XCTAssertEqual(registry.disabled["create_task"], "calendar")
        XCTAssertEqual(registry.disabled["write_file"], "files")
        XCTAssertNil(registry.disabled["list_todos"])
        XCTAssertEqual(registry.adding([]).disabled, registry.disabled, "adding tools keeps the refusals")
        XCTAssertEqual(ToolRegistry.builtIn(enabled: Set(Toolset.builtInNames)).definitions.count, ToolRegistry.builtIn().definitions.count)
        XCTAssertEqual(ToolRegistry.builtIn().disabled, [:])
    }
}
