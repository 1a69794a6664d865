import Foundation

/// Reading files for the file tools: only the bytes needed, binary files told apart from text.
enum FileContents {
    /// A NUL byte within this many first bytes makes a file binary (git's rule).
    static let binaryProbe = 8 << 10

    /// Up to `limit` first bytes of the regular file at `url`, and its whole size.
    static func prefix(of url: URL, limit: Int) throws -> (data: Data, size: Int) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: 0)
        return (try handle.read(upToCount: limit) ?? Data(), size)
    }

    static func isBinary(_ data: Data) -> Bool { data.prefix(binaryProbe).contains(0) }

    /// UTF-8, each invalid byte replaced by "�".
    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// "12 bytes", "3.4 KB", "1.2 MB"
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: return "\(bytes) byte\(bytes == 1 ? "" : "s")"
        case ..<(1 << 20): return String(format: "%.1f KB", Double(bytes) / 1024)
        default: return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
        }
    }

    /// The message for a path that is not a readable regular file; nil when it is one.
    static func notAFile(_ kind: Sandbox.Kind, _ path: String) -> String? {
        switch kind {
        case .file: return nil
        case .missing: return "There is no file “\(path)” in the files folder; list_files shows what is there."
        case .directory: return "“\(path)” is a folder; list_files shows what is in it."
        case .link, .other: return "“\(path)” is not a regular file."
        }
    }
}
