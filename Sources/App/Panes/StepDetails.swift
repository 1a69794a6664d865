import Synchronization
import Core
import Markdown
import Terminal

/// A timeline step's detail as lines for a width, for the timeline view (Ctrl-T) and an
/// answer's opened steps (Enter). A thought is the model's reasoning, written in Markdown like
/// its answers, so it is laid out as Markdown; tool arguments, results and errors are data
/// and stay plain, wrapped. Both views are drawn every frame while shown, so each detail is
/// laid out once per step, width and language (a layout holds catalog words) and again only
/// when it changes (a thought grows while it streams).
enum StepDetails {
    private struct Key: Hashable {
        var messageId: Int64, position: Int, width: Int, language: Language
        /// The entry holds only the start of the detail (`firstLine`).
        var preview = false
    }
    private struct Entry { var detail: String; var lines: [MarkdownLine] }
    /// Entries of the steps drawn lately, emptied when they grow past `limit` (a view shows one
    /// answer's steps, at one or two widths); how many details were laid out (for tests).
    private struct Cache { var entries: [Key: Entry] = [:]; var layouts = 0 }
    private static let cache = Mutex(Cache())
    static let limit = 512

    static var layouts: Int { cache.withLock { $0.layouts } }

    static func isMarkdown(_ step: TimelineStep) -> Bool { step.kind == .thought || step.kind == .answer }

    /// The detail's lines at `width`, in style names (`stepDetail` for plain text).
    static func lines(_ step: TimelineStep, width: Int) -> [MarkdownLine] {
        let key = Key(messageId: step.messageId, position: step.position, width: max(1, width), language: tr.language)
        return cached(key, step.detail, markdown: isMarkdown(step))
    }

    /// How much of a thought its step line lays out: a long thought streaming in under an
    /// answer costs a small layout per frame, not one of the whole thought.
    static let previewLength = 512

    /// The first line of the detail as drawn (a thought without `**` or `#`), for the step's
    /// line; of a thought only the start, up to its first blank line, is laid out.
    static func firstLine(_ step: TimelineStep, width: Int) -> String {
        guard isMarkdown(step) else {
            return Sanitizer.clean(step.detail.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "")
        }
        let start = step.detail.prefix(previewLength)
        let head = start.range(of: "\n\n").map { String(start[..<$0.lowerBound]) } ?? String(start)
        let key = Key(messageId: step.messageId, position: step.position, width: max(1, width), language: tr.language, preview: true)
        return cached(key, head, markdown: true).first { !$0.runs.isEmpty }?.text ?? ""
    }

    private static func cached(_ key: Key, _ detail: String, markdown: Bool) -> [MarkdownLine] {
        if let hit = cache.withLock({ $0.entries[key] }), hit.detail.utf8.count == detail.utf8.count, hit.detail == detail {
            return hit.lines
        }
        let lines = layout(detail, markdown: markdown, width: key.width)
        cache.withLock { cache in
            if cache.entries.count >= limit { cache.entries.removeAll() }
            cache.entries[key] = Entry(detail: detail, lines: lines)
            cache.layouts += 1
        }
        return lines
    }

    private static func layout(_ detail: String, markdown: Bool, width: Int) -> [MarkdownLine] {
        if markdown {
            return MarkdownLayout.lines(MarkdownParser.parse(detail), width: width, base: .stepDetail)
        }
        let text = Sanitizer.clean(detail)
        guard !text.isEmpty else { return [] }
        return Wrap.lines(text, width: width).map { MarkdownLine([MarkdownRun($0, [.stepDetail])]) }
    }
}
