import Foundation

/// The XML bodies of the requests, built as text: the fixed parts are constants, and every
/// value put in (hrefs, tokens, names) is escaped.
enum DAVBodies {
    static let namespaces = #"xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" "#
        + #"xmlns:CR="urn:ietf:params:xml:ns:carddav" xmlns:CS="http://calendarserver.org/ns/""#

    static func propfind(_ properties: [String]) -> Data {
        document("<D:propfind \(namespaces)><D:prop>\(properties.map { "<\($0)/>" }.joined())</D:prop></D:propfind>")
    }

    static let principalProperties = ["D:current-user-principal"]
    static let homeProperties = ["C:calendar-home-set", "CR:addressbook-home-set"]
    static let collectionProperties = ["D:resourcetype", "D:displayname", "C:supported-calendar-component-set",
                                       "CS:getctag", "D:sync-token"]

    /// RFC 6578 §3.2: the changes since `token` (the whole collection when empty), etags only.
    static func syncCollection(token: String?) -> Data {
        document("<D:sync-collection \(namespaces)><D:sync-token>\(escape(token ?? ""))</D:sync-token>"
                 + "<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>")
    }

    /// calendar-multiget (RFC 4791 §7.9) or addressbook-multiget (RFC 6352 §8.7).
    static func multiget(calendar: Bool, hrefs: [String]) -> Data {
        let root = calendar ? "C:calendar-multiget" : "CR:addressbook-multiget"
        let data = calendar ? "C:calendar-data" : "CR:address-data"
        let list = hrefs.map { "<D:href>\(escape($0))</D:href>" }.joined()
        return document("<\(root) \(namespaces)><D:prop><D:getetag/><\(data)/></D:prop>\(list)</\(root)>")
    }

    /// MKCALENDAR (RFC 4791 §5.3.1) holding only `component` (VEVENT or VTODO).
    static func makeCalendar(name: String, component: String) -> Data {
        document("<C:mkcalendar \(namespaces)><D:set><D:prop><D:displayname>\(escape(name))</D:displayname>"
                 + "<C:supported-calendar-component-set><C:comp name=\"\(escape(component))\"/></C:supported-calendar-component-set>"
                 + "</D:prop></D:set></C:mkcalendar>")
    }

    /// Extended MKCOL (RFC 5689) making an address book (RFC 6352 §6.3.1).
    static func makeAddressBook(name: String) -> Data {
        document("<D:mkcol \(namespaces)><D:set><D:prop><D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype>"
                 + "<D:displayname>\(escape(name))</D:displayname></D:prop></D:set></D:mkcol>")
    }

    /// Text as XML character data or an attribute value. Characters XML 1.0 forbids (C0
    /// controls but tab, CR, LF) cannot be sent at all, even escaped: they become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    private static func document(_ body: String) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body).utf8)
    }
}
