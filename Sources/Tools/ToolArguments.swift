import Foundation
import Core

/// Reads a tool's JSON arguments with clear messages for the model when they are wrong.
/// Text is cleaned of control characters (it may end up on the terminal) and capped in length.
public struct ToolArguments: Sendable {
    public let values: [String: JSONValue]

    public init(_ arguments: JSONValue) throws {
        switch arguments {
        case .object(let values): self.values = values
        case .null: self.values = [:]
        default: throw ToolError("The arguments must be a JSON object.")
        }
    }

    /// A present, non-empty string (single line unless `multiline`).
    public func requiredString(_ name: String, maxLength: Int = 500, multiline: Bool = false) throws -> String {
        guard let text = try optionalString(name, maxLength: maxLength, multiline: multiline) else {
            throw ToolError("Missing required argument '\(name)'.")
        }
        return text
    }

    /// nil when absent, null or blank.
    public func optionalString(_ name: String, maxLength: Int = 500, multiline: Bool = false) throws -> String? {
        guard let value = present(name) else { return nil }
        guard let raw = value.stringValue else { throw ToolError("'\(name)' must be a string.") }
        return try Self.clean(raw, name: name, maxLength: maxLength, multiline: multiline)
    }

    public func requiredInt(_ name: String) throws -> Int {
        guard let number = try optionalInt(name) else { throw ToolError("Missing required argument '\(name)'.") }
        return number
    }

    /// Accepts 3 and "3".
    public func optionalInt(_ name: String) throws -> Int? {
        guard let value = present(name) else { return nil }
        if let number = value.doubleValue, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        if let text = value.stringValue, let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
        throw ToolError("'\(name)' must be a whole number.")
    }

    /// nil when absent or null; accepts true, false, "true" and "false".
    public func optionalBool(_ name: String) throws -> Bool? {
        guard let value = present(name) else { return nil }
        if case .bool(let flag) = value { return flag }
        switch value.stringValue?.lowercased() {
        case "true"?: return true
        case "false"?: return false
        default: throw ToolError("'\(name)' must be true or false.")
        }
    }

    /// The string exactly as given, not cleaned (a file's content keeps its tabs and final newline).
    /// nil when absent or null; "" is kept.
    public func optionalRawString(_ name: String, maxBytes: Int) throws -> String? {
        guard let value = present(name) else { return nil }
        guard let text = value.stringValue else { throw ToolError("'\(name)' must be a string.") }
        if text.utf8.count > maxBytes { throw ToolError("'\(name)' is too long (at most \(maxBytes) bytes).") }
        return text
    }

    /// Whether `name` was given at all: an update tells "clear it" ("") from "leave it" (absent).
    public func has(_ name: String) -> Bool { present(name) != nil }

    public func optionalArray(_ name: String) throws -> [JSONValue]? {
        guard let value = present(name) else { return nil }
        guard let array = value.arrayValue else { throw ToolError("'\(name)' must be a list.") }
        return array
    }

    /// Blank entries are dropped.
    public func optionalStringArray(_ name: String, maxLength: Int = 500) throws -> [String]? {
        try optionalArray(name)?.compactMap { element in
            guard let raw = element.stringValue else { throw ToolError("'\(name)' must be a list of strings.") }
            return try Self.clean(raw, name: name, maxLength: maxLength, multiline: false)
        }
    }

    public func requiredStringArray(_ name: String, maxLength: Int = 500) throws -> [String] {
        guard let array = try optionalStringArray(name, maxLength: maxLength), !array.isEmpty else {
            throw ToolError("Missing required argument '\(name)'.")
        }
        return array
    }

    /// A file path; nil when absent or blank. A control character in it (a NUL, a newline) is
    /// refused, not removed: the file looked for must be the one named.
    public func optionalPath(_ name: String, maxLength: Int) throws -> String? {
        guard let value = present(name) else { return nil }
        guard let raw = value.stringValue else { throw ToolError("'\(name)' must be a string.") }
        if let bad = raw.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = "U+" + String(format: "%04X", bad.value)
            throw ToolError("'\(name)' contains a control character (\(bad == "\0" ? "a NUL byte, " : "")\(code)); "
                            + "a file name cannot have one. Give the path as plain text, like notes/todo.txt.")
        }
        return try Self.clean(raw, name: name, maxLength: maxLength, multiline: false)
    }

    public func requiredPath(_ name: String, maxLength: Int) throws -> String {
        guard let path = try optionalPath(name, maxLength: maxLength) else { throw ToolError("Missing required argument '\(name)'.") }
        return path
    }

    private func present(_ name: String) -> JSONValue? {
        guard let value = values[name], value != .null else { return nil }
        return value
    }

    /// Trims, drops control characters (newlines become spaces unless `multiline`); nil when blank.
    static func clean(_ raw: String, name: String, maxLength: Int, multiline: Bool) throws -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in Sanitizer.clean(raw).unicodeScalars {  // escape sequences go whole, not just their ESC
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(multiline && scalar == "\n" ? "\n" : " ")
            } else if scalar.properties.generalCategory != .control {  // C0/C1: where escape sequences start
                scalars.append(scalar)
            }
        }
        let text = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return nil }
        if text.count > maxLength {
            throw ToolError("'\(name)' is too long (at most \(maxLength) characters).")
        }
        return text
    }
}
