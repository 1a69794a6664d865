import Foundation

/// A CalDAV calendar (`.tasks`, VEVENT) or task list (`.todos`, VTODO), or a CardDAV address
/// book (`.contacts`), as a `SyncCollection`. Changes come from sync-collection (RFC 6578);
/// a server without it is compared by ctag and listed by etag (docs/sync.md).
///
/// Tokens it hands out say which way they were made: "sync:" + a sync-token, "ctag:" + a ctag.
public struct DAVCollection: SyncCollection {
    let client: DAVClient
    public let kind: SyncKind
    /// Absolute, ending in "/".
    let url: String
    public var identity: String { url }
    /// Hrefs asked for in one multiget.
    let batchSize: Int

    /// `url` is the collection's (from `DAVClient.collections(in:)`); `kind` says what it holds.
    public init(client: DAVClient, url: String, kind: SyncKind, batchSize: Int = 200) {
        self.client = client
        self.kind = kind
        self.url = DAVClient.directory(url)
        self.batchSize = max(1, batchSize)
    }

    /// The collection's path, ending in "/".
    private var path: String { DAVClient.directory(DAVClient.path(of: url)) }
    private var isCalendar: Bool { kind != .contacts }

    // MARK: Changes

    public func changes(since token: String?) async throws -> RemoteChanges {
        if let token, token.hasPrefix("ctag:") { return try await byCtag(since: String(token.dropFirst(5))) }
        let syncToken = token.map { String($0.dropFirst("sync:".count)) }
        if let changes = try await syncCollection(since: syncToken) { return changes }
        // An expired or unknown token: everything, once.
        if syncToken != nil, let changes = try await syncCollection(since: nil) { return changes }
        return try await byCtag(since: nil)
    }

    /// The sync-collection REPORT; nil when the server does not do it (or refuses the token).
    private func syncCollection(since token: String?) async throws -> RemoteChanges? {
        // With a token, a 500 is taken as the token refused too (xandikos answers an unknown
        // one so), at once: the complete listing that follows is retried as usual.
        let answer = try await client.send("REPORT", url, depth: "0", body: DAVBodies.syncCollection(token: token),
                                           accept: Set([207, 400, 403, 404, 405, 409, 412, 415, 501] + (token == nil ? [] : [500])),
                                           noRetry: token == nil ? [] : [500])
        guard answer.status == 207 else {
            // 403/409 with valid-sync-token (RFC 6578 §3.2), or 403/405/501 for no support at all;
            // wrong credentials are a 401, never seen here.
            if answer.status == 401 { throw client.error(for: answer, method: "REPORT", url: url) }
            return nil
        }
        let status = try DAVClient.multistatus(answer)
        var changed: [RemoteEntry] = []
        var deleted: [String] = []
        for response in status.responses {
            let href = normalized(response.href)
            guard href != path, !href.hasSuffix("/") else { continue }   // the collection, a sub-collection
            if response.status == 404 {
                deleted.append(href)
            } else {
                changed.append(RemoteEntry(href: href, etag: response.properties.etag ?? ""))
            }
        }
        guard let next = status.syncToken, !next.isEmpty else {
            throw SyncError.malformed(href: path, "\(DAVTransport.display(url)) answered sync-collection without a sync-token")
        }
        return RemoteChanges(changed: changed, deleted: token == nil ? [] : deleted, token: "sync:" + next, complete: token == nil)
    }

    /// The fallback: unchanged when the ctag is the same, else every item's etag (Depth 1).
    private func byCtag(since previous: String?) async throws -> RemoteChanges {
        let head = try await client.send("PROPFIND", url, depth: "0", body: DAVBodies.propfind(["CS:getctag"]))
        let ctag = try DAVClient.multistatus(head).responses.first?.properties.ctag
        if let ctag, ctag == previous {
            return RemoteChanges(changed: [], deleted: [], token: "ctag:" + ctag, complete: false, unchanged: true)
        }
        let answer = try await client.send("PROPFIND", url, depth: "1", body: DAVBodies.propfind(["D:getetag", "D:resourcetype"]))
        let entries = try DAVClient.multistatus(answer).responses.compactMap { response -> RemoteEntry? in
            let href = normalized(response.href)
            guard href != path, !href.hasSuffix("/"), !response.properties.isCollection else { return nil }
            return RemoteEntry(href: href, etag: response.properties.etag ?? "")
        }
        return RemoteChanges(changed: entries, deleted: [], token: ctag.map { "ctag:" + $0 }, complete: true)
    }

    // MARK: Items

