import Foundation

/// A BEGIN:NAME … END:NAME block with its properties and nested blocks, as read from a file.
public struct Component: Equatable, Sendable {
    public var name: String
    public var properties: [ContentLine]
    public var children: [Component]
    /// Line numbers of its BEGIN and END lines.
    public var line: Int
    public var endLine: Int

    public init(name: String, properties: [ContentLine] = [], children: [Component] = [], line: Int = 0, endLine: Int = 0) {
        self.name = name; self.properties = properties; self.children = children; self.line = line; self.endLine = endLine
    }

    public func first(_ property: String) -> ContentLine? { properties.first { $0.name == property } }
    public func all(_ property: String) -> [ContentLine] { properties.filter { $0.name == property } }

    /// The block as unfolded lines (BEGIN, properties and children in their order, END): how
    /// unmodelled nested blocks are kept verbatim.
    public var rawLines: [String] {
        ["BEGIN:" + name] + properties.map(\.raw) + children.flatMap(\.rawLines) + ["END:" + name]
    }

    /// Parses the top-level blocks of a file. Throws on unbalanced BEGIN/END, a line outside
    /// any block, or a line that is not `NAME:value`, naming the line.
    public static func parse(_ data: Data) throws -> [Component] {
        let lines = try ContentFolding.unfold(data)
        // Lines parse independently (on every core); the first error in file order is thrown.
        let parsed = ParallelMap.map(lines) { line in Result { try ContentLine(parsing: line.text, line: line.line) } }
        var builder = ComponentBuilder()
        for result in parsed { _ = try builder.add(try result.get()) }
        return try builder.finish()
    }
}
