import Foundation
import ArgumentParser
import Core
import Storage
import Interop
import App

/// `aihelper import FILE` and `aihelper export --ics|--vcf|--md|--json [FILE]` (docs/interop.md);
/// with `--conversation`, conversations (docs/conversations.md, ConversationFiles).
/// Exit codes: 0 done; 1 the database (or the output file) could not be used; 2 bad arguments
/// or a file that cannot be read or is malformed (nothing imported); 3 with --keep-going, some
/// files were skipped (listed on stderr) and the others imported.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import tasks and todos from an iCalendar file (.ics), contacts from a vCard file (.vcf), or conversations (--conversation).",
        discussion: """
        Items whose UID is already stored are updated, never duplicated. All the files are one \
        transaction and one change (undo it in the app): a file that cannot be read or is malformed \
        stops the import, nothing of the run is kept, and the error names the file and line (exit code 2). \
        With --keep-going the bad files are skipped and listed at the end, the others are imported, \
        and the exit code is 3. With --conversation, each JSON file written by \
        `export --conversation ID --json` becomes a new conversation. A long import shows its \
        progress on stderr.
        """)

    /// The exit code of an import that skipped files (--keep-going).
    static let skippedFiles: Int32 = 3

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "The files are conversations exported with `export --conversation ID --json`.") var conversation = false
    @Flag(name: .long, help: "Skip the files that cannot be read or are malformed, import the others, list the skipped ones at the end (exit code 3).")
    var keepGoing = false
    @Argument(help: ArgumentHelp("The .ics or .vcf files (several: one import; a todoman or khal folder's files).",
                                 valueName: "file")) var files: [String]

    func run() async throws {
        if conversation { return try ConversationFiles.importFiles(files, keepGoing: keepGoing, global: global) }
        var skipped: [String] = []
        var calendars: [(name: String, data: Data)] = [], cards: [(name: String, data: Data)] = []
        for file in files {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                let reason = "cannot read it: \(error.localizedDescription)"
                if keepGoing { skipped.append(Sanitizer.clean("\(file): \(reason)")); continue }
                throw fail(Sanitizer.clean("\(file): \(reason); check the path and its permissions. Nothing was imported."), code: 2)
            }
            switch FileKind(path: file, data: data) {
            case .calendar: calendars.append((file, data))
            case .vcard: cards.append((file, data))
            case nil:
                let reason = "neither an iCalendar nor a vCard file (no BEGIN:VCALENDAR or BEGIN:VCARD)"
                if keepGoing { skipped.append(Sanitizer.clean("\(file): \(reason)")); continue }
                throw fail(Sanitizer.clean("\(file) is \(reason); import .ics or .vcf files. Nothing was imported."), code: 2)
            }
        }
        // The cards are read before anything is stored: one bad file imports nothing (or, with
        // --keep-going, is left out). The calendars are stored as they are read, in one
        // transaction that an error anywhere in them rolls back.
        var contacts: [Contact] = [], cardsRead = 0
        for card in cards {
            do { contacts += try VCard.read(card.data); cardsRead += 1 } catch var error as InteropError {
                error.file = card.name
                if keepGoing { skipped.append(Self.describe(error, file: card.name)); continue }
                throw failure(error)
            }
        }
        if !calendars.isEmpty {
            var progress = Self.progress(total: ICalendar.estimatedItems(calendars), noun: "items")
            defer { progress.finish() }
            if let (counts, notes) = try streamCalendars(calendars, progress: &progress) {
                report(counts, notes: notes, names: calendars.map(\.name))
            } else if let contents = try readCalendars(&calendars, skipped: &skipped) {
                // A UID twice, only to-dos, or an error with --keep-going: read whole, then store.
                let counts = try stored {
                    try $0.importCalendar(tasks: contents.tasks, todos: contents.todos,
                                          subtasks: contents.subtasks.map { ($0.subtask, $0.todoUID, $0.parentUID) },
                                          label: label(calendars.map(\.name))) { progress.update($0) }
                }
                report(counts, notes: contents.notes, names: calendars.map(\.name))
            }
        }
        if cardsRead > 0 {
            let counts = try stored { try $0.importContacts(contacts) }
            Output.line("Imported \(Counted.noun(counts.contacts, "contact"))" + changes(counts) + ".")
        }
        try Self.listSkipped(skipped, imported: files.count - skipped.count, noun: "file")
    }

    /// The calendars stored as they are read (`ICalendar.stream` into the database's
    /// `importCalendar(label:reading:)`); nil when they must be read whole first (nothing kept).
    private func streamCalendars(_ calendars: [(name: String, data: Data)], progress: inout ImportProgress) throws -> (ImportCounts, [String])? {
        let database: AppDatabase
        do { database = try CLIData.open(global) } catch { throw fail("\(error) Nothing was imported.", code: 1) }
        var notes: [String] = []
        do {
            let counts = try database.importCalendar(label: label(calendars.map(\.name)), progress: { progress.update($0) }) { store in
                let rest = try ICalendar.stream(files: calendars, zone: .current, store: store, replace: { _, _ in throw ReadWholeFirst() })
                notes = rest.notes
                return (rest.todos, rest.subtasks.map { ($0.subtask, $0.todoUID, $0.parentUID) })
            }
            return (counts, notes)
        } catch is ReadWholeFirst {
            return nil
        } catch let error as InteropError {
            if keepGoing { return nil }  // read again whole, leaving the bad files out
            throw failure(error)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw fail("\(error) Nothing was imported.", code: 1)
        }
    }

    /// The notes (what was skipped or guessed) on stderr, then the summary.
    private func report(_ counts: ImportCounts, notes: [String], names: [String]) {
        for note in notes { Output.note("aihelper: \(names.count == 1 ? names[0] + ": " : "")\(note)") }
        Output.line("Imported \(Counted.noun(counts.tasks, "task")), \(Counted.noun(counts.todos, "todo")) (\(Counted.noun(counts.subtasks, "subtask")))"
                    + changes(counts) + ".")
    }

    /// The undo entry's name.
    private func label(_ names: [String]) -> String {
        "import " + (names.count == 1 ? URL(fileURLWithPath: names[0]).lastPathComponent : "\(names.count) files")
    }

    /// The calendars read as one; with --keep-going a file that fails is left out and the rest
    /// read again. Nil when there are none (left).
    private func readCalendars(_ calendars: inout [(name: String, data: Data)], skipped: inout [String]) throws -> ICalendarContents? {
        while !calendars.isEmpty {
            do { return try ICalendar.read(files: calendars, zone: .current) } catch let error as InteropError {
                let file = error.file ?? calendars[0].name
                guard keepGoing, calendars.contains(where: { $0.name == file }) else { throw failure(error) }
                skipped.append(Self.describe(error, file: file))
                calendars.removeAll { $0.name == file }
            }
        }
        return nil
    }

    /// "FILE:LINE: what", cleaned: the message may quote the file.
    static func describe(_ error: InteropError, file: String) -> String {
        Sanitizer.clean(file + (error.place.map { ":" + $0 } ?? "") + ": " + error.message)
    }

    /// A malformed file is exit code 2 with "FILE:LINE: what — what to do".
    private func failure(_ error: InteropError) -> ExitCode {
        fail(Self.describe(error, file: error.file ?? files[0]) + Sanitizer.clean("\n  \(error.hint).\n  Nothing was imported."), code: 2)
    }

    private func stored(_ write: (AppDatabase) throws -> ImportCounts) throws -> ImportCounts {
        let database = try CLIData.open(global)
        do { return try write(database) } catch { throw fail("\(error) Nothing was imported.", code: 1) }
    }

    private func changes(_ counts: ImportCounts) -> String {
        (counts.updated > 0 ? ", updated \(counts.updated)" : "") + (counts.unchanged > 0 ? ", \(counts.unchanged) unchanged" : "")
    }

    /// The files --keep-going skipped, on stderr after the summary; exit code 3 when there are any.
    static func listSkipped(_ lines: [String], imported: Int, noun: String) throws {
        guard !lines.isEmpty else { return }
        Output.note("aihelper: skipped \(Counted.noun(lines.count, "file")) (imported \(Counted.noun(imported, noun))):")
        for line in lines { Output.note("  " + line) }
        throw ExitCode(skippedFiles)
    }

    /// Progress on stderr for a long import (`ImportProgress`); `AIHELPER_PROGRESS_MS` sets when.
    static func progress(total: Int, noun: String) -> ImportProgress {
        ImportProgress(total: total, noun: noun, terminal: isatty(STDERR_FILENO) == 1,
                       timing: .from(ProcessInfo.processInfo.environment)) { Output.write($0, to: STDERR_FILENO) }
    }
}

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write tasks and todos as iCalendar, Markdown or JSON, contacts as vCard, or one conversation.",
        discussion: """
        Without FILE, or with -, the export goes to standard output. Tasks and todos are both exported unless \
        --tasks or --todos picks one. --conversation ID writes that conversation as Markdown (--md) or JSON (--json).
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "iCalendar: tasks as VEVENT, todos and subtasks as VTODO.") var ics = false
    @Flag(name: .long, help: "vCard 4.0: the contacts.") var vcf = false
    @Flag(name: .long, help: "Markdown: tasks by day, todos as checklists.") var md = false
    @Flag(name: .long, help: "JSON: {\"tasks\": [...], \"todos\": [...]}.") var json = false
    @Flag(name: .long, help: "Only the tasks.") var tasks = false
    @Flag(name: .long, help: "Only the todos.") var todos = false
    @Option(name: .long, help: ArgumentHelp("One conversation, with its tool calls and timeline (--md or --json).", valueName: "id"))
    var conversation: Int64?
    @Argument(help: ArgumentHelp("Where to write (default: standard output).", valueName: "file")) var file: String?

    func run() async throws {
        let formats = [ics, vcf, md, json].filter { $0 }.count
        guard formats == 1 else { throw fail("choose one format: --ics, --vcf, --md or --json", code: 2) }
        if vcf && (tasks || todos) { throw fail("--vcf exports contacts: --tasks and --todos do not apply", code: 2) }
        if conversation != nil && (ics || vcf || tasks || todos) {
            throw fail("--conversation is written as --md or --json; --ics, --vcf, --tasks and --todos do not apply", code: 2)
        }
        let database = try CLIData.open(global)
        let both = !tasks && !todos
        let text: String
        let summary: String
        do {
            if let conversation {
                (text, summary) = try ConversationFiles.export(conversation, markdown: md, from: database)
            } else if vcf {
                let contacts = try database.allContacts()
                text = VCard.write(contacts)
                summary = Counted.noun(contacts.count, "contact")
            } else {
                let taskList = tasks || both ? try database.allTasks() : nil
                let todoList = todos || both ? try database.todoTrees() : nil
                summary = [taskList.map { Counted.noun($0.count, "task") }, todoList.map { Counted.noun($0.count, "todo") }]
                    .compactMap { $0 }.joined(separator: ", ")
                if ics { text = ICalendar.write(tasks: taskList ?? [], todos: todoList ?? [], zone: .current) }
                else if md { text = MarkdownExport.write(tasks: taskList, todos: todoList) }
                else { text = try ExportJSON.prettyText(ExportJSON(tasks: taskList, todos: todoList)) + "\n" }
            }
        } catch let exit as ExitCode { throw exit } catch { throw fail("\(error)", code: 1) }
        // Every writer cleans what it writes (Markdown, .ics and .vcf) or escapes it (JSON), for
        // stdout and files alike, the app's /export too.
        guard let file, file != "-" else { return Output.verbatim(text) }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
            throw fail("cannot write \(file): \(error.localizedDescription); check the folder exists and is writable", code: 1)
        }
        Output.note("Exported \(summary) to \(file).")
    }
}

/// Which reader a file needs: by its extension, else by its first BEGIN line.
enum FileKind {
    case calendar, vcard

    init?(path: String, data: Data) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "ics", "ical", "icalendar": self = .calendar
        case "vcf", "vcard": self = .vcard
        default:
            let head = String(decoding: data.prefix(4096), as: UTF8.self).uppercased()
            if head.contains("BEGIN:VCALENDAR") { self = .calendar } else if head.contains("BEGIN:VCARD") { self = .vcard } else { return nil }
        }
    }
}
