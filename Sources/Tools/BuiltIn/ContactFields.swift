import Foundation
import Core

/// The fields create_contact and update_contact take: their schema, their checks, and how
/// they are set on a contact.
enum ContactFields {
    static let properties: [String: JSONValue] = [
        "name": ["type": "string", "maxLength": 200, "description": "Full name, e.g. \"Ada Lovelace\"."],
        "email": ["type": "string", "maxLength": 254, "description": "Email address, e.g. ada@example.org."],
        "phone": ["type": "string", "maxLength": 40, "description": "Phone number: digits, spaces and + - ( ) only."],
        "organization": ["type": "string", "maxLength": 200, "description": "Company or organization."],
        "notes": ["type": "string", "maxLength": 10_000, "description": "Free text about the contact."],
        "groups": ["type": "array", "maxItems": 20, "items": ["type": "string", "maxLength": 50],
                   "description": "Groups such as \"Family\" or \"Work\"."],
    ]

    /// A field whose value an update replaced, with both values for the result.
    struct Change: Equatable {
        let field: String
        let old: String
        let new: String
    }

    /// Sets on `contact` every field present in `args`. In an update "" (or [] for groups)
    /// clears a field; the name cannot be cleared. Returns what changed, in the schema's order.
    static func apply(_ args: ToolArguments, to contact: inout Contact) throws -> [Change] {
        var changes: [Change] = []
        func set<Value: Equatable>(_ field: String, _ keyPath: WritableKeyPath<Contact, Value>, _ value: Value,
                                   shown: (Value) -> String) {
            let old = contact[keyPath: keyPath]
            if old != value { changes.append(Change(field: field, old: shown(old), new: shown(value))) }
            contact[keyPath: keyPath] = value
        }
        let optional: (String?) -> String = { $0 ?? "" }
        if args.has("name") {
            guard let name = try args.optionalString("name", maxLength: 200) else { throw ToolError("'name' cannot be empty.") }
            set("name", \.name, name) { $0 }
        }
        if args.has("email") { set("email", \.email, try args.optionalString("email", maxLength: 254).map(checkedEmail), shown: optional) }
        if args.has("phone") { set("phone", \.phone, try args.optionalString("phone", maxLength: 40).map(checkedPhone), shown: optional) }
        if args.has("organization") {
            set("organization", \.organization, try args.optionalString("organization", maxLength: 200), shown: optional)
        }
        if args.has("notes") {
            set("notes", \.notes, try args.optionalString("notes", maxLength: 10_000, multiline: true) ?? "") { $0 }
        }
        if args.has("groups") {
            set("groups", \.groups, try ContactGroups.field(args.optionalStringArray("groups", maxLength: 50) ?? []), shown: optional)
        }
        return changes
    }

    /// Loosely: something, "@", and a domain with a dot inside it.
    static func checkedEmail(_ text: String) throws -> String {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" "),
              let dot = parts[1].firstIndex(of: "."), dot != parts[1].startIndex, parts[1].last != "." else {
            throw ToolError("'email' must be an email address like name@example.com, not “\(text)”.")
        }
        return text
    }

    /// Digits, spaces and + - ( ), with at least one digit.
    static func checkedPhone(_ text: String) throws -> String {
        guard text.contains(where: { $0.isASCII && $0.isNumber }),
              text.allSatisfy({ $0.isASCII && ($0.isNumber || " +-()".contains($0)) }) else {
            throw ToolError("'phone' may contain only digits, spaces and + - ( ), not “\(text)”.")
        }
        return text
    }
}
