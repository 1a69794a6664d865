import Foundation

/// Tools that come and go while the app runs (external MCP servers): the agent asks for the
/// current ones at the start of each turn.
public protocol ExternalToolSource: Sendable {
    func currentTools() -> [any Tool]
}
