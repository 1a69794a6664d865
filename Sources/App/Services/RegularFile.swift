import Foundation

/// Reads a file the user named (an image to attach, the voice test's audio): only a regular
/// file — opening a FIFO or a device (/dev/tty, /dev/stdin) would block the reader — and only
/// up to a cap, checked on its size before a byte is read. Call it off the loop.
enum RegularFile {
    enum Failure: Error, Equatable {
        case missing, folder, notRegular, unreadable
        case tooLarge(size: Int)
    }

    static func read(_ path: String, maxBytes: Int) throws(Failure) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing }
        guard !isFolder.boolValue else { throw .folder }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { throw .notRegular }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxBytes else { throw .tooLarge(size: size) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
    }
}
