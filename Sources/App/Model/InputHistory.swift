import Foundation
import Storage
import Providers

/// The chat input's history as it lasts across runs (the `inputHistory` table): every line
/// sent, oldest first, with the conversation it was sent in. Loaded after the first frame
/// (`.inputHistoryLoaded`), grown by each line kept (`.inputRemembered`); the input's editor
/// walks `editorLines(for:)` of the open conversation. docs/keybindings.md, History.
struct InputHistory: Equatable {
    var lines: [InputHistoryLine] = []

    /// What Up walks and Ctrl-R searches in a conversation: the other conversations' lines
    /// first, then its own, so going back shows its own lines first and then everything else.
    func editorLines(for conversationId: Int64?) -> [String] {
        var others: [String] = [], own: [String] = []
        others.reserveCapacity(lines.count)
        for line in lines {
            if conversationId != nil, line.conversationId == conversationId { own.append(line.text) } else { others.append(line.text) }
        }
        if let last = others.last, own.first == last { others.removeLast() }
        return others + own
    }

    /// Whether a line sent may be kept: never one that was a key (`/keys …`, or a line holding
    /// something shaped like an API key, `Redactor`'s patterns).
    static func keeps(_ line: String) -> Bool {
        let command = line.trimmingCharacters(in: .whitespacesAndNewlines).split(whereSeparator: \.isWhitespace).first?.lowercased()
        if command == "/keys" || command == "/key" { return false }
        return Redactor.redact(line) == line
    }
}
