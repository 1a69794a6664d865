import Foundation
import Core
import Terminal

// Keys of the Contacts and Notes views.

/// ↑↓ j k move, a add, e edit (a form), Enter edits a contact or opens a note's text in
/// $EDITOR, d delete (u brings it back), / filter as you type, C picks a side of a contact's
/// sync conflict, Esc closes.
func handleRecordsKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard var view = state[overlay: RecordsView.self] else { return [] }
    defer { if state[overlay: RecordsView.self] != nil { state[overlay: RecordsView.self] = view } }
    if view.filtering {
        switch key {
        case .escape: view.filter = ""; view.filtering = false
        case .enter: view.filtering = false
        case .backspace: if !view.filter.isEmpty { view.filter.removeLast() }
        case .text(let text): view.filter += Sanitizer.clean(text)
        case .up, .down: break
        default: return []
        }
        if key != .up && key != .down { view.selected = 0; return [] }
    }
    let last = max(0, view.visible.count - 1)
    switch key {
    case .escape, .text("q"): state[overlay: RecordsView.self] = nil
    case .up, .text("k"): view.selected = max(0, view.selected - 1)
    case .down, .text("j"): view.selected = min(last, view.selected + 1)
    case .home: view.selected = 0
    case .end: view.selected = last
    case .text("/"): view.filtering = true
    case .text("C") where view.kind == .contacts:
        return askConflictSide(&state, .contact, id: view.chosen?.id)
    case .text("a"): state[overlay: Form.self] = recordForm(view.kind == .contacts ? .contact(Contact(name: "")) : .note(Note(title: "")))
    case .text("e"):
        if let record = view.chosen { state[overlay: Form.self] = recordForm(record) }
    case .enter:
        guard let record = view.chosen else { return [] }
        if case .note(let note) = record, let id = note.id { return [.records(.editNoteText(id))] }
        state[overlay: Form.self] = recordForm(record)
    case .text("d"), .delete:
        guard let record = view.chosen else { return [] }
        view.trash = record
        return [.records(.delete(record))]
    case .text("u"):
        guard let record = view.trash else {
            state.notice = Notice(text: tr.records.nothingToRestore, kind: .info, expires: state.clock.addingTimeInterval(5))
            return []
        }
        view.trash = nil
        return [.records(.restore(record))]
    default: break
    }
    return []
}

/// The form that adds (no id) or edits a record.
func recordForm(_ record: Record) -> Form {
    let words = tr.records
    switch record {
    case .contact(let c):
        return Form(title: c.id == nil ? words.newContact : words.editContact, fields: [
            Form.Field(words.name, c.name, id: "Name"), Form.Field(words.email, c.email ?? "", id: "Email"),
            Form.Field(words.phone, c.phone ?? "", id: "Phone"), Form.Field(words.organization, c.organization ?? "", id: "Organization"),
            Form.Field(words.notes, c.notes, id: "Notes"),
        ], purpose: .record(record))
    case .note(let n):
        return Form(title: n.id == nil ? words.newNote : words.renameNote, fields: [Form.Field(words.title, n.title, id: "Title")],
                    purpose: .record(record))
    }
}

/// A submitted record form: the record with the form's text, or nil (an error shown) when the
/// name or title is empty.
func submitRecordForm(_ form: inout Form, _ record: Record) -> Record? {
    let first = Sanitized.oneLine(form.fields[0].text, max: 500)
    guard !first.isEmpty else {
        form.setError(form.fields[0].id, tr.records.needsName)
        return nil
    }
    func optional(_ id: String) -> String? { let t = Sanitized.oneLine(form.text(id), max: 500); return t.isEmpty ? nil : t }
    switch record {
    case .contact(var c):
        c.name = first; c.email = optional("Email"); c.phone = optional("Phone"); c.organization = optional("Organization")
        c.notes = Sanitizer.clean(form.text("Notes"))
        return .contact(c)
    case .note(var n):
        n.title = first
        return .note(n)
    }
}
