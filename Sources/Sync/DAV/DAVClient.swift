import Foundation
import HTTP

/// A calendar, task list or address book on a DAV server, as listed.
public struct DAVCollectionInfo: Sendable, Equatable {
    /// Absolute URL, ending in "/".
    public var url: String
    /// As served (escape sequences kept: the screen neutralizes them).
    public var displayName: String?
    /// What it syncs with: [.tasks] for a VEVENT calendar, [.todos] for a VTODO list, both for
    /// a calendar without a component set, [.contacts] for an address book.
    public var kinds: Set<SyncKind>
    public var ctag: String?
    public var syncToken: String?
}

/// Where an account's collections live, found from a bare URL.
public struct DAVDiscovery: Sendable, Equatable {
    public var principal: String?
    public var calendarHome: String?
    public var addressBookHome: String?
}

/// Talks CalDAV (RFC 4791) and CardDAV (RFC 6352) to one account: discovery, listing and
/// making collections, and the requests `DAVCollection` syncs with (docs/sync.md).
public final class DAVClient: Sendable {
    /// The URL the user gave (a bare host is fine: discovery starts at /.well-known).
    public let baseURL: String
    public let user: String
    let transport: DAVTransport

    /// `allowRedirectHosts`: other hosts a redirect may lead to (the password goes along).
    /// `scheme`: nil picks one (see `AuthScheme`: preemptive Basic over HTTPS, else negotiated).
    public init(baseURL: String, user: String, password: String, scheme: HTTPCredentials.Scheme? = nil,
                allowRedirectHosts: [String] = [], retry: DAVRetryPolicy = .standard, engine: HTTPEngine = .shared) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.user = user
        transport = DAVTransport(credentials: HTTPCredentials(user: user, password: password, scheme: scheme ?? .basicOrDigest),
                                 scheme: AuthScheme(chosen: scheme, url: baseURL),
                                 allowedRedirectHosts: Set(allowRedirectHosts.map { $0.lowercased() }), retry: retry, engine: engine)
    }

    // MARK: Discovery

    /// current-user-principal from /.well-known/caldav (then carddav, then the URL itself),
    /// then its calendar-home-set and addressbook-home-set.
    public func discover() async throws -> DAVDiscovery {
        var principal: String?
        for start in [resolve("/.well-known/caldav"), resolve("/.well-known/carddav"), baseURL] {
            let answer = try await send("PROPFIND", start, depth: "0", body: DAVBodies.propfind(DAVBodies.principalProperties),
                                        accept: [207, 404, 405, 501, 400])
            guard answer.status == 207 else { continue }
            let found = try Self.multistatus(answer).responses.lazy.compactMap(\.properties.currentUserPrincipal).first
            if let found { principal = resolve(found, against: answer.url); break }
        }
        let homesAt = principal ?? baseURL
        let answer = try await send("PROPFIND", homesAt, depth: "0", body: DAVBodies.propfind(DAVBodies.homeProperties))
        let properties = try Self.multistatus(answer).responses.first?.properties ?? DAVProperties()
        return DAVDiscovery(principal: principal,
                            calendarHome: properties.calendarHomeSet.map { resolve($0, against: answer.url) },
                            addressBookHome: properties.addressBookHomeSet.map { resolve($0, against: answer.url) })
    }

    /// The calendars, task lists and address books directly in `home` (Depth 1).
    public func collections(in home: String) async throws -> [DAVCollectionInfo] {
        let answer = try await send("PROPFIND", home, depth: "1", body: DAVBodies.propfind(DAVBodies.collectionProperties))
        return try Self.multistatus(answer).responses.compactMap { response in
            let properties = response.properties
            var kinds: Set<SyncKind> = []
            if properties.isCalendar {
                let components = Set(properties.components)
                if components.isEmpty || components.contains("VEVENT") { kinds.insert(.tasks) }
                if components.isEmpty || components.contains("VTODO") { kinds.insert(.todos) }
            }
            if properties.isAddressBook { kinds.insert(.contacts) }
            guard !kinds.isEmpty else { return nil }
            return DAVCollectionInfo(url: Self.directory(resolve(response.href, against: answer.url)), displayName: properties.displayName,
                                     kinds: kinds, ctag: properties.ctag, syncToken: properties.syncToken)
        }
    }

    /// Makes a calendar holding only events (`.tasks`) or only to-dos (`.todos`) with MKCALENDAR,
    /// or an address book (`.contacts`) with extended MKCOL, at `home` + `slug` + "/".
    public func makeCollection(in home: String, slug: String, name: String, kind: SyncKind) async throws -> DAVCollectionInfo {
        let url = Self.directory(resolve(DAVNames.safe(slug), against: Self.directory(home)))
        switch kind {
        case .tasks, .todos:
            let component = kind == .tasks ? "VEVENT" : "VTODO"
            _ = try await send("MKCALENDAR", url, body: DAVBodies.makeCalendar(name: name, component: component), accept: [201])
        case .contacts:
            _ = try await send("MKCOL", url, body: DAVBodies.makeAddressBook(name: name), accept: [201])
        }
        return DAVCollectionInfo(url: url, displayName: name, kinds: [kind], ctag: nil, syncToken: nil)
    }

    // MARK: Requests

    /// Sends one request; a status outside `accept` becomes a `SyncError` (401/403 →
    /// `.unauthorized`, 412 → `.preconditionFailed`, 5xx after the retries → `.unreachable`).
    func send(_ method: String, _ url: String, depth: String? = nil, headers: [(name: String, value: String)] = [],
              body: Data? = nil, contentType: String = "application/xml; charset=utf-8", accept: Set<Int> = [207],
              noRetry: Set<Int> = []) async throws -> DAVAnswer {
        var all = headers
        if let depth { all.append(("Depth", depth)) }
        if body != nil { all.append(("Content-Type", contentType)) }
        let answer = try await transport.send(method, url, headers: all, body: body, noRetry: noRetry)
        if accept.contains(answer.status) { return answer }
        throw error(for: answer, method: method, url: url)
    }

    func error(for answer: DAVAnswer, method: String, url: String) -> SyncError {
        let place = DAVTransport.display(url)
        switch answer.status {
        case 401, 403:
            return .unauthorized("\(place) refused user \(user) (HTTP \(answer.status)): check the user name and password")
        case 412:
            return .preconditionFailed(href: Self.path(of: url))
        case 500..<600:
            return .unreachable("\(place) answered \(method) with HTTP \(answer.status)")
        default:
            return .failed("\(place) answered \(method) with HTTP \(answer.status)")
        }
    }

    static func multistatus(_ answer: DAVAnswer) throws -> Multistatus {
        do {
            return try Multistatus.parse(answer.body)
        } catch {
            throw SyncError.malformed(href: Self.path(of: answer.url),
                                      "the server's answer is not a readable multistatus (\(error.description))")
        }
    }

    /// An href (usually a path) made absolute against the base URL or `against`.
    func resolve(_ href: String, against: String? = nil) -> String {
        URL(string: href, relativeTo: URL(string: against ?? baseURL))?.absoluteURL.absoluteString ?? href
    }

    /// A URL's path as sent (percent-escapes kept, the trailing "/" too): the form hrefs have.
    static func path(of url: String) -> String {
        URLComponents(string: url)?.percentEncodedPath ?? url
    }

    static func directory(_ url: String) -> String { url.hasSuffix("/") ? url : url + "/" }
}
