import Foundation
import Core

/// The one folder the file tools work in. Every path the model gives is relative to it and is
/// resolved here, so nothing outside it is read or written: absolute paths, ".." that climbs
/// out, and links that point out (or nowhere) are refused.
struct Sandbox {
    /// The folder with its own links resolved: what resolved paths are compared with.
    let root: URL

    init(_ folder: URL?) throws {
        guard let folder else { throw ToolError("No files folder is set up, so the file tools cannot be used.") }
        guard let real = Self.realPath(folder.path), Self.kind(real) == .directory else {
            throw ToolError("The files folder \(folder.path) is missing or not a folder.")
        }
        root = URL(fileURLWithPath: real, isDirectory: true)
    }

    /// Where `path` really is, inside the folder ("" and "." are the folder itself). It need not
    /// exist: its deepest existing ancestor has its links resolved and must still be inside, and
    /// the rest, which does not exist yet, cannot hold a link.
    func resolve(_ path: String) throws -> URL {
        // The system would cut the name at a NUL: another file than the one named.
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ToolError("“\(Sanitizer.clean(path))” contains a control character; a file name cannot have one.")
        }
        if path.hasPrefix("/") || path == "~" || path.hasPrefix("~/") {
            throw ToolError("“\(path)” is an absolute path; give a path inside the files folder, like notes/todo.txt.")
        }
        // ".." is applied to the text, so "a/../b" is "b" whatever "a" is; the I/O uses the result.
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." { parts.append(String(part)) } else if parts.popLast() == nil { throw Self.outside(path) }
        }
        var existing = parts.count
        while existing > 0, !Self.exists(([root.path] + parts.prefix(existing)).joined(separator: "/")) { existing -= 1 }
        guard let real = Self.realPath(([root.path] + parts.prefix(existing)).joined(separator: "/")) else {
            throw ToolError("“\(path)” goes through a link that points nowhere.")
        }
        guard Self.isInside(real, root.path) else { throw Self.outside(path) }
        return URL(fileURLWithPath: ([real] + parts.dropFirst(existing)).joined(separator: "/"))
    }

    /// `url` as the model should write it: relative to the folder, "." for the folder itself.
    func relative(_ url: URL) -> String {
        let parts = url.path.split(separator: "/").dropFirst(root.path.split(separator: "/").count)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Component-wise, so "/data/files-old" is not inside "/data/files".
    static func isInside(_ path: String, _ root: String) -> Bool {
        let pathParts = path.split(separator: "/"), rootParts = root.split(separator: "/")
        return pathParts.count >= rootParts.count && pathParts.prefix(rootParts.count).elementsEqual(rootParts)
    }

    enum Kind: Equatable { case file, directory, link, other, missing }

    /// What is at `path` itself: a link is a link, not what it points to.
    static func kind(_ path: String) -> Kind {
        guard let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else {
            return .missing
        }
        switch type {
        case .typeRegular: return .file
        case .typeDirectory: return .directory
        case .typeSymbolicLink: return .link
        default: return .other
        }
    }

    /// True for a broken link too: it is there, even if what it points to is not.
    private static func exists(_ path: String) -> Bool { kind(path) != .missing }

    /// The path with every link resolved; nil when it does not exist or a link is broken.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func outside(_ path: String) -> ToolError {
        ToolError("“\(path)” is outside the files folder; only paths inside it can be used.")
    }
}
