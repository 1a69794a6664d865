import Foundation
import Core
import Terminal

/// The transcript above, the input editor below.
enum ChatPane {
    static let maxInputRows = 6

    /// The input's rows, and the row over them for Ctrl-R's prompt while it searches.
    static func inputRect(_ state: AppState, in rect: Rect) -> Rect {
        let searchRow = state.chat.input.search == nil ? 0 : 1
        let inputRows = min(maxInputRows, max(1, state.chat.input.visualRowCount(width: max(1, rect.width - 4)))) + searchRow
        return Rect(x: rect.x + 2, y: rect.y + rect.height - inputRows, width: max(1, rect.width - 3), height: inputRows)
    }

    /// Returns where the input went (nil when the pane is too short to draw).
    @discardableResult
    static func draw(_ state: AppState, view: inout ChatViewState, in rect: Rect, focused: Bool, transcript: TranscriptView,
                     theme: Theme, into canvas: inout Canvas) -> Rect? {
        guard rect.height >= 3 else { return nil }
        let inputRect = inputRect(state, in: rect)
        let separatorY = inputRect.y - 1
        // A status-bar message too long for the bar is shown whole here, above the input.
        let chips = ImageChips.lines(state.chat.images, width: rect.width - 2, room: max(0, separatorY - rect.y - 3))
        for (i, line) in chips.enumerated() {
            canvas.put(line, x: rect.x + 1, y: separatorY - chips.count + i, style: theme[.accent], maxWidth: rect.width - 2)
        }
        let aboveChips = separatorY - chips.count
        var noteLines: [String] = []
        // Not when it repeats the failed answer's own error, which the transcript shows already.
        if let cut = StatusBar.cutMessage(state, width: state.size.width),
           state.chat.messages.last.map({ $0.errorText != cut.text }) ?? true {
            noteLines = Array(Wrap.lines((cut.isError ? "✗ " : "· ") + cut.text, width: max(1, rect.width - 2))
                .prefix(max(0, min(4, aboveChips - rect.y - 2))))
            for (i, line) in noteLines.enumerated() {
                canvas.put(line, x: rect.x + 1, y: aboveChips - noteLines.count + i, style: theme[cut.isError ? .errorText : .muted],
                           maxWidth: rect.width - 2)
            }
        }
        let transcriptRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: max(0, aboveChips - noteLines.count - rect.y))
        transcript.draw(state.chat, view: &view, spinnerFrame: state.spinnerFrame, timeZone: state.timeZone, in: transcriptRect, theme: theme,
                        markdown: state.renderMarkdown, previews: state.imagePreviews, into: &canvas)
        if state.chat.messages.isEmpty { drawSuggestions(in: transcriptRect, theme: theme, into: &canvas) }

        let more = view.rowsFromBottom > 0 ? tr.chat.moreBelow : ""
        canvas.put(String(repeating: "─", count: rect.width), x: rect.x, y: separatorY, style: theme[.border], maxWidth: rect.width)
        if !more.isEmpty { canvas.put(more, x: rect.x + max(0, rect.width - TextWidth.of(more) - 1), y: separatorY, style: theme[.accent]) }
        drawInput(state, in: inputRect, paneX: rect.x, focused: focused, theme: theme, into: &canvas)
        if let popup = CompletionPopup.of(state) {
            CompletionPopupView.draw(popup, above: inputRect, in: rect, theme: theme, into: &canvas)
            view.previews = []  // an image would be drawn over the popup
        }
        return inputRect
    }

    /// A new conversation: the suggested prompts, numbered, at the bottom of the empty transcript.
    static func drawSuggestions(in rect: Rect, theme: Theme, into canvas: inout Canvas) {
        let prompts = SuggestedPrompts.prompts()
        guard rect.height >= prompts.count + 2, rect.width > 12 else { return }
        var y = rect.y + rect.height - prompts.count - 2
        canvas.put(SuggestedPrompts.heading(), x: rect.x + 1, y: y, style: theme[.muted], maxWidth: rect.width - 2)
        y += 1
        let labelWidth = (prompts.map { TextWidth.of($0.category) }.max() ?? 0) + 5
        for (i, prompt) in prompts.enumerated() {
            canvas.put(" \(i + 1) \(prompt.category)", x: rect.x + 1, y: y + i, style: theme[.accent], maxWidth: rect.width - 2)
            canvas.put(prompt.text, x: rect.x + 1 + labelWidth, y: y + i, style: theme[.text], maxWidth: max(0, rect.width - 2 - labelWidth))
        }
    }

    /// The prompt and the input editor, in `inputRect` (from `inputRect(_:in:)`).
    static func drawInput(_ state: AppState, in inputRect: Rect, paneX: Int, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        var inputRect = inputRect
        if let search = state.chat.input.search {
            // readline's prompt, on its own row: the input under it shows the match, the cursor on it.
            canvas.fill(Rect(x: paneX, y: inputRect.y, width: inputRect.width + inputRect.x - paneX, height: 1), style: theme[.text])
            canvas.put(tr.chat.reverseSearch(Sanitizer.clean(search.query), search.failing), x: paneX, y: inputRect.y,
                       style: theme[search.failing ? .errorText : .accent], maxWidth: inputRect.width + inputRect.x - paneX)
            inputRect = Rect(x: inputRect.x, y: inputRect.y + 1, width: inputRect.width, height: max(1, inputRect.height - 1))
        }
        canvas.put("›", x: paneX, y: inputRect.y, style: theme[focused ? .accent : .muted])
        let placeholder = state.chat.isStreaming ? tr.chat.placeholderStreaming : tr.chat.placeholder
        let cursorBefore = canvas.cursor
        state.chat.input.render(into: &canvas, rect: inputRect, style: theme[.text],
                                placeholder: placeholder, placeholderStyle: theme[.placeholder])
        if !focused { canvas.cursor = cursorBefore }
    }
}

/// The chips of the pictures attached to the next message, one a row above the input; past
/// `room` rows (at most 3), the last row says how many more.
enum ImageChips {
    static let maxRows = 3

    static func lines(_ images: [ImageAttachment], width: Int, room: Int) -> [String] {
        let rows = min(maxRows, room)
        guard !images.isEmpty, rows > 0, width > 4 else { return [] }
        if images.count <= rows { return images.map { chipText($0, width: width) } }
        return images.prefix(rows - 1).map { chipText($0, width: width) } + [tr.images.more(images.count - rows + 1)]
    }
}
