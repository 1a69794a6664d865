import Foundation
import ArgumentParser
import Core
import Storage
import Interop

/// `aihelper export --conversation ID --md|--json` and `aihelper import --conversation FILE.json`.
enum ConversationFiles {
    /// The text to write and what it holds, for the "Exported …" line.
    static func export(_ id: Int64, markdown: Bool, from database: AppDatabase) throws -> (text: String, summary: String) {
        guard let records = try database.conversationRecords(id: id) else {
            throw fail("there is no conversation \(id); the ids are shown in the conversation list (Ctrl-O in the app)", code: 2)
        }
        let text = markdown ? ConversationMarkdown.write(records, timeZone: .current) : try ConversationJSON(records).text()
        return (text, "conversation \(id) (\(Counted.noun(records.messages.count, "message")))")
    }

    /// Every file is read and checked before anything is stored: one bad file imports nothing.
    static func importFiles(_ files: [String], global: GlobalOptions) throws {
        var parsed: [ConversationJSON] = []
        for file in files {
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
                throw fail("cannot read \(file): \(error.localizedDescription); check the path and its permissions. Nothing was imported.", code: 2)
            }
            do { parsed.append(try ConversationJSON.read(data)) } catch let error as InteropError {
                throw fail(Sanitizer.clean("\(file): \(error.message)\n  \(error.hint).\n  Nothing was imported."), code: 2)
            }
        }
        let database = try CLIData.open(global)
        do {
            let stored = try database.importConversations(parsed.map(\.records))
            for (conversation, file) in zip(stored, parsed) {
                Output.line("Imported “\(conversation.title)” as conversation \(conversation.id ?? 0) "
                            + "(\(Counted.noun(file.messages.count, "message"))).")
            }
        } catch { throw fail("\(error) Nothing was imported.", code: 1) }
    }
}
