import Foundation
import Providers
import Terminal

/// The first-run wizard, one step at a time, in a box over the panes.
enum OnboardingOverlay {
    static func draw(_ w: Onboarding, in area: Rect, theme: Theme, into canvas: inout Canvas) {
        let (title, lines, keys) = content(w)
        let height = lines.count + 4
        guard let inner = FormOverlay.box(title, width: 76, height: height, in: area, theme: theme, into: &canvas) else { return }
        for (i, line) in lines.enumerated() where i < inner.height - 2 {
            canvas.put(line.text, x: inner.x, y: inner.y + i, style: theme[line.style], maxWidth: inner.width)
        }
        canvas.put(keys, x: inner.x, y: inner.y + inner.height - 1, style: theme[.muted], maxWidth: inner.width)
        if w.step == .key {
            let y = inner.y + 2
            let masked = w.key.masked
            masked.render(into: &canvas, rect: Rect(x: inner.x + 9, y: y, width: max(1, inner.width - 9), height: 1), style: theme[.selection])
        }
    }

    typealias Line = (text: String, style: StyleName)

    private static func content(_ w: Onboarding) -> (String, [Line], String) {
        let step: (Int) -> String = { " Welcome · step \($0) of 4 " }
        switch w.step {
        case .welcome:
            return (" Welcome to AI Helper ", [
                ("A terminal assistant for your tasks, calendar and todo lists.", .text),
                ("", .text),
                ("The Offline assistant works right now, with no key and no network.", .text),
                ("Or connect OpenAI, Anthropic, Gemini or a model server on this machine.", .text),
                ("", .text),
                ("Everything here can be changed later in the settings (F2).", .muted),
            ], "Enter set up · Esc or s skip (use Offline) · Ctrl-Q quit")
        case .provider:
            var lines: [Line] = [("Which assistant should answer?", .text), ("", .text)]
            for (i, option) in w.options.enumerated() {
                let mark = i == w.selected ? "›" : " "
                let label = option.label.padding(toLength: 22, withPad: " ", startingAt: 0)
                lines.append(("\(mark) \(label) \(option.detail)", i == w.selected ? .selection : option.selectable ? .text : .muted))
            }
            return (step(1), lines, "↑↓ choose · Enter next · Esc back")
        case .key:
            let kind = w.chosen.kind
            var lines: [Line] = [("Paste your \(kind.displayName) API key:", .text), ("", .text), ("Key:", .accent), ("", .text)]
            if let variable = w.keyVariable { lines.append(("Filled in from \(variable).", .muted)) }
            if let page = ProviderErrorMapper.keyPage(kind) { lines.append(("No key yet? Create one at \(page)", .muted)) }
            if let message = w.message {
                lines += Wrap.lines(message, width: 70).map { ($0, w.messageIsError ? .errorText : .accent) }
            }
            return (step(2), lines, "Enter check the key · Esc back")
        case .model:
            var lines: [Line] = [("Which \(w.chosen.kind.displayName) model?", .text), ("", .text)]
            let top = max(0, min(w.modelSelected - 4, w.models.count - 10))
            for (i, id) in w.models.enumerated().dropFirst(top).prefix(10) {
                lines.append(((i == w.modelSelected ? "› " : "  ") + id, i == w.modelSelected ? .selection : .text))
            }
            if w.models.isEmpty { lines.append(("(the provider's default model)", .muted)) }
            if let status = w.modelStatus { lines += Wrap.lines(status, width: 70).map { ($0, .muted) } }
            return (step(3), lines, "↑↓ choose · Enter next · Esc back")
        case .ready:
            let choice = w.choice
            let what = choice.provider == .offline || choice.provider == nil ? "the Offline assistant"
                : "\(w.chosen.label)" + (choice.model.map { " · \($0)" } ?? "")
            return (step(4), [
                ("Ready: answering with \(what).", .accent),
                ("", .text),
                ("Try: remind me to call mom tomorrow at 5pm", .text),
                ("Keys: ? or F1 · settings: F2 · quit: Ctrl-Q", .muted),
            ], "Enter start chatting · Esc back")
        }
    }
}
