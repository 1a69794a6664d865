import Foundation
import Interop

/// A folder of .ics or .vcf files, one item per file: the vdir layout vdirsyncer, khal and
/// todoman use (docs/sync.md). The href is the file name; the etag is the file's mtime in
/// nanoseconds, its size and its inode (a write through rename always gives a new inode, so two
/// writes within one clock tick still differ). Writes go to a hidden temporary file that is
/// renamed over the item, so a reader never sees half a file. If-Match and If-None-Match are
/// emulated by comparing etags just before the write (one process at a time is assumed).
public struct VdirCollection: SyncCollection {
    public var isFolder: Bool { true }
    public let kind: SyncKind
    public let folder: URL
    public var identity: String { folder.path }
    /// ".ics" or ".vcf".
    public var fileExtension: String { kind == .contacts ? ".vcf" : ".ics" }

    /// Creates the folder when it is missing.
    public init(path: String, kind: SyncKind) throws {
        folder = URL(fileURLWithPath: path).standardizedFileURL
        self.kind = kind
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The complete listing whenever anything changed (the token is a hash of every name and
    /// etag): the engine compares etags and fetches only what differs.
    public func changes(since token: String?) async throws -> RemoteChanges {
        let entries = try list()
        let stamp = Self.stamp(entries)
        if let token, token == stamp { return RemoteChanges(changed: [], deleted: [], token: stamp, complete: false, unchanged: true) }
        return RemoteChanges(changed: entries, deleted: [], token: stamp, complete: true)
    }

    public func fetch(_ hrefs: [String]) async throws -> [RemoteResource] {
        try hrefs.compactMap { href in
            let url = try file(href)
            guard let data = try? Data(contentsOf: url), let etag = Self.etag(url.path) else { return nil }
            return RemoteResource(href: href, etag: etag, data: data)
        }
    }

    public func create(uid: String, data: Data) async throws -> RemoteEntry {
        let href = Self.fileName(uid: uid) + fileExtension
        let url = try file(href)
        if FileManager.default.fileExists(atPath: url.path) { throw SyncError.preconditionFailed(href: href) }
        return RemoteEntry(href: href, etag: try write(data, to: url))
    }

    public func update(href: String, data: Data, etag: String) async throws -> String {
        let url = try file(href)
        guard Self.etag(url.path) == etag else { throw SyncError.preconditionFailed(href: href) }
        return try write(data, to: url)
    }

    public func delete(href: String, etag: String) async throws {
        let url = try file(href)
        guard let current = Self.etag(url.path) else { return }  // gone already
        guard current == etag else { throw SyncError.preconditionFailed(href: href) }
        guard unlink(url.path) == 0 || errno == ENOENT else { throw SyncError.failed("cannot delete \(url.path): \(String(cString: strerror(errno)))") }
    }

    // MARK: Files

    /// Every item file (hidden and temporary files left out), by name: one readdir and one
    /// fstatat per file (10,000 files are listed in a few tens of ms).
    func list() throws -> [RemoteEntry] {
        guard let directory = opendir(folder.path) else {
            throw SyncError.unreachable("cannot read the folder \(folder.path): \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [RemoteEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(fileExtension), !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0, let etag = Self.etag(info) else { continue }
            entries.append(RemoteEntry(href: name, etag: etag))
        }
        return entries.sorted { $0.href < $1.href }
    }

    /// A file of this folder; an href that would leave it is refused.
    private func file(_ href: String) throws -> URL {
        guard !href.isEmpty, !href.contains("/"), !href.hasPrefix(".") else { throw SyncError.malformed(href: href, "not a file name of the folder") }
        return folder.appendingPathComponent(href)
    }

    /// Writes through a temporary file and rename; returns the new etag.
    private func write(_ data: Data, to url: URL) throws -> String {
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SyncError.failed("cannot write \(url.path): \(error.localizedDescription)")
        }
        guard let etag = Self.etag(url.path) else { throw SyncError.failed("\(url.path) is gone right after it was written") }
        return etag
    }

    /// mtime in ns, size and inode; nil when the file is not there.
    static func etag(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return etag(info)
    }

    static func etag(_ info: stat) -> String? {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return "\(nanoseconds)-\(info.st_size)-\(info.st_ino)"
    }

    static func stamp(_ entries: [RemoteEntry]) -> String {
        var text = ""
        text.reserveCapacity(entries.count * 64)
        for entry in entries { text += entry.href; text += "\u{1F}"; text += entry.etag; text += "\u{1E}" }
        return "\(entries.count)-" + ItemResources.contentHash(text)
    }

    /// The UID as a file name, as vdirsyncer does: kept when it is made of safe characters,
    /// else a hash of it.
    static func fileName(uid: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-+@")
        if !uid.isEmpty, uid.count <= 200, !uid.hasPrefix("."), uid.allSatisfy(safe.contains) { return uid }
        return ItemResources.contentHash(uid)
    }
}
