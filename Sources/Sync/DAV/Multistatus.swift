import Foundation

/// The properties of one resource that sync reads, from the `propstat`s whose status is 2xx.
public struct DAVProperties: Sendable, Equatable {
    public var etag: String?
    /// calendar-data (CalDAV) or address-data (CardDAV), as served.
    public var data: String?
    public var syncToken: String?
    public var ctag: String?
    /// Kept as data, escape sequences and all: the screen neutralizes them when it shows it.
    public var displayName: String?
    public var isCollection = false
    public var isCalendar = false
    public var isAddressBook = false
    /// supported-calendar-component-set's names (VEVENT, VTODO, ...); empty when not given.
    public var components: [String] = []
    public var currentUserPrincipal: String?
    public var calendarHomeSet: String?
    public var addressBookHomeSet: String?
    public init() {}
}

/// One `response` of a multistatus.
public struct DAVResponse: Sendable, Equatable {
    public var href: String
    /// The response's own status (sync-collection: 404 for a deleted member), else nil.
    public var status: Int?
    public var properties: DAVProperties
}

/// A 207 Multi-Status body (RFC 4918 §13), read with libxml2's streaming reader: element
/// local names from a namespace-aware parse, so any prefix the server picks works.
public struct Multistatus: Sendable, Equatable {
    public var responses: [DAVResponse] = []
    /// sync-collection's new token (RFC 6578), a child of `multistatus`.
    public var syncToken: String?

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    /// Throws `Malformed` for XML that does not parse or is not a multistatus.
    public static func parse(_ data: Data) throws(Malformed) -> Multistatus {
        var parser = Reader()
        do {
            let stream = try XMLStream(data)
            while let node = try stream.next() {
                parser.take(node, attribute: { stream.attribute($0) })
            }
        } catch {
            throw Malformed(description: error.description)
        }
        guard parser.sawRoot else { throw Malformed(description: "the answer is not a DAV multistatus") }
        return parser.result
    }

    /// The statuses' numbers: "HTTP/1.1 404 Not Found" → 404.
    static func statusCode(_ line: String) -> Int? {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}

/// The parse's state: the element path, the response and propstat being read, the text of
/// the element that is open.
private struct Reader {
    var result = Multistatus()
    var sawRoot = false
    private var path: [String] = []
    private var response: DAVResponse?
    private var propstat = DAVProperties()
    private var propstatStatus: Int?
    private var text = ""

    mutating func take(_ node: XMLStream.Node, attribute: (String) -> String?) {
        switch node {
        case .start(let name, _, let empty):
            open(name, attribute: attribute)
            if empty { close(name) }
        case .end(let name, _):
            close(name)
        case .text(let value):
            text += value
        }
    }

    private var parent: String? { path.dropLast().last }

    private mutating func open(_ name: String, attribute: (String) -> String?) {
        path.append(name)
        text = ""
        switch name {
        case "multistatus" where path.count == 1: sawRoot = true
        case "response": response = DAVResponse(href: "", status: nil, properties: DAVProperties())
        case "propstat": propstat = DAVProperties(); propstatStatus = nil
        case "comp" where parent == "supported-calendar-component-set":
            if let component = attribute("name") { propstat.components.append(component.uppercased()) }
        case "collection" where parent == "resourcetype": propstat.isCollection = true
        case "calendar" where parent == "resourcetype": propstat.isCalendar = true
        case "addressbook" where parent == "resourcetype": propstat.isAddressBook = true
        default: break
        }
    }

    private mutating func close(_ name: String) {
        defer { path.removeLast(); text = "" }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch (name, parent) {
        case ("response", _):
            if var done = response {
                done.href = done.href.trimmingCharacters(in: .whitespacesAndNewlines)
                result.responses.append(done)
            }
            response = nil
        case ("href", "response"): response?.href = value
        case ("status", "response"): response?.status = Multistatus.statusCode(value)
        case ("status", "propstat"): propstatStatus = Multistatus.statusCode(value)
        case ("propstat", _):
            // Only found properties count; a 404 propstat lists what the server does not have.
            if let status = propstatStatus, (200..<300).contains(status) { merge(propstat) }
        case ("sync-token", "multistatus"): result.syncToken = value
        case ("href", "current-user-principal"): propstat.currentUserPrincipal = value
        case ("href", "calendar-home-set"): propstat.calendarHomeSet = propstat.calendarHomeSet ?? value
        case ("href", "addressbook-home-set"): propstat.addressBookHomeSet = propstat.addressBookHomeSet ?? value
        case ("getetag", "prop"): propstat.etag = value
        case ("calendar-data", "prop"), ("address-data", "prop"): propstat.data = text  // byte for byte
        case ("sync-token", "prop"): propstat.syncToken = value
        case ("getctag", "prop"): propstat.ctag = value
        case ("displayname", "prop"): propstat.displayName = text
        default: break
        }
    }

    private mutating func merge(_ found: DAVProperties) {
        guard response != nil else { return }
        var into = response!.properties
        into.etag = found.etag ?? into.etag
        into.data = found.data ?? into.data
        into.syncToken = found.syncToken ?? into.syncToken
        into.ctag = found.ctag ?? into.ctag
        into.displayName = found.displayName ?? into.displayName
        into.isCollection = into.isCollection || found.isCollection
        into.isCalendar = into.isCalendar || found.isCalendar
        into.isAddressBook = into.isAddressBook || found.isAddressBook
        into.components += found.components
        into.currentUserPrincipal = found.currentUserPrincipal ?? into.currentUserPrincipal
        into.calendarHomeSet = found.calendarHomeSet ?? into.calendarHomeSet
        into.addressBookHomeSet = found.addressBookHomeSet ?? into.addressBookHomeSet
        response!.properties = into
    }
}
