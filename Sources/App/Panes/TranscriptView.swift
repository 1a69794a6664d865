import Foundation
import Core
import Terminal
import Storage

/// A line of styled text.
struct StyledLine {
    var segments: [(text: String, style: Style)]
    /// A blank row kept for that picture's inline preview (`PreviewRow`).
    var preview: PreviewRow?
    init(_ segments: [(text: String, style: Style)]) { self.segments = segments }
    init(_ text: String, _ style: Style) { self.segments = [(text, style)] }
}

/// Lays out messages as lines and caches the wrapped text per message and width, so a
/// frame costs the same with 10 or 10,000 messages: only what is visible is drawn, and
/// only the streaming message is wrapped again.
final class TranscriptView {
    private struct Key: Hashable { var id: Int64; var width: Int }
    private struct Entry {
        var length: Int
        var status: MessageStatus
        var cleaned: String
        /// The content needed no cleaning (`cleaned` is the content itself).
        var wasClean: Bool
        var lines: [String]
    }
    private var cache: [Key: Entry] = [:]
    private let answers = AnswerLayouts()
    /// Messages laid out by the last draw: bounded by the view, never by the history.
    private(set) var messagesVisited = 0
    /// `render_markdown`: answers drawn as Markdown, or as wrapped plain text (their source).
    private var rendersMarkdown = true
    /// Inline previews on: rows kept under each picture's placeholder.
    private var previews: ImagePreviews?

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Draws the transcript bottom-up into `rect` at the scroll position in `view` (which takes
    /// a new `chat.scroll` request first, and is clamped here); answers as Markdown unless
    /// `markdown` is false (`render_markdown = false`).
    func draw(_ chat: ChatState, view: inout ChatViewState, spinnerFrame: Int, timeZone: TimeZone, in rect: Rect, theme: Theme,
              markdown: Bool = true, previews: ImagePreviews? = nil, into canvas: inout Canvas) {
        view.previews = []
        guard rect.width > 2, rect.height > 0 else { return }
        rendersMarkdown = markdown
        self.previews = previews
        view.take(chat.scroll)
        keepViewStill(chat, view: &view, width: rect.width - 2)
        let selection = (id: chat.selectedMessageId, expanded: chat.selectedMessageId.map(chat.expanded.contains) ?? false)
        if selection != view.followedSelection {
            view.followedSelection = selection
            scrollToSelection(chat, view: &view, spinnerFrame: spinnerFrame, timeZone: timeZone, width: rect.width - 2, height: rect.height,
                              theme: theme)
        }
        var y = rect.y + rect.height - 1
        var skip = view.rowsFromBottom
        var previewBottom: Int?  // the row of the preview's bottom row just drawn
        var drewAny = false
        messagesVisited = 0
        for message in chat.messages.reversed() {
            messagesVisited += 1
            // Lines this block can still give the view, counted from its bottom: skipped ones
            // and the rows left. A long streaming answer builds only those, not all its lines.
            let room = skip + (y - rect.y + 1)
            let marks = Marks(chat, message, selectedId: chat.selectedMessageId, markdown: isMarkdown(message, chat))
            let lines = block(message, steps: chat.steps[message.id ?? -1] ?? [], streaming: message.id == chat.streamingMessageId,
                              marks: marks, spinnerFrame: spinnerFrame, timeZone: timeZone, width: rect.width - 2, theme: theme, room: room)
            for line in lines.reversed() {
                if skip > 0 { skip -= 1; continue }
                if y < rect.y { break }
                var x = rect.x + 1
                if let row = line.preview {
                    if row.index == row.box.rows - 1 { previewBottom = y }
                    if row.index == 0, previewBottom == y + row.box.rows - 1 {
                        view.previews.append(PreviewSpot(image: row.image, box: row.box, x: x + 2, y: y))
                    }
                }
                for segment in line.segments {
                    x += canvas.put(segment.text, x: x, y: y, style: segment.style, maxWidth: rect.x + rect.width - x)
                }
                y -= 1
                drewAny = true
            }
            if y < rect.y { break }
        }
        if skip > 0 || (!drewAny && view.rowsFromBottom > 0) {
            // Scrolled past the top (Home, a long PgUp): stop at the first line, and draw that now.
            let clamped = max(0, view.rowsFromBottom - skip - max(0, y - rect.y + 1))
            if clamped != view.rowsFromBottom {
                view.rowsFromBottom = clamped
                canvas.fill(rect, style: theme[.text])
                return draw(chat, view: &view, spinnerFrame: spinnerFrame, timeZone: timeZone, in: rect, theme: theme, markdown: markdown,
                            previews: previews, into: &canvas)
            }
        }
        if chat.messages.isEmpty { drawWelcome(in: rect, theme: theme, into: &canvas) }
        view.height = rect.height
    }

    /// Scrolls so the chosen answer's block is in view, its first line at the top when it is
    /// taller than the view. Costs the blocks below it, never the whole history.
    private func scrollToSelection(_ chat: ChatState, view: inout ChatViewState, spinnerFrame: Int, timeZone: TimeZone, width: Int,
                                   height: Int, theme: Theme) {
        guard let id = chat.selectedMessageId else { return }
        var below = 0
        for message in chat.messages.reversed() {
            let marks = Marks(chat, message, selectedId: id, markdown: isMarkdown(message, chat))
            let lines = block(message, steps: chat.steps[message.id ?? -1] ?? [], streaming: message.id == chat.streamingMessageId,
                              marks: marks, spinnerFrame: spinnerFrame, timeZone: timeZone, width: width, theme: theme).count
            if message.id == id {
                if view.rowsFromBottom > below { view.rowsFromBottom = below }
                if view.rowsFromBottom + height < below + lines { view.rowsFromBottom = below + lines - height }
                return
            }
            below += lines
        }
    }

    /// While the user reads older text, growth of the streaming answer must not move the view.
    private func keepViewStill(_ chat: ChatState, view: inout ChatViewState, width: Int) {
        guard let id = chat.streamingMessageId, let i = chat.index(of: id) else { view.streamingHeight = nil; return }
        let height = body(chat.messages[i], markdown: isMarkdown(chat.messages[i], chat), streaming: true, width: width).count
        if let last = view.streamingHeight, last.id == id, view.rowsFromBottom > 0 {
            view.rowsFromBottom += max(0, height - last.height)
        }
        view.streamingHeight = (id, height)
    }

    /// A message's text: an answer as Markdown, anything else as wrapped plain text.
    private enum Body {
        case plain([String]), markdown([MarkdownLine])
        var count: Int {
            switch self { case .plain(let l): return l.count; case .markdown(let l): return l.count }
        }
        /// Holds a code block (which c and o act on): asked of the selected answer only.
        var hasCode: Bool {
            if case .markdown(let l) = self { return l.contains { $0.code != nil } }
            return false
        }
        /// The last `n` lines, each indented by two columns.
        func suffix(_ n: Int, style: Style, theme: Theme) -> [StyledLine] {
            switch self {
            case .plain(let l): return l.suffix(n).map { StyledLine("  " + $0, style) }
            case .markdown(let l):
                return l.suffix(n).map { var line = $0.styled(theme); line.segments.insert(("  ", style), at: 0); return line }
            }
        }
    }

    /// An answer is Markdown (unless the setting says plain text), and so is a message of the
    /// user's with pasted code (`AnswerLayouts.hasCodeFence`); the user's other words, and a
    /// summary (built by the app from its fields, lines and all), stay plain text.
    private func isMarkdown(_ m: Message, _ chat: ChatState) -> Bool {
        guard rendersMarkdown else { return false }
        switch m.role {
        case .assistant: return m.id.map { chat.summaries[$0] == nil } ?? true
        case .user: return answers.hasCodeFence(m)
        default: return false
        }
    }

    private func body(_ m: Message, markdown: Bool, streaming: Bool, width: Int) -> Body {
        guard markdown else { return .plain(wrapped(m, width: width)) }
        return .markdown(answers.lines(m, streaming: streaming, width: max(1, width - 2)))
    }

    private func wrapped(_ m: Message, width: Int) -> [String] {
        let key = Key(id: m.id ?? -1, width: width)
        let length = m.content.utf8.count
        let old = cache[key]
        if let hit = old, hit.length == length {
            // Same text (a finished answer keeps what it streamed): only the status may have moved.
            if hit.status == m.status { return hit.lines }
            if hit.wasClean, hit.cleaned == m.content { cache[key]?.status = m.status; return hit.lines }
        }
        let cleaned: String
        let wasClean: Bool
        if let old, old.wasClean, old.length < length, Sanitizer.isClean(m.content, extending: old.cleaned) {
            // A clean streaming answer grew by clean text: only the new bytes were checked.
            (cleaned, wasClean) = (m.content, true)
        } else {
            wasClean = Sanitizer.isClean(m.content)
            cleaned = wasClean ? m.content : Sanitizer.clean(m.content)
        }
        let lines: [String]
        if cleaned.isEmpty {
            lines = []
        } else if let old, old.length < length, !old.lines.isEmpty {
            // A streaming answer grew: wrap only its last line again.
            lines = Wrap.extending(old.lines, of: old.cleaned, to: cleaned, width: max(1, width - 2))
        } else {
            lines = Wrap.lines(cleaned, width: max(1, width - 2))
        }
        cache[key] = Entry(length: length, status: m.status, cleaned: cleaned, wasClean: wasClean, lines: lines)
        return lines
    }

    /// The message's lines, top to bottom. When `room` is smaller than the block, its top lines
    /// (never shown) are left out.
    /// How a message is drawn besides its content: selected (j/k, Alt-Up / Alt-Down), steps
    /// opened with Enter, its place among other versions, the automatic summary under it.
    private struct Marks {
        var selected = false, expanded = false
        var branch: BranchPosition?
        var autoSummary: Summary?
        var markdown = false
        var images: [StoredImage] = []
        var toolImages: [String: [StoredImage]] = [:]
        init(_ chat: ChatState, _ m: Message, selectedId: Int64?, markdown: Bool) {
            self.markdown = markdown
            guard let id = m.id else { return }
            images = chat.messageImages[id] ?? []
            toolImages = chat.toolImages[id] ?? [:]
            selected = id == selectedId
            expanded = chat.expanded.contains(id)
            branch = chat.branches[id]
            autoSummary = chat.autoSummary.flatMap { $0.coversThroughId == id ? $0.summary : nil }
        }
    }

    private func block(_ m: Message, steps: [TimelineStep], streaming: Bool, marks: Marks, spinnerFrame: Int,
                       timeZone: TimeZone, width: Int, theme: Theme, room: Int = .max) -> [StyledLine] {
        var out: [StyledLine] = []
        let textStyle = theme[m.role == .user ? .userText : .assistantText]
        let text = body(m, markdown: marks.markdown, streaming: streaming, width: width)
        let shownCount = min(text.count, max(0, room))
        if shownCount == text.count {
            let time = Self.clock(m.createdAt, timeZone)
            switch m.role {
            case .user:
                var label = StyledLine([(marks.selected ? "▶ " + tr.transcript.you : tr.transcript.you, theme[marks.selected ? .selection : .userLabel]), ("  \(time)", theme[.muted])])
                if let branch = marks.branch {
                    label.segments.append(("  ‹ \(branch.index + 1)/\(branch.siblings.count) ›", theme[.accent]))
                }
                if marks.selected { label.segments.append(("  " + tr.transcript.userSelectedHint, theme[.accent])) }
                out.append(label)
            default:
                let who = m.provider.map { " · \($0)" } ?? ""
                var label = StyledLine([(marks.selected ? "▶ " + tr.transcript.assistant : tr.transcript.assistant, theme[marks.selected ? .selection : .assistantLabel]),
                                        ("\(who)  \(time)", theme[.muted])])
                if marks.selected {
                    // The code keys first: a narrow pane cuts the end of the line.
                    let hint = (text.hasCode ? tr.transcript.codeHint + " · " : "") + tr.transcript.assistantSelectedHint
                    label.segments.append(("  " + hint, theme[.accent]))
                }
                out.append(label)
            }
        }
        var body = text.suffix(shownCount, style: textStyle, theme: theme)
        if streaming {
            let cursor = (spinnerFrame / 4) % 2 == 0 ? "▌" : " "
            if body.isEmpty { body.append(StyledLine([("  " + Self.spinner[spinnerFrame % Self.spinner.count] + " " + tr.transcript.thinking, theme[.muted])])) }
            else { body[body.count - 1].segments.append((cursor, theme[.cursorBlock])) }
        }
        out += body
        out += Self.placeholders(marks.images, indent: "  ", previews: previews, width: width, theme: theme)
        out += TimelineLines.make(steps, spinnerFrame: spinnerFrame, width: width, theme: theme, expanded: marks.expanded) { callId in
            Self.placeholders(marks.toolImages[callId] ?? [], indent: "    ", previews: self.previews, width: width, theme: theme)
        }
        if let summary = marks.autoSummary { out += Self.summaryMarker(summary, expanded: marks.expanded, width: width, theme: theme) }
        switch m.status {
        case .interrupted:
            out.append(StyledLine("  ⚠ " + (m.errorText ?? tr.transcript.interrupted), theme[.stepRunning]))
        case .error:
            for line in Wrap.lines("✗ " + (m.errorText ?? tr.transcript.failed), width: max(1, width - 2)) {
                out.append(StyledLine("  " + line, theme[.errorText]))
            }
        default: break
        }
        out.append(StyledLine("", theme[.text]))
        return out
    }

    /// A placeholder line for each picture, each followed by the rows its preview takes when previews are on.
    static func placeholders(_ images: [StoredImage], indent: String, previews: ImagePreviews?, width: Int, theme: Theme) -> [StyledLine] {
        images.flatMap { image -> [StyledLine] in
            [StyledLine(indent + placeholderText(image, width: width - indent.count), theme[.muted])]
                + PreviewRow.lines(image, previews: previews, width: width, style: theme[.text])
        }
    }

    /// Where older messages were summarized for the model: one line, or the summary whole
    /// when the message is opened (Enter).
    private static func summaryMarker(_ summary: Summary, expanded: Bool, width: Int, theme: Theme) -> [StyledLine] {
        var lines = [StyledLine("  " + (expanded ? tr.transcript.summaryShown : tr.transcript.summaryFolded), theme[.accent])]
        if expanded {
            lines += Wrap.lines(Sanitizer.clean(summary.text), width: max(1, width - 6)).map { StyledLine("      " + $0, theme[.muted]) }
        }
        return lines
    }

    private func drawWelcome(in rect: Rect, theme: Theme, into canvas: inout Canvas) {
        // The suggested prompts (ChatPane) say what to try.
        let lines = [(tr.transcript.welcome, theme[.accent]), (tr.transcript.welcomeHint, theme[.muted])]
        for (i, line) in lines.enumerated() where i < rect.height {
            canvas.put(line.0, x: rect.x + 1, y: rect.y + i, style: line.1, maxWidth: rect.width - 2)
        }
    }

    static func clock(_ date: Date, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}

/// The Reason-Act timeline under an answer: one line per step, glyph, title, detail, duration.
enum TimelineLines {
    /// Lines of one step's detail shown when its answer is opened (Enter); the timeline view has all.
    static let expandedLines = 20

    /// `images` gives the lines of the pictures a call returned, drawn under its result.
    static func make(_ steps: [TimelineStep], spinnerFrame: Int, width: Int, theme: Theme, expanded: Bool = false,
                     images: (String) -> [StyledLine] = { _ in [] }) -> [StyledLine] {
        // The answer is the message itself; model calls are for the timeline view (Ctrl-T).
        steps.filter { $0.kind != .answer && $0.kind != .modelCall }.flatMap { step -> [StyledLine] in
            var lines = [self.line(step, spinnerFrame: spinnerFrame, width: width, theme: theme)]
            if expanded { lines += detail(step, width: width, theme: theme) }
            if step.kind == .toolResult, let callId = step.callId { lines += images(callId) }
            // The question sits on the step it is about; the status bar repeats it.
            if step.status == .awaitingApproval {
                lines.append(StyledLine([("    " + tr.transcript.runIt, theme[.stepRunning]), (tr.transcript.yesNo, theme[.accent])]))
            }
            return lines
        }
    }

    /// The step's whole detail under it, at most `expandedLines` lines: a thought as
    /// Markdown, the others wrapped as plain text (`StepDetails`, laid out once).
    private static func detail(_ step: TimelineStep, width: Int, theme: Theme) -> [StyledLine] {
        let detail = StepDetails.lines(step, width: max(1, width - 6))
        var lines = detail.prefix(expandedLines).map { line in
            var styled = line.styled(theme)
            styled.segments.insert(("      ", theme[.stepDetail]), at: 0)
            return styled
        }
        if detail.count > expandedLines { lines.append(StyledLine("      " + tr.transcript.moreLines(detail.count - expandedLines), theme[.muted])) }
        return lines
    }

    /// The status glyph and its style.
    static func glyph(_ status: StepStatus, spinnerFrame: Int, theme: Theme) -> (String, Style) {
        switch status {
        case .pending: return ("·", theme[.muted])
        case .running: return (TranscriptView.spinner[spinnerFrame % TranscriptView.spinner.count], theme[.stepRunning])
        case .done: return ("✓", theme[.stepDone])
        case .failed: return ("✗", theme[.stepFailed])
        case .cancelled: return ("⊘", theme[.muted])
        case .awaitingApproval: return ("?", theme[.stepRunning])
        }
    }

    private static func line(_ step: TimelineStep, spinnerFrame: Int, width: Int, theme: Theme) -> StyledLine {
        let (glyph, style) = self.glyph(step.status, spinnerFrame: spinnerFrame, theme: theme)
        let duration = step.duration.map { $0 > 0 ? "  " + Self.format($0) : "" } ?? ""
        let title = "\(glyph) \(Self.title(step))"
        let room = max(0, width - 4 - TextWidth.of(title) - TextWidth.of(duration))
        let detail = truncate(StepDetails.firstLine(step, width: max(1, width - 6)), toWidth: room)
        return StyledLine([("  " + title, style), ("  " + detail, theme[.stepDetail]), (duration, theme[.muted])])
    }

    /// A step's name in the current language: the words the agent stores ("result", "thinking",
    /// "model call 2", …) are the catalog's; a tool's name stays as it is.
    static func title(_ step: TimelineStep) -> String {
        switch step.kind {
        case .toolResult: return tr.transcript.result
        case .thought: return tr.transcript.thought
        case .error: return step.title == "stopped" ? tr.transcript.stopped : tr.transcript.error
        case .answer: return tr.transcript.answer
        case .modelCall: return step.title.split(separator: " ").last.flatMap { Int($0) }.map(tr.transcript.modelCall) ?? step.title
        case .toolCall: return step.title
        case .dictated: return tr.transcript.dictated
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? "\(max(1, Int(seconds * 1000))) ms" : String(format: "%.1f s", seconds)
    }
}
