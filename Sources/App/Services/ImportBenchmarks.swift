import Foundation
import Core
import Storage
import Interop

/// For `make bench`: `aihelper import --conversation` of many files, in-process, as the CLI
/// runs it (`ConversationImport.run`, one transaction, decoding ahead on other cores).
public enum ImportBenchmarks {
    public struct Outcome: Sendable {
        public var files: Int, messages: Int, bytes: Int
        /// Writing the files (not part of the import; zero when they were kept from a run
        /// before) and importing them into a new database.
        public var write: Duration, importing: Duration
    }

    /// Writes `files` conversations of `messages` messages each (every other answer with a
    /// tool call and its timeline) with the app's exporter into `folder` — once: the files are
    /// kept there for the next run (a stamp says they are complete; writing 10,000 takes over a
    /// minute) — and imports them all into a fresh database, removed afterwards.
    public static func conversationImport(files: Int, messages: Int = 50, folder: String) throws -> Outcome {
        let folderURL = URL(fileURLWithPath: folder, isDirectory: true)
        let stamp = folderURL.appendingPathComponent(".complete-\(files)x\(messages)").path
        let paths = (0..<files).map { folderURL.appendingPathComponent("c\($0).json").path }
        let clock = ContinuousClock()
        var write = Duration.zero
        if !FileManager.default.fileExists(atPath: stamp) {
            try? FileManager.default.removeItem(at: folderURL)
            try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
            write = try clock.measure {
                for (n, path) in paths.enumerated() {
                    try ConversationJSON(sample(n, messages: messages)).text().write(toFile: path, atomically: false, encoding: .utf8)
                }
            }
            _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        }
        let bytes = try paths.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        let database = try AppDatabase.temporary()
        let importing = try clock.measure { _ = try ConversationImport.run(paths, into: database, keepGoing: false) }
        return Outcome(files: files, messages: files * messages, bytes: bytes, write: write, importing: importing)
    }

    /// A conversation as the app stores one: questions, answers of a few sentences, tool calls.
    static func sample(_ n: Int, messages: Int) -> ConversationRecords {
        let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(n) * 3_600)
        var records = ConversationRecords(conversation: Conversation(id: Int64(n + 1), title: "Planning week \(n)", provider: "offline",
                                                                     model: "offline-assistant", createdAt: start, updatedAt: start),
                                          messages: [])
        for i in 0..<messages {
            let id = Int64(i + 1), at = start.addingTimeInterval(Double(i) * 30)
            let user = i % 2 == 0
            let content = user
                ? "Can you move the budget review \(n)-\(i) to Thursday and remind me about the dentist?"
                : String(repeating: "Done: the budget review is on Thursday at 10:00, and a reminder is set for the dentist. ", count: 3)
                    + "Anything else for week \(n)?"
            records.messages.append(Message(id: id, conversationId: 0, role: user ? .user : .assistant, content: content,
                                            provider: user ? nil : "offline", model: user ? nil : "offline-assistant",
                                            inputTokens: user ? nil : 420, outputTokens: user ? nil : 60, createdAt: at, updatedAt: at))
            guard !user, i % 4 == 1 else { continue }
            records.toolCalls[id] = [ToolCallRecord(messageId: id, callId: "call_\(i)", name: "update_task",
                                                    arguments: #"{"title":"Budget review","date":"thursday"}"#,
                                                    result: "Moved “Budget review” to Thursday 10:00.", createdAt: at)]
            records.steps[id] = [
                TimelineStep(messageId: id, position: 0, kind: .modelCall, title: "model call 1", detail: "420 tokens in · 60 out",
                             status: .done, startedAt: at, duration: 0.4),
                TimelineStep(messageId: id, position: 1, kind: .toolCall, title: "update_task", detail: "title: Budget review",
                             callId: "call_\(i)", status: .done, startedAt: at, duration: 0.003),
            ]
        }
        return records
    }
}
