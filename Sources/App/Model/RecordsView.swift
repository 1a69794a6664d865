import Foundation
import Core

/// A contact or a note: what the Contacts and Notes views list and edit.
enum Record: Equatable, Sendable {
    case contact(Contact)
    case note(Note)

    var id: Int64? {
        switch self { case .contact(let c): return c.id; case .note(let n): return n.id }
    }

    /// The row's text: a contact's name, a note's title.
    var title: String {
        switch self { case .contact(let c): return c.name; case .note(let n): return n.title }
    }

    /// The view that lists it.
    var kindOfView: RecordsView.Kind {
        if case .contact = self { return .contacts }
        return .notes
    }

    /// After the title: a contact's email, phone and organization; a note's first line.
    var detail: String {
        switch self {
        case .contact(let c): return [c.email, c.phone, c.organization].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        case .note(let n): return n.body.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
    }
}

/// The Contacts view (Alt-C, `/contacts`) or the Notes view (Alt-N, `/notes`): the records the
/// assistant's tools keep, with the Tasks and Todos panes' habits (docs/tools.md, The views).
struct RecordsView: Equatable {
    enum Kind: Equatable, Sendable { case contacts, notes }
    var kind: Kind
    var records: [Record]
    var selected = 0
    /// `/` types a filter: rows whose title or detail contains it (any case).
    var filter = ""
    var filtering = false
    /// The last record deleted here, which u brings back.
    var trash: Record?

    var visible: [Record] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return records }
        return records.filter { $0.title.lowercased().contains(needle) || $0.detail.lowercased().contains(needle) }
    }

    var chosen: Record? { visible.indices.contains(selected) ? visible[selected] : nil }

    /// New records from a load: the selection stays on the same record when it is still there.
    mutating func take(_ loaded: [Record]) {
        let id = chosen?.id
        records = loaded
        selected = visible.firstIndex { $0.id != nil && $0.id == id } ?? min(selected, max(0, visible.count - 1))
    }
}
