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

    public static func load(_ path: String, maxBytes: Int, home: String = NSHomeDirectory()) throws -> ImageAttachment {
        let full = HomePath.expand(path, home: home)
        let name = (full as NSString).lastPathComponent
        let data: Data
        do throws(RegularFile.Failure) {
            data = try RegularFile.read(full, maxBytes: maxBytes)
        } catch {
            switch error {
            case .missing: throw Failure.missing(path)
            case .folder: throw Failure.folder(path)
            case .notRegular: throw Failure.image(name: name, .notAnImage)
            case .tooLarge(let size): throw Failure.image(name: name, .tooLarge(byteCount: size, cap: maxBytes))
            case .unreadable: throw Failure.unreadable(path)
            }
        }
        do {
            return try ImageAttachment(name: name, data: data, maxBytes: maxBytes)
        } catch let error as ImageError {
            throw Failure.image(name: name, error)
        }
    }
}
