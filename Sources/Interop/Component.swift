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
        var stack: [Component] = []
        var top: [Component] = []
        let lines = try ContentFolding.unfold(data)
        // Lines parse independently (on every core); the first error in file order is thrown.
        let parsed = ParallelMap.map(lines) { line in Result { try ContentLine(parsing: line.text, line: line.line) } }
        for (index, line) in lines.lazy.map(\.line).enumerated() {
            let content = try parsed[index].get()
            switch content.name {
            case "BEGIN":
                let name = content.value.trimmedSpaces.uppercased()
                guard !name.isEmpty else {
                    throw InteropError(line: line, "BEGIN has no block name", hint: "write e.g. BEGIN:VEVENT")
                }
                stack.append(Component(name: name, line: line))
            case "END":
                let name = content.value.trimmedSpaces.uppercased()
                guard var finished = stack.popLast() else {
                    throw InteropError(line: line, "END:\(name) has no BEGIN:\(name) before it",
                                       hint: "remove this line or add the missing BEGIN line")
                }
                guard finished.name == name else {
                    throw InteropError(line: line, "END:\(name) closes BEGIN:\(finished.name) of line \(finished.line)",
                                       hint: "add END:\(finished.name) before this line, or fix the block name")
                }
                finished.endLine = line
                if stack.isEmpty { top.append(finished) } else { stack[stack.count - 1].children.append(finished) }
            default:
                guard !stack.isEmpty else {
                    throw InteropError(line: line, "the property \(content.name) is outside any BEGIN … END block",
                                       hint: "the file must start with BEGIN:VCALENDAR or BEGIN:VCARD")
                }
                stack[stack.count - 1].properties.append(content)
            }
        }
        if let open = stack.last {
            throw InteropError(line: open.line, "BEGIN:\(open.name) is never closed (the file ends first)",
                               hint: "add END:\(open.name) where the block ends; the file may have been cut off")
        }
        return top
    }
}
