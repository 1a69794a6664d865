import Core

/// Checks tool arguments against the tool's `inputSchema` before the call, so a wrong type,
/// a missing field or a value outside an `enum` goes back to the model as one clear error
/// instead of reaching the tool.
///
/// The JSON Schema subset the tools use: `type` (object, array, string, integer, number,
/// boolean, null, or a list of them), `properties`, `required`, `additionalProperties: false`, `anyOf`,
/// `items`, `enum`, `minimum`/`maximum`, `minLength`/`maxLength`, `minItems`/`maxItems`. A
/// string `enum` matches whatever the case (the tool then uses its own spelling), a member
/// set to null counts as left out, and other keywords are not checked.
public enum SchemaValidator {
    /// What is wrong with `value`, each naming where (`title`, `subtasks[2].content`); empty
    /// when it is valid.
    public static func problems(_ value: JSONValue, against schema: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, schema, at: "", into: &problems)
        return problems
    }

    private static func check(_ value: JSONValue, _ schema: JSONValue, at path: String, into problems: inout [String]) {
        guard let schema = schema.objectValue else { return }
        let name = path.isEmpty ? "the arguments" : "'\(path)'"
        if let types = allowedTypes(schema["type"]), !types.contains(where: { matches(value, type: $0) }) {
            problems.append("\(name) must be \(types.map(article).joined(separator: " or ")), not \(describe(value))")
            return
        }
        if let choices = schema["anyOf"]?.arrayValue {
            checkAnyOf(value, choices, at: path, into: &problems)
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(where: { same(value, $0) }) {
            problems.append("\(name) must be one of \(options.map(\.jsonText).joined(separator: ", ")), not \(value.jsonText.prefix(60))")
        }
        switch value {
        case .object(let members): checkObject(members, schema, at: path, into: &problems)
        case .array(let items):
            if let min = schema["minItems"]?.intValue, items.count < min { problems.append("\(name) needs at least \(min) item(s)") }
            if let max = schema["maxItems"]?.intValue, items.count > max { problems.append("\(name) takes at most \(max) items, not \(items.count)") }
            if let itemSchema = schema["items"] {
                for (i, item) in items.enumerated() { check(item, itemSchema, at: "\(path)[\(i)]", into: &problems) }
            }
        case .string(let text):
            if let min = schema["minLength"]?.intValue, text.count < min { problems.append("\(name) must not be shorter than \(min) character(s)") }
            if let max = schema["maxLength"]?.intValue, text.count > max { problems.append("\(name) must not be longer than \(max) characters") }
        case .number(let n):
            if let min = schema["minimum"]?.doubleValue, n < min { problems.append("\(name) must be at least \(format(min)), not \(format(n))") }
            if let max = schema["maximum"]?.doubleValue, n > max { problems.append("\(name) must be at most \(format(max)), not \(format(n))") }
        default: break
        }
    }

    private static func checkObject(_ members: [String: JSONValue], _ schema: [String: JSONValue], at path: String,
                                    into problems: inout [String]) {
        let properties = schema["properties"]?.objectValue ?? [:]
        for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[key] == nil || members[key] == .null {
            problems.append("'\(join(path, key))' is required")
        }
        // A member set to null counts as left out: models send `"time": null` for "no time".
        for key in members.keys.sorted() where members[key] != .null {
            if let propertySchema = properties[key] {
                check(members[key]!, propertySchema, at: join(path, key), into: &problems)
            } else if schema["additionalProperties"] == .bool(false) {
                problems.append("'\(join(path, key))' is not an argument here (known: \(properties.keys.sorted().joined(separator: ", ")))")
            }
        }
    }

    /// Valid when one choice is; otherwise the problems of the first choice of the value's type.
    private static func checkAnyOf(_ value: JSONValue, _ choices: [JSONValue], at path: String, into problems: inout [String]) {
        var first: [String]?
        for choice in choices {
            var found: [String] = []
            check(value, choice, at: path, into: &found)
            if found.isEmpty { return }
            let typeMatches = allowedTypes(choice["type"]).map { types in types.contains { matches(value, type: $0) } } ?? true
            if typeMatches, first == nil { first = found }
        }
        if let first { problems += first; return }
        let types = choices.compactMap { allowedTypes($0["type"]) }.flatMap { $0 }
        problems.append("\(path.isEmpty ? "the arguments" : "'\(path)'") must be \(types.map(article).joined(separator: " or ")), not \(describe(value))")
    }

    private static func allowedTypes(_ type: JSONValue?) -> [String]? {
        switch type {
        case .string(let t)?: return [t]
        case .array(let ts)?: return ts.compactMap(\.stringValue)
        default: return nil
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number): return true
        case ("integer", .number(let n)): return n.rounded() == n && abs(n) < 9e15
        default: return false
        }
    }

    private static func same(_ value: JSONValue, _ option: JSONValue) -> Bool {
        if case .string(let a) = value, case .string(let b) = option { return a.lowercased() == b.lowercased() }
        return value == option
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func article(_ type: String) -> String {
        switch type {
        case "object", "array", "integer": return "an \(type)"
        case "null": return "null"
        default: return "a \(type)"
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let n): return "the number \(format(n))"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func format(_ n: Double) -> String { n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n) }
}
