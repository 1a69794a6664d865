import Core

/// Arguments as models send them, brought to the shape the tool's schema asks for before the
/// schema check (`SchemaValidator`), which then refuses whatever is left over:
/// - in a closed schema (`additionalProperties: false`), a name that can mean only one argument:
///   the same name in another spelling (`dueDate`, `Due-Date` for `due_date`) or an alias the tool
///   declares (`ToolDefinition.aliases`, listed in docs/tools.md). An argument given under both
///   names is not renamed: the check names the extra one;
/// - a number or true/false sent as text where the schema asks for one ("3", "true"; a number
///   where text is asked for stays an error: `"title": 42` is more likely a mistake);
/// - a priority as a word where a number is asked for, or the reverse (`PriorityArgument`).
public enum ArgumentShapes {
    public static func normalized(_ arguments: JSONValue, for definition: ToolDefinition) -> JSONValue {
        guard case .object(var members) = arguments,
              let properties = definition.inputSchema["properties"]?.objectValue else { return arguments }
        if definition.inputSchema["additionalProperties"] == .bool(false) {
            rename(&members, known: properties, aliases: definition.aliases)
        }
        for (key, value) in members {
            if let schema = properties[key] { members[key] = shaped(value, for: schema) }
        }
        return .object(members)
    }

    private static func rename(_ members: inout [String: JSONValue], known properties: [String: JSONValue],
                               aliases: [String: String]) {
        let byFolded = Dictionary(properties.keys.map { (folded($0), $0) }) { first, _ in first }
            .merging(aliases.map { (folded($0.key), $0.value) }) { _, alias in alias }
        for key in members.keys.sorted() where properties[key] == nil {
            guard let target = byFolded[folded(key)],
                  properties[target] != nil, members[target] == nil else { continue }
            members[target] = members.removeValue(forKey: key)
        }
    }

    /// "dueDate", "Due-Date", "due date" → "duedate", as "due_date" is.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    private static func shaped(_ value: JSONValue, for schema: JSONValue) -> JSONValue {
        if let priority = PriorityArgument.shaped(value, for: schema) { return priority }
        let types = allowedTypes(schema)
        guard !types.isEmpty else { return value }
        switch value {
        case .string(let text) where !types.contains("string"):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if types.contains("integer") || types.contains("number"), let number = Double(trimmed), number.isFinite {
                return .number(number)
            }
            if types.contains("boolean") {
                switch trimmed.lowercased() {
                case "true", "yes": return .bool(true)
                case "false", "no": return .bool(false)
                default: break
                }
            }
        default: break
        }
        return value
    }

    private static func allowedTypes(_ schema: JSONValue) -> Set<String> {
        switch schema["type"] {
        case .string(let type)?: return [type]
        case .array(let types)?: return Set(types.compactMap(\.stringValue))
        default: return []
        }
    }
}
