import Foundation
import Core

/// search_files: file names and lines of text files that contain the query, in a folder and the
/// folders under it. Hidden entries (".git") and links are skipped: a link could lead out of the
/// files folder, and what it points to inside is searched where it is.
public struct SearchFilesTool: Tool {
    static let maxFiles = 2_000
    static let maxHits = 50
    /// Only this much of each file is searched: a huge log must not use up the call's time.
    static let maxBytesPerFile = 1 << 20

    public init() {}

    public let definition = ToolDefinition.readOnly(
        name: "search_files",
        description: "Find text in the names and contents of the files in the user's files folder (binary files are skipped). "
            + "Gives path:line: text for each match.",
        inputSchema: [
            "type": "object", "additionalProperties": false,
            "properties": [
                "query": ["type": "string", "maxLength": 200, "description": "The text to find, in any case."],
                "path": FileText.pathSchema("A folder to search in; omit for the whole files folder."),
            ],
            "required": ["query"],
        ])

    public func call(_ arguments: JSONValue, context: ToolContext) async throws -> ToolResult {
        let sandbox = try Sandbox(context.sandbox)
        let args = try ToolArguments(arguments)
        let query = try args.requiredString("query", maxLength: 200)
        let start = try sandbox.resolve(try args.optionalPath("path", maxLength: FileText.maxPath) ?? ".")
        guard Sandbox.kind(start.path) == .directory else {
            throw ToolError("There is no folder “\(sandbox.relative(start))” in the files folder.")
        }
        var hits: [String] = []
        var filesSeen = 0
        var tooManyFiles = false
        var pending = [start]  // folders still to search, last first
        walk: while let folder = pending.popLast() {
            try Task.checkCancellation()
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted()
            var subfolders: [URL] = []
            for name in names {
                let item = folder.appendingPathComponent(name)
                switch Sandbox.kind(item.path) {
                case .directory: subfolders.append(item)
                case .file:
                    guard filesSeen < Self.maxFiles else { tooManyFiles = true; break walk }
                    filesSeen += 1
                    hits += matches(in: item, shown: sandbox.relative(item), query: query)
                    if hits.count >= Self.maxHits { break walk }
                default: continue
                }
            }
            pending += subfolders.reversed()  // so folders are searched in name order
        }
        return ToolResult(text: summary(hits, query: query, tooManyFiles: tooManyFiles, place: sandbox.relative(start)))
    }

    /// "path (name)" when the name matches, then "path:line: text" for each matching line.
    private func matches(in file: URL, shown: String, query: String) -> [String] {
        var hits = file.lastPathComponent.localizedCaseInsensitiveContains(query) ? ["\(shown) (name matches)"] : []
        guard let (data, _) = try? FileContents.prefix(of: file, limit: Self.maxBytesPerFile),
              !FileContents.isBinary(data) else { return hits }
        for (index, line) in FileContents.text(data).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.localizedCaseInsensitiveContains(query) {
            // Control characters are dropped: a line may carry terminal escapes.
            let text = (try? ToolArguments.clean(String(line), name: "line", maxLength: .max, multiline: false)) ?? nil
            hits.append("\(shown):\(index + 1): \(RecordTools.excerpt(text ?? "", limit: 200))")
            if hits.count >= Self.maxHits { break }
        }
        return hits
    }

    private func summary(_ hits: [String], query: String, tooManyFiles: Bool, place: String) -> String {
        var lines = Array(hits.prefix(Self.maxHits))
        if lines.isEmpty {
            lines.append("Nothing in \(place == "." ? "the files folder" : "“\(place)”") matches \(TaskText.quoted(query)).")
        }
        if hits.count >= Self.maxHits { lines.append("…stopped at \(Self.maxHits) matches; narrow the search.") }
        if tooManyFiles { lines.append("…searched the first \(Self.maxFiles) files only.") }
        return lines.joined(separator: "\n")
    }
}
