import Foundation
import ArgumentParser
import Core
import Storage
import Interop
import App

/// `aihelper export --conversation ID --md|--json` and `aihelper import --conversation FILE.json`.
enum ConversationFiles {
    /// The text to write and what it holds, for the "Exported …" line.
    static func export(_ id: Int64, markdown: Bool, from database: AppDatabase) throws -> (text: String, summary: String) {
        // Markdown names the pictures only: their bytes are not read.
        guard let records = try database.conversationRecords(id: id, imageBytes: !markdown) else {
            throw fail("there is no conversation \(id); the ids are shown in the conversation list (Ctrl-O in the app)", code: 2)
        }
        let text = markdown ? ConversationMarkdown.write(records, timeZone: .current) : try ConversationJSON(records).text()
        return (text, "conversation \(id) (\(Counted.noun(records.messages.count, "message")))")
    }

    /// All files in one transaction (`ConversationImport`): a bad one stops the run and nothing
    /// is kept (exit 2), unless `keepGoing`: then the bad ones are listed at the end and the exit
    /// code is 3 (`ImportCommand.skippedFiles`).
    static func importFiles(_ files: [String], keepGoing: Bool, global: GlobalOptions) throws {
        let database = try CLIData.open(global)
        var progress = ImportCommand.progress(total: files.count, noun: "files")
        let outcome: ConversationImport.Outcome
        do {
            outcome = try ConversationImport.run(files, into: database, keepGoing: keepGoing) { progress.update($0) }
            progress.finish()
        } catch let failure as ImportFailure {
            progress.finish()
            throw fail(failure.text + "\n  Nothing was imported.", code: failure.kind == .database ? 1 : 2)
        }
        for stored in outcome.stored {
            Output.line("Imported “\(stored.conversation.title)” as conversation \(stored.conversation.id ?? 0) "
                        + "(\(Counted.noun(stored.messages, "message"))).")
        }
        try ImportCommand.listSkipped(outcome.failures.map(\.line), imported: outcome.stored.count, noun: "conversation")
    }
}
