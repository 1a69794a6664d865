import Foundation
import Core
import Storage

/// create_contact: a new contact; an existing one with the same name is pointed out, not merged.
public struct CreateContactTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "create_contact",
        description: "Add a contact to the user's address book.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": .object(ContactFields.properties),
            "required": ["name"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        var contact = Contact(name: try args.requiredString("name", maxLength: 200), createdAt: context.now, updatedAt: context.now)
        _ = try ContactFields.apply(args, to: &contact)
        let sameName = try context.database.searchContacts(contact.name).filter { $0.name.lowercased() == contact.name.lowercased() }
        let created = try context.database.insertContact(contact)
        var text = "Created contact \(ContactText.line(created))."
        if let other = sameName.first { text += " Note: contact #\(other.id ?? 0) has the same name." }
        return ToolResult(text: text)
    }
}

/// update_contact: changes only the fields given.
///
/// Not destructive (the user is not asked first): it changes only what the model names, as the
/// user asked, and its result quotes every old value it replaced, notes included, so nothing is
/// lost from the conversation.
public struct UpdateContactTool: Tool {
    public init() {}

    public let definition = ToolDefinition(
        name: "update_contact",
        description: "Change some fields of a contact; fields left out stay as they are. A given field replaces "
            + "the old value (notes and groups included: send the full new text or list); \"\" clears a field.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": .object(ContactFields.properties.merging(
                ["id": RecordTools.idSchema("The contact's id, from search_contacts.")]) { _, id in id }),
            "required": ["id"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let args = try ToolArguments(arguments)
        guard ContactFields.properties.keys.contains(where: args.has) else {
            throw ToolError("Nothing to change: give at least one of name, email, phone, organization, notes or groups.")
        }
        var contact = try ContactText.contact(args, in: context.database)
        let changes = try ContactFields.apply(args, to: &contact)
        guard !changes.isEmpty else {
            return ToolResult(text: "Contact #\(contact.id ?? 0) \(contact.name) already has these values; nothing changed.")
        }
        try context.database.updateContact(contact)
        return ToolResult(text: "Updated contact #\(contact.id ?? 0) \(contact.name): "
            + changes.map(ContactText.change).joined(separator: "; ") + ".")
    }
}
