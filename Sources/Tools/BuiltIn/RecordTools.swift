import Foundation
import Core

/// What the contact and note tools share: the `id` argument, the lookup by id, capped lists.
enum RecordTools {
    /// Search results beyond this end in "…and N more": a long list floods the model's context.
    static let maxListed = 50

    /// The schema of an `id` argument.
    static func idSchema(_ description: String) -> JSONValue {
        ["type": "integer", "minimum": 1, "description": .string(description)]
    }

    /// The record with the `id` argument, or an error that says where to find ids.
    static func record<Record>(_ args: ToolArguments, kind: String, searchTool: String,
                               fetch: (Int64) throws -> Record?) throws -> Record {
        let id = try args.requiredInt("id")
        guard id > 0, let record = try fetch(Int64(id)) else {
            throw ToolError("No \(kind) has id \(id); \(searchTool) finds ids.")
        }
        return record
    }

    /// One line per record, cut at `maxListed` with a count of the rest.
    static func list<Record>(_ records: [Record], line: (Record) -> String) -> String {
        var lines = records.prefix(maxListed).map(line)
        if records.count > maxListed { lines.append("…and \(records.count - maxListed) more; narrow the search.") }
        return lines.joined(separator: "\n")
    }

    /// `text` on one line, cut at `limit` characters with "…".
    static func excerpt(_ text: String, limit: Int = 80) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > limit ? line.prefix(limit - 1) + "…" : line
    }
}
