import Foundation
import Terminal
import Storage

/// Bottom line: engine badge, conversation, then a notice, an approval question or the hints.
enum StatusBar {
    static func draw(_ state: AppState, in rect: Rect, theme: Theme, into canvas: inout Canvas) {
        guard rect.width > 0 else { return }
        canvas.fill(rect, style: theme[.statusBar])
        var x = rect.x
        let parts = leftParts(state, width: rect.width)
        x += canvas.put(parts[0], x: x, y: rect.y, style: theme[.badge])
        for part in parts.dropFirst() { x += canvas.put(part, x: x, y: rect.y, style: theme[.statusBar]) }
        let room = rect.x + rect.width - x
        if let message = message(state) {
            canvas.put(" " + message.text + " ", x: x, y: rect.y, style: theme[message.isError ? .noticeError : .notice], maxWidth: room)
        } else {
            let hints = hintText(state)
            let hx = max(x, rect.x + rect.width - TextWidth.of(hints) - 1)
            canvas.put(hints, x: hx, y: rect.y, style: theme[.statusBar], maxWidth: rect.x + rect.width - hx)
        }
    }

    /// The engine badge, the conversation's title and its usage, in order.
    private static func leftParts(_ state: AppState, width: Int) -> [String] {
        let title = state.chat.conversation?.title ?? "New conversation"
        var parts = [" \(state.providerName) ", " " + truncate(title, toWidth: max(8, width / 4)) + " "]
        if let usage = state.usage, usage.inputTokens + usage.outputTokens > 0 { parts.append(" " + usageText(usage) + " ") }
        return parts
    }

    /// What the bar tells instead of its hints: an approval question or a notice.
    private static func message(_ state: AppState) -> (text: String, isError: Bool)? {
        if let approval = state.pendingApproval { return ("\(approval.question)  [y] allow  [n] deny", true) }
        if let notice = state.notice { return (notice.display(at: state.clock), notice.kind == .error) }
        return nil
    }

    /// The bar's message when it does not fit in a bar `width` columns wide: the chat pane then
    /// shows it whole (a missing key's message names the variable and the page to get a key).
    static func cutMessage(_ state: AppState, width: Int) -> (text: String, isError: Bool)? {
        guard let message = message(state) else { return nil }
        let used = leftParts(state, width: width).reduce(0) { $0 + TextWidth.of($1) }
        return TextWidth.of(" " + message.text + " ") > width - used ? message : nil
    }

    /// "12.3k tok · $0.0042": the conversation's tokens in and out, and its cost when priced.
    static func usageText(_ usage: UsageTotals) -> String {
        let tokens = usage.inputTokens + usage.outputTokens
        let count = tokens >= 1000 ? String(format: "%.1fk", Double(tokens) / 1000) : "\(tokens)"
        guard usage.cost > 0 else { return "\(count) tok" }
        if usage.cost < 0.0001 { return "\(count) tok · <$0.0001" }
        return "\(count) tok · $" + String(format: usage.cost < 0.01 ? "%.4f" : "%.2f", usage.cost)
    }

    private static func hintText(_ state: AppState) -> String {
        if state.chat.isStreaming { return "Esc cancel · Tab panes · Ctrl-Q quit" }
        switch state.focus {
        case .chat where state.chat.selectedMessageId != nil: return "y copy · r retry · e edit · d del · p pager · Esc"
        case .chat: return "Enter send · PgUp/PgDn scroll · Tab panes · F1 help · Ctrl-Q quit"
        case .tasks: return "a add · e edit · x done · d del · u undo · F1 keys"
        case .todos: return "a add · A child · Space done · u undo · F1 keys"
        }
    }
}

