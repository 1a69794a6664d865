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
        // The ready step's voice server, on its label's line.
        if w.step == .ready, let row = lines.firstIndex(where: { $0.text == tr.onboarding.voiceServerLabel }), row < inner.height - 2 {
            let x = TextWidth.of(tr.onboarding.voiceServerLabel) + 1
            w.voiceURL.render(into: &canvas, rect: Rect(x: inner.x + x, y: inner.y + row, width: max(1, inner.width - x), height: 1),
                              style: theme[.selection])
        }
    }

    typealias Line = (text: String, style: StyleName)

    private static func content(_ w: Onboarding) -> (String, [Line], String) {
        let t = tr.onboarding
        switch w.step {
        case .welcome:
            return (t.welcomeTitle, t.welcomeLines.map { ($0, .text) } + [(t.welcomeLater, .muted)], t.welcomeKeys)
        case .provider:
            var lines: [Line] = [(t.whichAssistant, .text), ("", .text)]
            for (i, option) in w.options.enumerated() {
                let mark = i == w.selected ? "›" : " "
                let label = option.label + String(repeating: " ", count: max(1, 23 - TextWidth.of(option.label)))
                lines.append(("\(mark) \(label)\(option.detail)", i == w.selected ? .selection : option.selectable ? .text : .muted))
            }
            return (t.step(1), lines, t.chooseKeys)
        case .key:
            let kind = w.chosen.kind
            var lines: [Line] = [(t.pasteKey(kind.displayName), .text), ("", .text), (t.keyLabel, .accent), ("", .text)]
            if let variable = w.keyVariable { lines.append((t.filledFrom(variable), .muted)) }
            if let page = ProviderErrorMapper.keyPage(kind) { lines.append((t.noKeyYet(page), .muted)) }
            if let message = w.message {
                lines += Wrap.lines(message, width: 70).map { ($0, w.messageIsError ? .errorText : .accent) }
            }
            return (t.step(2), lines, t.keyKeys)
        case .model:
            var lines: [Line] = [(t.whichModel(w.chosen.kind.displayName), .text), ("", .text)]
            let top = max(0, min(w.modelSelected - 4, w.models.count - 10))
            for (i, id) in w.models.enumerated().dropFirst(top).prefix(10) {
                lines.append(((i == w.modelSelected ? "› " : "  ") + id, i == w.modelSelected ? .selection : .text))
            }
            if w.models.isEmpty { lines.append((t.defaultModel, .muted)) }
            if let status = w.modelStatus { lines += Wrap.lines(status, width: 70).map { ($0, .muted) } }
            return (t.step(3), lines, t.chooseKeys)
        case .ready:
            let choice = w.choice
            let what = choice.provider == .offline || choice.provider == nil ? t.offlineAssistant
                : "\(w.chosen.label)" + (choice.model.map { " · \($0)" } ?? "")
            var lines: [Line] = [(t.ready(what), .accent), ("", .text), (t.tryLine, .text), (t.readyHelp, .muted), ("", .text)]
            lines += Wrap.lines(t.readyVoice, width: 70).map { ($0, .muted) }
            lines.append((t.voiceServerLabel, .accent))
            if let message = w.voiceMessage {
                lines += Wrap.lines(message, width: 70).map { ($0, w.voiceMessageIsError ? .errorText : .accent) }
            }
            return (t.step(4), lines, t.readyKeys)
        }
    }
}
