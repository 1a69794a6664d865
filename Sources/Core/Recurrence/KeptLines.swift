import Foundation

/// The iCalendar lines a task keeps in `extra` (Interop writes them back): each top-level
/// property alone, each BEGIN … END block whole. A top-level VEVENT or VTODO block there is a
/// changed occurrence of the series (an override, RECURRENCE-ID), named by the series' UID.
public enum KeptLines {
    public static func lines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    public static func chunks(_ text: String?) -> [[String]] {
        var chunks: [[String]] = []
        var depth = 0
        for line in lines(text) {
            let name = line.prefix { $0 != ":" && $0 != ";" }.uppercased()
            if depth == 0 { chunks.append([line]) } else { chunks[chunks.count - 1].append(line) }
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth = max(0, depth - 1) }
        }
        return chunks
    }

    /// A chunk that is an override block.
    public static func isOverride(_ chunk: [String]) -> Bool {
        guard chunk.count > 1, let first = chunk.first?.uppercased() else { return false }
        return first == "BEGIN:VEVENT" || first == "BEGIN:VTODO"
    }
}

extension TaskItem {
    /// This occurrence split off its series as a new item ("this one", "this and future"): the
    /// series' overrides (and the moves they made) stay with the series, whose UID they name.
    public var splitOffSeries: TaskItem {
        var copy = self
        let kept = KeptLines.chunks(extra).filter { !KeptLines.isOverride($0) }.flatMap { $0 }
        copy.extra = kept.isEmpty ? nil : kept.joined(separator: "\n")
        if let recurrence {
            copy.recurrence = KeptLines.lines(recurrence).filter { !RecurrenceSet.Moved.isLine($0.uppercased()) }.joined(separator: "\n")
        }
        return copy
    }
}
