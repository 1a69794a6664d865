import Foundation
import ArgumentParser
import Core
import Storage

/// `aihelper contacts | notes | note add`: the address book and the notes the assistant's tools
/// keep, for scripts (docs/tools.md). Lines are cleaned by `Output`; `--json` is escaped.
struct ContactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "contacts", abstract: "Print the contacts, by name.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "Only contacts whose name, email, phone or organization contains this.") var search: String?
    @Flag(name: .long, help: "Print JSON: an array of contacts.") var json = false

    func run() async throws {
        let contacts = try CLIData.open(global).searchContacts(search ?? "")
        printRecords(contacts, json: json, shape: ContactJSON.init, none: search == nil ? "No contacts." : "No contact matches “\(search!)”.") {
            ([$0.name] + [$0.email, $0.phone, $0.organization].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: " · ")
        }
    }
}

struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notes", abstract: "Print the notes, by title, each with its first line.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "Only notes whose title or text contains this.") var search: String?
    @Flag(name: .long, help: "Print JSON: an array of notes with their whole text.") var json = false

    func run() async throws {
        let notes = try CLIData.open(global).searchNotes(search ?? "")
        printRecords(notes, json: json, shape: NoteJSON.init, none: search == nil ? "No notes." : "No note matches “\(search!)”.") { note in
            let first = note.body.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return first.isEmpty ? note.title : note.title + " — " + first
        }
    }
}

/// `aihelper note add TITLE [--text TEXT | --text -]`.
struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Add a note.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a note with a title and, optionally, its text.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The note's title.") var title: [String]
        @Option(name: .long, help: ArgumentHelp("The note's text; - reads it from standard input.", valueName: "text")) var text: String?

        func run() async throws {
            let heading = Sanitizer.clean(title.joined(separator: " ")).trimmingCharacters(in: .whitespaces)
            guard !heading.isEmpty else { throw fail("a note needs a title: aihelper note add Groceries --text \"milk, eggs\"", code: 2) }
            var body = text ?? ""
            if body == "-" { body = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
            let note = try CLIData.open(global).insertNote(Note(title: heading, body: Sanitizer.clean(body)))
            Output.line("Added note: \(note.title)")
        }
    }
}

/// Records as JSON in `shape`, or one cleaned line each, or `none` when there are none.
func printRecords<R, J: Encodable>(_ records: [R], json: Bool, shape: (R) -> J, none: String, line: (R) -> String) {
    if json { return CLIData.printJSON(records.map(shape)) }
    if records.isEmpty { return Output.line(none) }
    for record in records { Output.line(line(record)) }
}

/// A contact in `aihelper contacts --json`.
struct ContactJSON: Encodable {
    let id: Int64?, name: String, email: String?, phone: String?, organization: String?, groups: String?, notes: String
    init(_ c: Contact) {
        id = c.id; name = c.name; email = c.email; phone = c.phone; organization = c.organization; groups = c.groups; notes = c.notes
    }
}

/// A note in `aihelper notes --json`.
struct NoteJSON: Encodable {
    let id: Int64?, title: String, text: String, updated: Date
    init(_ n: Note) { id = n.id; title = n.title; text = n.body; updated = n.updatedAt }
}
