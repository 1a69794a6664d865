import Foundation
import Core

/// What VEVENT and VTODO share: UID, SUMMARY, DESCRIPTION, STATUS, PRIORITY numbers and the
/// `extra` lines (every property and nested block the mapping does not use, kept verbatim).
enum PropertyMapping {
    /// Properties regenerated on export rather than kept: DTSTAMP is "when this copy was written".
    static let regenerated: Set<String> = ["DTSTAMP"]

    /// The component's UID; a file without one (calcurse's default export) gets a UID made from
    /// the kind, title and start, so importing the same file again updates instead of duplicating.
    static func uid(of component: Component) -> String {
        if let uid = component.first("UID")?.value.trimmedSpaces, !uid.isEmpty { return uid }
        let key = [component.name] + ["SUMMARY", "DTSTART", "DUE", "RRULE"].map { component.first($0)?.value ?? "" }
        return "aihelper-" + stableHash(key.joined(separator: "\u{1F}"))
    }

    /// FNV-1a, 64 bits, twice with different seeds: a stable 32-hex-digit name (not a secret).
    static func stableHash(_ text: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            return hash
        }
        return String(format: "%016llx%016llx", fnv(0xcbf29ce484222325), fnv(0x84222325cbf29ce4))
    }

    static func text(_ line: ContentLine?) -> String? { line.map { ContentText.unescape($0.value) } }

    /// RFC 5545 PRIORITY: 1–4 high, 5 medium, 6–9 low, 0 or missing none.
    static func priority(_ number: Int) -> Priority {
        switch number {
        case 1...4: return .high
        case 5: return .medium
        case 6...9: return .low
        default: return .none
        }
    }

    /// high 1, medium 5, low 9; none writes no PRIORITY.
    static func number(_ priority: Priority) -> Int? {
        switch priority {
        case .high: return 1
        case .medium: return 5
        case .low: return 9
        case .none: return nil
        }
    }

    /// One of the app's categories when `text` names it in any case; otherwise `text` as written.
    static func category(_ text: String) -> String {
        if TaskCategory(rawValue: text) != nil { return text }  // as written, the common case: no compare per category
        return TaskCategory.allCases.first { $0.rawValue.caseInsensitiveCompare(text) == .orderedSame }?.rawValue ?? text
    }

    /// The raw line of a kept top-level property named `name` in `extra`, if any (never one
    /// inside a kept block: an alarm's or an override's DTSTART is not the item's).
    static func keptLine(_ name: String, in extra: String?) -> ContentLine? {
        keptChunks(extra).lazy.filter { $0.count == 1 }.compactMap { try? ContentLine(parsing: $0[0], line: 0) }.first { $0.name == name }
    }

    static func keptLines(_ extra: String?) -> [String] { KeptLines.lines(extra) }

    /// The kept lines, each top-level property alone and each BEGIN … END block whole.
    static func keptChunks(_ extra: String?) -> [[String]] { KeptLines.chunks(extra) }

    /// The kept lines of `extra` minus the top-level properties named in `dropping` and the kept
    /// overrides (`RecurrenceOverrides`, written after the item); blocks inside are never dropped.
    /// `droppingBlock` drops kept blocks too (an alarm the app now writes itself).
    static func keptLines(_ extra: String?, dropping names: Set<String>, droppingBlock: ([String]) -> Bool = { _ in false }) -> [String] {
        keptChunks(extra).filter { chunk in
            if chunk.count > 1 { return !KeptLines.isOverride(chunk) && !droppingBlock(chunk) }
            return !names.contains(chunk[0].prefix { $0 != ":" && $0 != ";" }.uppercased())
        }.flatMap { $0 }
    }

    static func joinedExtra(_ lines: [String]) -> String? { lines.isEmpty ? nil : lines.joined(separator: "\n") }

    /// The task's STATUS line on export: COMPLETED when done, otherwise the kept one (e.g.
    /// TENTATIVE, IN-PROCESS) or `open`.
    static func statusLine(completed: Bool, extra: String?, open: String?) -> String? {
        if completed { return "STATUS:COMPLETED" }
        if let kept = keptLine("STATUS", in: extra), kept.value.uppercased() != "COMPLETED" { return kept.raw }
        return open.map { "STATUS:" + $0 }
    }
}
