import Foundation
import ArgumentParser
import Core
import Storage

/// `aihelper search QUERY [--json] [--limit N] [--conversation ID]`: the TUI's search
/// (Ctrl-\) for scripts, best first — docs/conversations.md, Search.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search every message, tool result and note, best first.",
        discussion: "Each word must occur, as a word or the start of one; full-text syntax is plain text.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The words to search for.") var words: [String]
    @Flag(name: .long, help: "Print JSON: an array of results.") var json = false
    @Option(name: .long, help: "At most this many results (default 20).") var limit = 20
    @Option(name: .long, help: ArgumentHelp("Only this conversation's messages and tool results.", valueName: "id"))
    var conversation: Int64?

    func run() async throws {
        guard limit > 0 else { throw fail("--limit must be at least 1", code: 2) }
        let database = try CLIData.open(global)
        if let conversation, try database.conversation(id: conversation) == nil {
            throw fail("no conversation #\(conversation)", code: 2)
        }
        let query = words.joined(separator: " ")
        var hits: [SearchHit] = [], cursor: SearchCursor? = .start
        do {
            while let from = cursor, hits.count < limit {
                let page = try await database.searchPage(query, from: from, limit: min(limit - hits.count, 200), conversationId: conversation)
                hits += page.hits
                cursor = page.next
            }
        } catch {
            throw fail("the search could not run", code: 1)
        }
        printRecords(hits, json: json, shape: SearchHitJSON.init, none: "Nothing found for “\(query)”.") { hit in
            [hit.conversationId.map { "#\($0) \(hit.title)" } ?? "note #\(hit.noteId ?? 0) \(hit.title)",
             SearchHitJSON.localTime.string(from: hit.date), SearchHitJSON.role(hit.kind), SearchHitJSON.plain(hit)].joined(separator: " · ")
        }
    }
}

/// A result in `aihelper search --json`.
struct SearchHitJSON: Encodable {
    let conversationId: Int64?, conversationTitle: String?, messageId: Int64?, noteId: Int64?, noteTitle: String?
    /// user, assistant, tool or note.
    let role: String
    /// ISO 8601, UTC.
    let date: String
    /// The text around the first match, on one line.
    let snippet: String

    init(_ hit: SearchHit) {
        conversationId = hit.conversationId; messageId = hit.messageId; noteId = hit.noteId
        conversationTitle = hit.conversationId == nil ? nil : hit.title
        noteTitle = hit.noteId == nil ? nil : hit.title
        role = Self.role(hit.kind)
        date = ISO8601DateFormatter().string(from: hit.date)
        snippet = Self.plain(hit)
    }

    static func role(_ kind: SearchHit.Kind) -> String {
        switch kind {
        case .userMessage: return "user"
        case .assistantMessage: return "assistant"
        case .toolResult: return "tool"
        case .note: return "note"
        }
    }

    /// The snippet without its match marks, cleaned and on one line.
    static func plain(_ hit: SearchHit) -> String { hit.snippetParts.map(\.text).joined() }

    static let localTime: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()
}
