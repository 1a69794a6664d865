import Foundation
import Core
import Storage

/// resolve_date: which day a date (or, after the merge, a phrase) is, counted from today.
public struct ResolveDateTool: Tool {
    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "resolve_date",
        description: "Tell which weekday a date is and how far it is from today.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": ["phrase": ["type": "string", "description": "A date, YYYY-MM-DD."]],
            "required": ["phrase"],
        ],
        aliases: ["date": "phrase", "text": "phrase"])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let date = try ToolArguments(arguments).requiredDate("phrase", context: context)
        let weekday = TaskText.weekdayLong[date.weekday - 1]
        return ToolResult(text: "\(date.iso) is a \(weekday) (\(TaskText.distance(from: context.today, to: date))).")
    }
}
