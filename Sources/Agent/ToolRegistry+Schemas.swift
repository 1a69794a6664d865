import Foundation
import Tools
import Providers

extension ToolRegistry {
    /// The definitions in the shape providers take.
    public var schemas: [ToolSchema] { Self.schemas(definitions) }

    static func schemas(_ definitions: [ToolDefinition]) -> [ToolSchema] {
        definitions.map { ToolSchema(name: $0.name, description: $0.description, inputSchema: $0.inputSchema) }
    }
}
