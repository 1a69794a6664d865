import Foundation
import Core
import Terminal

/// The timeline view (`t`): every step of one answer in full — start time, status, duration,
/// the whole arguments and result, each model call with its tokens — in a box over the panes.
/// A thought's detail is drawn as Markdown, the others as plain text (`StepDetails`, cached).
enum TimelineOverlay {
    /// Lines of one step's detail beyond this are left out: a 16,000-character result is
    /// already in the database; the view shows its start.
    static let detailLines = 200

    static func draw(_ view: TimelineViewState, steps: [TimelineStep], timeZone: TimeZone, in area: Rect,
                     theme: Theme, into canvas: inout Canvas) {
        let box = self.box(in: area)
        guard box.width > 20, box.height > 4 else { return }
        canvas.fill(box, style: theme[.helpBox])
        canvas.box(box, title: tr.transcript.timelineTitle, style: theme[.borderFocused], titleStyle: theme[.titleFocused])
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 3)
        let all = lines(steps, width: inner.width, timeZone: timeZone, theme: theme)
        let top = min(view.scroll, max(0, all.count - inner.height))
        for (row, line) in all.dropFirst(top).prefix(inner.height).enumerated() {
            var x = inner.x
            for segment in line.segments where x < inner.x + inner.width {
                x += canvas.put(segment.text, x: x, y: inner.y + row, style: segment.style, maxWidth: inner.x + inner.width - x)
            }
        }
        let more = all.count > top + inner.height ? tr.transcript.timelineMore : ""
        canvas.put(more + tr.transcript.timelineKeys, x: inner.x, y: box.y + box.height - 2, style: theme[.muted], maxWidth: inner.width)
    }

    /// How far the view can scroll for these steps on a screen of `size`.
    static func maxScroll(_ steps: [TimelineStep], size: Size, timeZone: TimeZone) -> Int {
        let box = self.box(in: Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
        return max(0, lines(steps, width: box.width - 4, timeZone: timeZone, theme: .dark).count - (box.height - 3))
    }

    private static func box(in area: Rect) -> Rect {
        let width = min(area.width - 2, 100), height = area.height - 2
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + 1, width: width, height: height)
    }

    /// Made once: the view is drawn every frame while it is open. Used on the loop thread only.
    private static let clock: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "HH:mm:ss.SSS"
        return f
    }()

    static func lines(_ steps: [TimelineStep], width: Int, timeZone: TimeZone, theme: Theme) -> [StyledLine] {
        let clock = Self.clock
        if clock.timeZone != timeZone { clock.timeZone = timeZone }
        var out: [StyledLine] = []
        for step in steps.sorted(by: { $0.position < $1.position }) {
            let glyph = TimelineLines.glyph(step.status, spinnerFrame: 0, theme: theme).0
            let duration = step.duration.map { $0 > 0 ? "  " + TimelineLines.format($0) : "" } ?? "  " + tr.transcript.running
            let style = step.status == .failed ? theme[.stepFailed] : step.kind == .modelCall ? theme[.accent] : theme[.text]
            out.append(StyledLine("\(clock.string(from: step.startedAt))  \(glyph) \(label(step))\(duration)", style))
            let detail = StepDetails.lines(step, width: max(1, width - 4))
            out += detail.prefix(detailLines).map { line in
                var styled = line.styled(theme)
                styled.segments.insert(("    ", theme[.stepDetail]), at: 0)
                return styled
            }
            if detail.count > detailLines { out.append(StyledLine("    " + tr.transcript.detailMoreLines(detail.count - detailLines), theme[.muted])) }
        }
        return out
    }

    private static func label(_ step: TimelineStep) -> String {
        step.kind == .toolCall ? tr.transcript.tool(step.title) : TimelineLines.title(step)
    }
}
