import Foundation
import GRDB
import Core

/// One result of searching everything (`AppDatabase.search`).
public struct SearchHit: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case userMessage, assistantMessage, toolResult, note
    }
    public var kind: Kind
    /// The conversation and message to open; nil for a note.
    public var conversationId: Int64?
    public var messageId: Int64?
    public var noteId: Int64?
    /// The conversation's title, or the note's.
    public var title: String
    public var date: Date
    /// The matched text around the words, the words between `SearchHit.highlight` marks.
    public var snippet: String

    public init(kind: Kind, conversationId: Int64? = nil, messageId: Int64? = nil, noteId: Int64? = nil, title: String, date: Date,
                snippet: String) {
        self.kind = kind; self.conversationId = conversationId; self.messageId = messageId; self.noteId = noteId
        self.title = title; self.date = date; self.snippet = snippet
    }

    /// Marks around the matched words: control characters, so no text can fake them; the parts
    /// are cleaned one by one (`snippetParts`) before they are drawn.
    public static let highlight = (open: "\u{2}", close: "\u{3}")

    /// The snippet cut at the marks, each part cleaned of control and escape sequences and put
    /// on one line: (text, is a match).
    public var snippetParts: [(text: String, match: Bool)] {
        var parts: [(String, Bool)] = []
        for (i, piece) in snippet.components(separatedBy: Self.highlight.open).enumerated() {
            let halves = piece.components(separatedBy: Self.highlight.close)
            let (matched, rest) = i == 0 || halves.count == 1 ? (nil, piece) : (halves[0], halves.dropFirst().joined())
            if let matched, !matched.isEmpty { parts.append((Self.oneLine(matched), true)) }
            if !rest.isEmpty { parts.append((Self.oneLine(rest), false)) }
        }
        return parts
    }

    /// Line breaks, tabs and runs of spaces become one space (a part keeps its edge spaces).
    private static func oneLine(_ text: String) -> String {
        Sanitizer.clean(text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression))
    }
}
