import Foundation
import Core
import Storage

/// The Contacts and Notes views' I/O: each change is written, then the records are read again
/// and handed to `update` (`.recordsLoaded`), with what was done on the status bar.
extension TUIApp {
    func perform(records effect: RecordsEffect) {
        let words = tr.records
        var kind = RecordsView.Kind.contacts, notice: Notice?
        do {
            switch effect {
            case .open(let which):
                kind = which
            case .save(let record):
                kind = try save(record)
                notice = info(words.saved(record.title))
            case .delete(let record):
                kind = record.kindOfView
                switch record {
                case .contact(let c): if let id = c.id { try database.deleteContact(id: id) }
                case .note(let n): if let id = n.id { try database.deleteNote(id: id) }
                }
                notice = info(words.deleted(record.title))
            case .restore(let record):
                var fresh = record
                switch fresh { case .contact(var c): c.id = nil; fresh = .contact(c); case .note(var n): n.id = nil; fresh = .note(n) }
                kind = try save(fresh)
                notice = info(words.restored(record.title))
            case .editNoteText(let id):
                kind = .notes
                guard var note = try database.note(id: id), let edited = editInEditor(note.body, name: "note") else { break }
                note.body = Sanitizer.clean(edited)
                note.updatedAt = Date()
                try database.updateNote(note)
                notice = info(words.saved(note.title))
            }
            let loaded: [Record] = kind == .contacts ? try database.searchContacts("").map(Record.contact)
                : try database.searchNotes("").map(Record.note)
            apply(.recordsLoaded(kind, loaded, notice: notice))
        } catch {
            apply(.noticed(Notice(text: words.failed("\(error)"), kind: .error, expires: nil)))
        }
    }

    private func save(_ record: Record) throws -> RecordsView.Kind {
        switch record {
        case .contact(var c):
            c.updatedAt = Date()
            if c.id == nil { _ = try database.insertContact(c) } else { try database.updateContact(c) }
        case .note(var n):
            n.updatedAt = Date()
            if n.id == nil { _ = try database.insertNote(n) } else { try database.updateNote(n) }
        }
        return record.kindOfView
    }

    private func info(_ text: String) -> Notice { Notice(text: text, kind: .info, expires: Date().addingTimeInterval(6)) }
}