/// The keys, one table: drawn by the help overlay and mirrored in docs/keybindings.md.
enum Keymap {
    static let sections: [(title: String, keys: [(String, String)])] = [
        ("Everywhere", [("Tab / Shift-Tab", "next / previous pane"), ("Alt-1 Alt-2 Alt-3", "Chat, Tasks, Todos"),
                        ("Esc", "cancel the streaming answer"), ("F1, /help", "this help"), ("Ctrl-Q, /quit", "quit")]),
        ("Chat", [("Enter", "send"), ("Alt-Enter", "new line"), ("Up / Down", "input history"),
                  ("Ctrl-E", "compose in $EDITOR"), ("PgUp / PgDn, wheel", "scroll"), ("Home / End", "top / bottom (empty input)"),
                  ("r, /retry", "retry a failed answer"), ("Alt-Up / Alt-Down", "choose an answer"), ("Enter (empty input)", "open / close its steps"),
                  ("Ctrl-T, t (chosen)", "timeline of the chosen or last answer"), ("/new", "new conversation"),
                  ("Esc (not streaming)", "select messages: j k move, Esc back"),
                  ("y  p  d (selected)", "copy (OSC 52) · $PAGER · delete (asks)"),
                  ("r  e (selected)", "retry · edit last message and resend"),
                  ("< > (selected)", "other versions ‹ 2/3 ›"), ("a (selected)", "action item → todo"),
                  ("/summarize", "summarize the conversation"),
                  ("/remind …", "a reminder from a sentence"), ("/list …", "a todo list from a request"),
                  ("/provider [name]", "choose the provider"), ("/model [id]", "choose the model"), ("/keys", "check the API key")]),
        ("Tasks", [("← → ↑ ↓, h l k j", "day / week"), ("[ ]  { }", "month / year"), (".", "today"), ("g", "go to a date"),
                   ("n / N", "next / previous task"), ("a / e, Enter", "add / edit (form)"), ("d", "delete (asks)"),
                   ("x, Space", "complete / reopen"), ("p", "postpone to tomorrow"), ("w", "week view"), ("/", "filter all tasks"),
                   ("u / Ctrl-R", "undo / redo")]),
        ("Todos", [("↑ ↓, j k", "move"), ("Enter, ← →", "fold / unfold"), ("z / Z", "fold / unfold all"),
                   ("Space, x", "complete / reopen"), ("a / A", "add sibling / child"), ("e", "rename"),
                   ("n / N", "notes / notes in $EDITOR"), ("D", "due date"), ("d", "delete (asks)"), ("J / K", "move down / up"),
                   ("/", "filter"), ("u / Ctrl-R", "undo / redo")]),
        ("Forms and reminders", [("Tab / Shift-Tab, ↑ ↓", "next / previous field"), ("← →", "choose (category, priority)"),
                                 ("Enter / Esc", "save / cancel"), ("1 2 3", "snooze 10 min, 1 h, tomorrow"), ("Enter", "dismiss a reminder")]),
    ]
}

enum HelpOverlay {
    /// Everywhere, then the focused pane's keys (with the forms' for Tasks and Todos), then the
    /// rest: a short screen shows what is at hand. Two columns when the screen is wide enough.
    static func draw(in area: Rect, focus: PaneID, theme: Theme, into canvas: inout Canvas) {
        func lines(_ sections: [(title: String, keys: [(String, String)])]) -> [(String, Bool)] {
            sections.flatMap { section in
                [(section.title, true)] + section.keys.map { ("  " + $0.0.padding(toLength: 22, withPad: " ", startingAt: 0) + $0.1, false) }
            }
        }
        let first = ["Everywhere", focus.title] + (focus == .chat ? [] : ["Forms and reminders"])
        let near = first.compactMap { title in Keymap.sections.first { $0.title == title } }
        let rest = Keymap.sections.filter { !first.contains($0.title) }
        let all = lines(near + rest)
        let twoColumns = all.count + 4 > area.height && area.width >= 110
        let columns = twoColumns ? [lines(near), lines(rest)] : [all]
        let columnWidth = 62
        let width = min(area.width - 2, columnWidth * columns.count + 2)
        let height = min(area.height - 2, (columns.map(\.count).max() ?? 0) + 4)
        guard width > 10, height > 3 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: " Keys ", style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        for (c, column) in columns.enumerated() {
            for (i, line) in column.prefix(height - 4).enumerated() {
                canvas.put(line.0, x: box.x + 2 + c * columnWidth, y: box.y + 1 + i, style: line.1 ? theme[.accent] : theme[.text],
                           maxWidth: min(columnWidth - 2, width - 4 - c * columnWidth))
            }
        }
        canvas.put("Any key closes this help. All keys: docs/keybindings.md", x: box.x + 2, y: box.y + height - 2, style: theme[.muted], maxWidth: width - 4)
    }
}
