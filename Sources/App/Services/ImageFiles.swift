import Foundation
import Core

/// Reads an image file to attach (`/image`, a pasted path, `aihelper ask --image`): the path
/// with `~/` expanded, checked to be a readable file, capped, then sniffed by its bytes.
public enum ImageFiles {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing(String), folder(String), unreadable(String)
        case image(name: String, ImageError)

        /// English, for the command line (the TUI words them from its catalog).
        public var description: String {
            switch self {
            case .missing(let path): "No such file: \(Sanitizer.clean(path))"
            case .folder(let path): "\(Sanitizer.clean(path)) is a folder, not an image file"
            case .unreadable(let path): "Cannot read \(Sanitizer.clean(path)) (permission denied?)"
            case .image(let name, let error): "\(Sanitizer.clean(name)): \(error)"
            }
        }
    }

    public static func expand(_ path: String, home: String = NSHomeDirectory()) -> String {
        path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    public static func load(_ path: String, maxBytes: Int, home: String = NSHomeDirectory()) throws -> ImageAttachment {
        let full = expand(path, home: home)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { throw Failure.missing(path) }
        guard !isFolder.boolValue else { throw Failure.folder(path) }
        let name = (full as NSString).lastPathComponent
        // The size first, so a huge file is refused without being read.
        let attributes = try? FileManager.default.attributesOfItem(atPath: full)
        // Only a regular file: opening a FIFO or a device (/dev/tty, /dev/stdin) would block.
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { throw Failure.image(name: name, .notAnImage) }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        if size > maxBytes { throw Failure.image(name: name, .tooLarge(byteCount: size, cap: maxBytes)) }
        guard let handle = FileHandle(forReadingAtPath: full) else { throw Failure.unreadable(path) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        do {
            return try ImageAttachment(name: name, data: data, maxBytes: maxBytes)
        } catch let error as ImageError {
            throw Failure.image(name: name, error)
        }
    }
}
