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
    private struct Key: Hashable { var messageId: Int64; var position: Int; var width: Int; var language: Language }
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
        if let hit = cache.withLock({ $0.entries[key] }), hit.detail.utf8.count == step.detail.utf8.count, hit.detail == step.detail {
            return hit.lines
        }
        let lines = layout(step.detail, markdown: isMarkdown(step), width: key.width)
        cache.withLock { cache in
            if cache.entries.count >= limit { cache.entries.removeAll() }
            cache.entries[key] = Entry(detail: step.detail, lines: lines)
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
