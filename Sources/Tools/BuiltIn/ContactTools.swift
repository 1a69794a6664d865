import Foundation
import Core
import Storage

/// search_contacts: contacts whose name, email, phone or organization contains the query.
public struct SearchContactsTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "search_contacts",
        description: "Find the user's contacts by part of a name, email, phone number or organization. One line each, with its id.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": ["query": ["type": "string", "maxLength": 200, "description": "Part of a name, email or phone, e.g. \"ada\"."]],
            "required": ["query"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let query = try ToolArguments(arguments).requiredString("query", maxLength: 200)
        let contacts = try context.database.searchContacts(query)
        guard !contacts.isEmpty else { return ToolResult(text: "No contact matches \(TaskText.quoted(query)).") }
        return ToolResult(text: RecordTools.list(contacts, line: ContactText.line))
    }
}

/// get_contact: every field of one contact.
public struct GetContactTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_contact",
        description: "Show every field of one contact: name, email, phone, organization, groups and notes.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": ["id": RecordTools.idSchema("The contact's id, from search_contacts.")],
            "required": ["id"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let contact = try ContactText.contact(ToolArguments(arguments), in: context.database)
        return ToolResult(text: ContactText.details(contact))
    }
}

/// get_contact_groups: the groups in use, with how many contacts each has.
public struct GetContactGroupsTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "get_contact_groups",
        description: "List the groups the user's contacts are in (such as Family or Work), with how many contacts each has.",
        inputSchema: ["type": "object", "additionalProperties": false, "properties": [:]])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        _ = try ToolArguments(arguments)
        let groups = ContactGroups.counts(try context.database.contactGroupFields())
        guard !groups.isEmpty else { return ToolResult(text: "No contact is in a group.") }
        return ToolResult(text: groups.map { "\($0.name) (\($0.count) contact\($0.count == 1 ? "" : "s"))" }
            .joined(separator: "\n"))
    }
}
