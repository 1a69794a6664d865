import Foundation
import Core

/// list_files: what is in a folder of the files folder, one entry a line.
public struct ListFilesTool: Tool {
    static let maxEntries = 200

    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "list_files",
        description: "List the files and folders in the user's files folder, or in a folder inside it.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": ["path": FileText.pathSchema("A folder inside the files folder; omit for the files folder itself.")],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let sandbox = try Sandbox(context.sandbox)
        let path = try ToolArguments(arguments).optionalPath("path", maxLength: FileText.maxPath) ?? "."
        let folder = try sandbox.resolve(path)
        let shown = sandbox.relative(folder)
        switch Sandbox.kind(folder.path) {
        case .directory: break
        case .missing: throw ToolError("There is no folder “\(shown)” in the files folder.")
        default: throw ToolError("“\(shown)” is not a folder; read_file reads a file.")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let place = shown == "." ? "The files folder" : "“\(shown)”"
        guard !names.isEmpty else { return ToolResult(text: "\(place) is empty.") }
        var lines = ["\(place) has \(names.count) item\(names.count == 1 ? "" : "s"):"]
        for name in names.prefix(Self.maxEntries) {
            let item = folder.appendingPathComponent(name)
            switch Sandbox.kind(item.path) {
            case .directory: lines.append("\(name)/")
            case .file: lines.append("\(name) (\(FileContents.size(FileText.size(of: item))))")
            case .link: lines.append("\(name) (link)")
            case .other, .missing: lines.append("\(name) (not a regular file)")
            }
        }
        if names.count > Self.maxEntries { lines.append("…and \(names.count - Self.maxEntries) more.") }
        return ToolResult(text: lines.joined(separator: "\n"))
    }
}

/// read_file: a text file's content, up to max_bytes.
public struct ReadFileTool: Tool {
    static let defaultBytes = 64 << 10
    static let maxBytes = 1 << 20

    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "read_file",
        description: "Read a text file from the user's files folder. Binary files are refused.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "path": FileText.pathSchema("The file, relative to the files folder, e.g. notes/todo.txt."),
                "max_bytes": ["type": "integer", "minimum": 1, "maximum": .number(Double(maxBytes)),
                              "description": "How many bytes to read at most; 65536 when omitted."],
            ],
            "required": ["path"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let sandbox = try Sandbox(context.sandbox)
        let args = try ToolArguments(arguments)
        let file = try sandbox.resolve(try args.requiredPath("path", maxLength: FileText.maxPath))
        let limit = try args.optionalInt("max_bytes") ?? Self.defaultBytes
        guard (1...Self.maxBytes).contains(limit) else { throw ToolError("'max_bytes' must be from 1 to \(Self.maxBytes).") }
        let shown = sandbox.relative(file)
        if let problem = FileContents.notAFile(Sandbox.kind(file.path), shown) { throw ToolError(problem) }
        let (data, size) = try FileContents.prefix(of: file, limit: limit)
        guard !FileContents.isBinary(data) else { throw ToolError("“\(shown)” is a binary file, not text; it cannot be read here.") }
        guard size > 0 else { return ToolResult(text: "“\(shown)” is empty.") }
        var text = FileContents.text(data)
        if size > data.count {
            text += "\n…(the first \(data.count) of \(size) bytes; read more with a larger max_bytes, at most \(Self.maxBytes))"
        }
        return ToolResult(text: text)
    }
}

/// write_file: a text file, created with its folders; an existing one is replaced only when asked.
public struct WriteFileTool: Tool {
    static let maxBytes = 1 << 20

    public init() {}

    public let definition = ToolDefinition(
        name: "write_file",
        description: "Write a text file in the user's files folder, creating its folders. An existing file is "
            + "replaced only with overwrite true.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "path": FileText.pathSchema("The file, relative to the files folder, e.g. notes/todo.txt."),
                "content": ["type": "string", "maxLength": .number(Double(maxBytes)), "description": "The whole text of the file."],
                "overwrite": ["type": "boolean", "description": "Replace the file if it exists; false when omitted."],
            ],
            "required": ["path", "content"],
        ],
        isDestructive: true)

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let sandbox = try Sandbox(context.sandbox)
        let args = try ToolArguments(arguments)
        let path = try args.requiredPath("path", maxLength: FileText.maxPath)
        guard let content = try args.optionalRawString("content", maxBytes: Self.maxBytes) else {
            throw ToolError("Missing required argument 'content'.")
        }
        let overwrite = try args.optionalBool("overwrite") ?? false
        let file = try sandbox.resolve(path)
        let shown = sandbox.relative(file)
        guard !path.hasSuffix("/"), shown != "." else { throw ToolError("“\(path)” names a folder; give a file name.") }
        let kind = Sandbox.kind(file.path)
        var replaced = ""
        if kind != .missing {
            if let problem = FileContents.notAFile(kind, shown) { throw ToolError(problem) }
            guard overwrite else { throw ToolError("“\(shown)” already exists; call again with overwrite true to replace it.") }
            replaced = ", replacing \(FileContents.size(FileText.size(of: file)))"
        }
        let data = Data(content.utf8)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)  // a reader never sees half a file
        } catch {
            throw ToolError("Could not write “\(shown)”: \(error.localizedDescription)")
        }
        return ToolResult(text: "Wrote “\(shown)” (\(FileContents.size(data.count))\(replaced)).")
    }
}

/// What the file tools share in their schemas and results.
enum FileText {
    static let maxPath = 1000

    static func pathSchema(_ description: String) -> JSONValue {
        ["type": "string", "maxLength": .number(Double(maxPath)), "description": .string(description)]
    }

    static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