    public func fetch(_ hrefs: [String]) async throws -> [RemoteResource] {
        var resources: [RemoteResource] = []
        resources.reserveCapacity(hrefs.count)
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(hrefs.count, start + batchSize)])
            start += batchSize
            let answer = try await client.send("REPORT", url, depth: "1", body: DAVBodies.multiget(calendar: isCalendar, hrefs: batch))
            let listed: Multistatus
            do {
                listed = try DAVClient.multistatus(answer)
            } catch SyncError.malformed {
                // A server that puts a character XML cannot carry (a NUL in an item) into its
                // answer spoils the whole batch: its items are fetched one by one, so only that
                // item fails (to the engine's reader, which skips and reports it by href).
                resources += try await fetchOneByOne(batch)
                continue
            }
            for response in listed.responses {
                guard response.status == nil || response.status == 200, let text = response.properties.data else { continue }
                resources.append(RemoteResource(href: normalized(response.href), etag: response.properties.etag ?? "",
                                                data: Data(text.utf8)))
            }
        }
        return resources
    }

    /// Each href by GET (404 and 410: gone, left out), its etag from the answer's header.
    private func fetchOneByOne(_ hrefs: [String]) async throws -> [RemoteResource] {
        var resources: [RemoteResource] = []
        for href in hrefs {
            let answer = try await client.send("GET", client.resolve(href, against: url), accept: [200, 404, 410])
            guard answer.status == 200 else { continue }
            resources.append(RemoteResource(href: normalized(href), etag: answer.head.header("etag") ?? "", data: answer.body))
        }
        return resources
    }

    public func create(uid: String, data: Data) async throws -> RemoteEntry {
        let href = path + DAVNames.safe(uid) + (isCalendar ? ".ics" : ".vcf")
        let etag = try await put(href, data: data, condition: ("If-None-Match", "*"))
        return RemoteEntry(href: href, etag: etag)
    }

    /// Some servers ignore If-Match: the etag is read first too, so a write made elsewhere
    /// since our pull is merged (412) rather than overwritten. What is left is the moment
    /// between this read and the PUT (docs/sync.md, Tested against).
    public func update(href: String, data: Data, etag: String) async throws -> String {
        let target = client.resolve(href, against: url)
        let check = try await client.send("PROPFIND", target, depth: "0", body: DAVBodies.propfind(["D:getetag"]), accept: [207, 404])
        let current = check.status == 207 ? try DAVClient.multistatus(check).responses.first?.properties.etag : nil
        guard let current, Self.sameEtag(current, etag) else { throw SyncError.preconditionFailed(href: href) }
        return try await put(href, data: data, condition: ("If-Match", etag))
    }

    /// Etags compared as servers write them in headers and in XML (quotes, a weak prefix, spaces aside).
    static func sameEtag(_ a: String, _ b: String) -> Bool {
        func bare(_ etag: String) -> Substring {
            var text = Substring(etag.trimmingCharacters(in: .whitespaces))
            if text.hasPrefix("W/") { text = text.dropFirst(2) }
            return text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? text.dropFirst().dropLast() : text
        }
        return bare(a) == bare(b)
    }

    public func delete(href: String, etag: String) async throws {
        let answer = try await client.send("DELETE", client.resolve(href, against: url), headers: [("If-Match", etag)],
                                           accept: [200, 202, 204, 404, 410, 412])
        if answer.status == 412 { throw SyncError.preconditionFailed(href: href) }
    }

    /// PUT under a precondition; the new etag from the answer, or (a server that sends none)
    /// from a PROPFIND of the item.
    private func put(_ href: String, data: Data, condition: (name: String, value: String)) async throws -> String {
        let target = client.resolve(href, against: url)
        let type = isCalendar ? "text/calendar; charset=utf-8" : "text/vcard; charset=utf-8"
        let answer = try await client.send("PUT", target, headers: [condition], body: data, contentType: type,
                                           accept: [200, 201, 204, 412])
        if answer.status == 412 { throw SyncError.preconditionFailed(href: href) }
        if let etag = answer.head.header("etag"), !etag.isEmpty, !etag.hasPrefix("W/") { return etag }
        let check = try await client.send("PROPFIND", target, depth: "0", body: DAVBodies.propfind(["D:getetag"]))
        guard let etag = try DAVClient.multistatus(check).responses.first?.properties.etag else {
            throw SyncError.malformed(href: href, "\(DAVTransport.display(target)) gave no etag for the item just stored")
        }
        return etag
    }

    /// An href as a path (servers may answer with absolute URLs), so one item has one key.
    private func normalized(_ href: String) -> String {
        if href.hasPrefix("/") { return href }
        return DAVClient.path(of: client.resolve(href, against: url))
    }
}
