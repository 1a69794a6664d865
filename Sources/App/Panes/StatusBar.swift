import Foundation
import Core
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
        if let message = message(state, room: room) {
            canvas.put(" " + message.text + " ", x: x, y: rect.y, style: theme[message.isError ? .noticeError : .notice], maxWidth: room)
        } else {
            let hints = hintText(state)
            let hx = max(x, rect.x + rect.width - TextWidth.of(hints) - 1)
            canvas.put(hints, x: hx, y: rect.y, style: theme[.statusBar], maxWidth: rect.x + rect.width - hx)
        }
    }

    /// The engine badge, the conversation's title and its usage, in order.
    private static func leftParts(_ state: AppState, width: Int) -> [String] {
        let title = state.chat.conversation?.title ?? tr.chrome.newConversation
        let badge = state.connectivity == .offlineAssistant ? tr.chrome.offlineAssistant
            : state.providerName + (state.connectivity.label.map { " · " + $0 } ?? "")
        var parts = [" \(badge) "]
        // The conversation's own model and persona (the Offline assistant has one model).
        let model = [state.connectivity == .offlineAssistant ? nil : state.modelName,
                     state.chat.persona.map { tr.settings.persona(Persona.of($0)) }].compactMap { $0 }.filter { !$0.isEmpty }
        if !model.isEmpty { parts.append(" " + truncate(model.joined(separator: " · "), toWidth: max(8, width / 5)) + " ") }
        parts.append(" " + truncate(title, toWidth: max(8, width / 4)) + " ")
        if let usage = state.usage, usage.inputTokens + usage.outputTokens > 0 { parts.append(" " + usageText(usage) + " ") }
        // `/attach`: what goes with the next message.
        if let a = state.chat.attachment { parts.append(" 📎 " + truncate(a.server + " " + a.uri, toWidth: max(8, width / 4)) + " ") }
        if let sync = syncText(state.sync, zone: state.timeZone, width: width) { parts.append(" " + sync + " ") }
        return parts
    }

    /// Sync: "⟳" while a run is under way, "✓ 23:05" after a good one, "⚠ why" (cut short: /sync
    /// has it whole) after a failure; nil with no account configured or before the first run.
    static func syncText(_ sync: SyncState, zone: TimeZone, width: Int) -> String? {
        guard !sync.accounts.isEmpty else { return nil }
        switch sync.phase {
        case .idle: return nil
        case .running: return tr.sync.runningShort
        case .succeeded(let at): return tr.sync.succeeded(SyncOverlay.clock(at, zone: zone))
        case .failed(let failures):
            let why = Sanitized.oneLine(Sanitizer.clean(SyncState.text(of: failures)), max: 200)
            return truncate(tr.sync.failed(why), toWidth: max(10, width / 6))
        }
    }

    /// What the bar tells instead of its hints: an approval question or a notice.
    private static func message(_ state: AppState, room: Int) -> (text: String, isError: Bool)? {
        if let approval = state.pendingApproval { return ("\(approval.question)  " + tr.chrome.allowDeny, true) }
        if let voice = voiceText(state.voice, notice: state.notice, at: state.clock, room: room) { return (voice, state.voice.isRecording) }
        if let notice = state.notice { return (notice.display(at: state.clock), notice.kind == .error) }
        return nil
    }

    /// Push-to-talk: "● REC 0:07 ▁▃▅▇ F4 / Enter stop · Esc cancel" while recording (without
    /// the keys when that does not fit in `room`), then "⟳ transcribing…"; nil when idle (a
    /// failure is the notice's).
    static func voiceText(_ voice: VoiceState, notice: Notice?, at now: Date, room: Int) -> String? {
        switch voice.phase {
        case .recording(let started):
            let short = tr.voice.recording + " " + VoiceState.elapsed(since: started, at: now) + " " + voice.meter
            let long = short + "  " + tr.voice.stopHint
            // The settings' test has its own keys (its status line says them).
            return !voice.test && TextWidth.of(" " + long + " ") <= room ? long : short
        case .stopping: return tr.voice.transcribing
        // A retry's wait is the notice's (its countdown and why).
        case .transcribing: return notice?.countdownTo.map { $0 > now } == true ? nil : tr.voice.transcribing
        case .idle, .failed: return nil
        }
    }

    /// The bar's message when it does not fit in a bar `width` columns wide: the chat pane then
    /// shows it whole (a missing key's message names the variable and the page to get a key).
    static func cutMessage(_ state: AppState, width: Int) -> (text: String, isError: Bool)? {
        let used = leftParts(state, width: width).reduce(0) { $0 + TextWidth.of($1) }
        guard let message = message(state, room: width - used) else { return nil }
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
        if state.chat.isStreaming { return tr.chrome.hintStreaming }
        switch state.focus {
        case .chat where state.chat.selectedMessageId != nil: return tr.chrome.hintMessage
        case .chat: return tr.chrome.hintChat
        case .tasks: return tr.chrome.hintTasks
        case .todos: return tr.chrome.hintTodos
        }
    }
}
