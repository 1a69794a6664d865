import Foundation
import Core
import Storage

/// How the contact tools write contacts in their results.
enum ContactText {
    /// "#3 Ada Lovelace — ada@example.org, +44 20 7946, Analytical [Family, Work]"
    static func line(_ contact: Contact) -> String {
        var text = "#\(contact.id ?? 0) \(contact.name)"
        let reach = [contact.email, contact.phone, contact.organization].compactMap { $0 }
        if !reach.isEmpty { text += " — " + reach.joined(separator: ", ") }
        let groups = ContactGroups.parse(contact.groups)
        if !groups.isEmpty { text += " [\(groups.joined(separator: ", "))]" }
        return text
    }

    /// Every field on its own line; "(none)" says a field is empty rather than unknown.
    static func details(_ contact: Contact) -> String {
        let groups = ContactGroups.parse(contact.groups).joined(separator: ", ")
        return """
            Contact #\(contact.id ?? 0)
            Name: \(contact.name)
            Email: \(contact.email ?? "(none)")
            Phone: \(contact.phone ?? "(none)")
            Organization: \(contact.organization ?? "(none)")
            Groups: \(groups.isEmpty ? "(none)" : groups)
            Notes: \(contact.notes.isEmpty ? "(none)" : contact.notes)
            """
    }

    /// The contact with the `id` argument, or an error saying how to find one.
    static func contact(_ args: ToolArguments, in database: AppDatabase) throws -> Contact {
        try RecordTools.record(args, kind: "contact", searchTool: "search_contacts", fetch: database.contact(id:))
    }

    /// “old” → “new”, each cut short: the old value stays in the conversation after an update.
    static func change(_ change: ContactFields.Change) -> String {
        func shown(_ value: String) -> String { value.isEmpty ? "(none)" : TaskText.quoted(RecordTools.excerpt(value, limit: 200)) }
        return "\(change.field) \(shown(change.old)) → \(shown(change.new))"
    }
}
