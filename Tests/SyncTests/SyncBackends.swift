import Foundation
import TestSupport
@testable import Sync

/// Where a scenario test's devices sync: vdir folders, or a calendar, a task list and an address
/// book of the test's own on a real DAV server. The scenarios only use this, so the same test
/// runs against each (VdirSyncTests and its Radicale/xandikos subclasses).
protocol SyncBackend: Sendable {
    func collection(_ kind: SyncKind) throws -> SyncCollection
    /// The items' names on the other side (a file's name, or an href's last part), sorted.
    func names(_ kind: SyncKind) async throws -> [String]
    /// An item's text as stored there.
    func read(_ name: String, _ kind: SyncKind) async throws -> String
    /// Stores `text` as item `name`, unconditionally, as another client would.
    func write(_ text: String, name: String, _ kind: SyncKind) async throws
}

/// One folder per kind (`vdir-tasks`, `vdir-todos`, `vdir-contacts`) in the test's folder.
struct VdirBackend: SyncBackend {
    let folder: URL

    func vdir(_ kind: SyncKind) throws -> VdirCollection {
        try VdirCollection(path: folder.appendingPathComponent("vdir-\(kind.rawValue)").path, kind: kind)
    }

    func collection(_ kind: SyncKind) throws -> SyncCollection { try vdir(kind) }

    func names(_ kind: SyncKind) async throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try vdir(kind).folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    func read(_ name: String, _ kind: SyncKind) async throws -> String {
        try String(contentsOf: try vdir(kind).folder.appendingPathComponent(name), encoding: .utf8)
    }

    func write(_ text: String, name: String, _ kind: SyncKind) async throws {
        try Data(text.utf8).write(to: try vdir(kind).folder.appendingPathComponent(name))
    }
}

/// Fresh collections on a DAV server (made with MKCALENDAR / extended MKCOL), reached directly
/// or through a `DAVFaultProxy`.
struct DAVBackend: SyncBackend {
    let client: DAVClient
    let urls: [SyncKind: String]

    static let testRetry = DAVRetryPolicy(attempts: 3, maxWait: 0.3, baseWait: 0.05)

    static func make(_ server: DAVServer, through proxy: DAVFaultProxy? = nil) async throws -> DAVBackend {
        let client = DAVClient(baseURL: proxy?.baseURL ?? server.baseURL, user: server.user, password: server.password, retry: testRetry)
        var urls: [SyncKind: String] = [:]
        for kind in SyncKind.allCases { urls[kind] = try await DAVClientTests.collection(client, kind).url }
        return DAVBackend(client: client, urls: urls)
    }

    func collection(_ kind: SyncKind) -> SyncCollection {
        DAVCollection(client: client, url: urls[kind]!, kind: kind)
    }

    func names(_ kind: SyncKind) async throws -> [String] {
        try await collection(kind).changes(since: nil).changed.map {
            (($0.href as NSString).lastPathComponent).removingPercentEncoding ?? $0.href
        }.sorted()
    }

    /// Where Radicale's filesystem storage keeps a collection's items (one file per item).
    func radicaleFolder(_ kind: SyncKind, of server: DAVServer) -> URL {
        server.folder.appendingPathComponent("collections/collection-root")
            .appendingPathComponent(DAVClient.path(of: urls[kind]!).removingPercentEncoding!)
    }

    /// The collection's path + the item's name: its href.
    func href(_ name: String, _ kind: SyncKind) -> String { DAVClient.path(of: urls[kind]!) + name }

    func read(_ name: String, _ kind: SyncKind) async throws -> String {
        guard let item = try await collection(kind).fetch([href(name, kind)]).first else { throw SyncError.failed("no item \(name)") }
        return String(decoding: item.data, as: UTF8.self)
    }

    func write(_ text: String, name: String, _ kind: SyncKind) async throws {
        _ = try await client.send("PUT", urls[kind]! + name, body: Data(text.utf8),
                                  contentType: kind == .contacts ? "text/vcard; charset=utf-8" : "text/calendar; charset=utf-8",
                                  accept: [200, 201, 204])
    }
}
