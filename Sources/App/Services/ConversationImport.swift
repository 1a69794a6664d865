import Foundation
import Core
import Storage
import Interop

/// A file an import could not take, and why, as "FILE:LINE:COLUMN: reason" (cleaned of
/// control and escape sequences: the reason may quote the file).
public struct ImportFailure: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file could not be read, or is not a conversation file (exit code 2).
        case unreadable, malformed
        /// The database refused the rows (exit code 1).
        case database
    }

    public var kind: Kind
    public var file: String
    /// "12" or "12:5"; nil when the problem is the whole file.
    public var place: String?
    public var reason: String
    public var hint: String

    public init(kind: Kind, file: String, place: String? = nil, reason: String, hint: String = "") {
        self.kind = kind; self.file = file; self.place = place; self.reason = reason; self.hint = hint
    }

    /// "FILE:12:5: reason" on one line.
    public var line: String {
        Sanitizer.clean(file + (place.map { ":" + $0 } ?? "") + ": " + reason)
    }

    /// The line and, under it, what to do.
    public var text: String {
        hint.isEmpty ? line : line + "\n  " + Sanitizer.clean(hint) + "."
    }
}

/// `aihelper import --conversation FILE...`: every file read, checked and stored in ONE
/// transaction (prepared statements, the full-text index filled in bulk at the end:
/// `AppDatabase.importingConversations`). Files are decoded a few ahead on other cores
/// (`OrderedPrefetch`) and stored in order, so memory stays flat whatever their number.
///
/// A bad file stops the run and nothing of it is kept; with `keepGoing` it is listed and
/// skipped, and the good ones are kept.
public enum ConversationImport {
    public struct Stored: Sendable {
        public var file: String
        public var conversation: Conversation
        public var messages: Int
    }

    public struct Outcome: Sendable {
        public var stored: [Stored] = []
        /// The files skipped (only with `keepGoing`), in the order given.
        public var failures: [ImportFailure] = []
    }

    /// Imports `files`; `progress` is told how many are through after each. Throws the first
    /// `ImportFailure` (nothing stored) unless `keepGoing`.
    public static func run(_ files: [String], into database: AppDatabase, keepGoing: Bool,
                           progress: (Int) -> Void = { _ in }) throws -> Outcome {
        // Reading and decoding (most of the work) run ahead on other cores while this thread stores.
        let decoded = OrderedPrefetch(count: files.count) { index in
            Result { try read(files[index]).records }.mapError { $0 as? ImportFailure ?? ImportFailure(kind: .malformed, file: files[index],
                                                                                                       reason: "\($0)") }
        }
        defer { decoded.stop() }
        do {
            return try database.importingConversations { writer in
                var outcome = Outcome()
                for (index, file) in files.enumerated() {
                    defer { progress(index + 1) }
                    do {
                        let records = try decoded.next()!.get()
                        let conversation: Conversation
                        do { conversation = try writer.store(records) } catch {
                            throw ImportFailure(kind: .database, file: file, reason: "\(error)")
                        }
                        outcome.stored.append(Stored(file: file, conversation: conversation, messages: records.messages.count))
                    } catch let failure as ImportFailure where keepGoing {
                        outcome.failures.append(failure)
                    }
                }
                return outcome
            }
        } catch let failure as ImportFailure {
            throw failure
        } catch {
            throw ImportFailure(kind: .database, file: files.count == 1 ? files[0] : "the database", reason: "\(error)")
        }
    }

    /// One file read and checked.
    static func read(_ file: String) throws -> ConversationJSON {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw ImportFailure(kind: .unreadable, file: file, reason: "cannot read it: \(error.localizedDescription)",
                                hint: "check the path and its permissions")
        }
        do { return try ConversationJSON.read(data) } catch let error as InteropError {
            throw ImportFailure(kind: .malformed, file: file, place: error.place, reason: error.message, hint: error.hint)
        }
    }
}
