import Foundation
import Core

/// Reads vCard 3.0 and 4.0 (RFC 2426, RFC 6350) into contacts and writes vCard 4.0.
///
/// FN → name (from N when FN is missing), the first EMAIL → email, the first TEL → phone,
/// ORG → organization, NOTE → notes, CATEGORIES → groups ("Family, Work"). Every other line
/// (N, more EMAILs and TELs, ADR, BDAY, PHOTO, X-…) is kept in `extra` and written back.
/// Export writes VERSION:4.0; kept lines are written as they came (3.0 parameters such as
/// TYPE=INTERNET are accepted by 4.0 readers).
public enum VCard {
    public static func read(_ data: Data, now: Date = Date()) throws -> [Contact] {
        let blocks = try Component.parse(data)
        guard !blocks.isEmpty else {
            throw InteropError(line: nil, "the file has no BEGIN:VCARD", hint: "is this a vCard (.vcf) file?")
        }
        var contacts: [Contact] = []
        var index: [String: Int] = [:]
        for card in blocks {
            guard card.name == "VCARD" else {
                throw InteropError(line: card.line, "BEGIN:\(card.name) where BEGIN:VCARD was expected",
                                   hint: card.name == "VCALENDAR" ? "this is an iCalendar file: name it .ics" : "is this a vCard (.vcf) file?")
            }
            let contact = try self.contact(card, now: now)
            if let earlier = index[contact.uid] { contacts[earlier] = contact } else {
                index[contact.uid] = contacts.count
                contacts.append(contact)
            }
        }
        return contacts
    }

    private static func contact(_ card: Component, now: Date) throws -> Contact {
        var contact = Contact(uid: "", name: "", createdAt: now, updatedAt: now)
        var kept: [String] = []
        var structuredName: String?
        for property in card.properties {
            switch property.name {
            case "VERSION", "PRODID", "REV": break
            case "UID": contact.uid = property.value.trimmedSpaces
            case "FN" where contact.name.isEmpty: contact.name = ContentText.unescape(property.value)
            case "EMAIL" where contact.email == nil: contact.email = ContentText.unescape(property.value)
            case "TEL" where contact.phone == nil: contact.phone = telephone(property.value)
            case "ORG" where contact.organization == nil:
                // ORG is structured (organization;unit…): the units are kept apart by "; ".
                contact.organization = ContentText.split(property.value, at: ";").filter { !$0.isEmpty }.joined(separator: "; ")
            case "NOTE" where contact.notes.isEmpty: contact.notes = ContentText.unescape(property.value)
            case "CATEGORIES":
                let groups = ContentText.list(property.value)
                contact.groups = ([contact.groups].compactMap { $0 } + groups).joined(separator: ", ")
            case "N":
                let parts = ContentText.split(property.value, at: ";")  // family;given;additional;prefix;suffix
                let ordered = [3, 1, 2, 0, 4].compactMap { $0 < parts.count ? parts[$0] : nil }.filter { !$0.isEmpty }
                structuredName = ordered.joined(separator: " ")
                kept.append(property.raw)
            default: kept.append(property.raw)
            }
        }
        if contact.name.isEmpty { contact.name = structuredName ?? contact.organization ?? contact.email ?? "" }
        guard !contact.name.isEmpty else {
            throw InteropError(line: card.line, "this contact has no name (no FN, N, ORG or EMAIL)",
                               hint: "add an FN:Full Name line to the card that starts here")
        }
        if contact.uid.isEmpty {
            contact.uid = "aihelper-" + PropertyMapping.stableHash([contact.name, contact.email ?? "", contact.phone ?? ""].joined(separator: "\u{1F}"))
        }
        kept += card.children.flatMap(\.rawLines)
        contact.extra = PropertyMapping.joinedExtra(kept)
        return contact
    }

    /// vCard 4.0 writes phones as "tel:+1-555…" URIs; the app keeps the number.
    private static func telephone(_ value: String) -> String {
        let text = ContentText.unescape(value)
        return text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)) : text
    }

    public static func write(_ contacts: [Contact]) -> String {
        var lines: [String] = []
        for contact in contacts {
            lines += ["BEGIN:VCARD", "VERSION:4.0", "UID:" + contact.uid, "FN:" + ContentText.escape(contact.name)]
            if let email = contact.email { lines.append("EMAIL:" + ContentText.escape(email)) }
            if let phone = contact.phone { lines.append("TEL:" + ContentText.escape(phone)) }
            if let organization = contact.organization {
                lines.append("ORG:" + organization.components(separatedBy: "; ").map(ContentText.escape).joined(separator: ";"))
            }
            if !contact.notes.isEmpty { lines.append("NOTE:" + ContentText.escape(contact.notes)) }
            if let groups = contact.groups, !groups.isEmpty {
                lines.append("CATEGORIES:" + groups.components(separatedBy: ",").map {
                    ContentText.escape($0.trimmedSpaces)
                }.joined(separator: ","))
            }
            lines += PropertyMapping.keptLines(contact.extra)
            lines.append("END:VCARD")
        }
        return ContentFolding.fold(lines)
    }
}
