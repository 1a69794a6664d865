import Foundation
import Core

/// `/export` and `aihelper export --conversation ID --md`: the messages with their roles and
/// times, and under each answer its Reason-Act timeline as a collapsible `<details>` block.
/// Text is cleaned of control and escape sequences (the file is for reading; JSON keeps it exact).
public enum ConversationMarkdown {
    public static func write(_ records: ConversationRecords, timeZone: TimeZone) -> String {
        let c = records.conversation
        var out = ["# " + oneLine(c.title), ""]
        out.append("- Conversation \(c.id.map(String.init) ?? "") · " + [c.provider, c.model].compactMap { $0 }.joined(separator: " · "))
        out.append("- Started \(time(c.createdAt, timeZone)) · last activity \(time(c.updatedAt, timeZone))")
        out.append("- " + Counted.noun(records.messages.count, "message") + (c.archived ? " · archived" : ""))
        for message in records.messages {
            out += ["", "## " + heading(message, timeZone), ""]
            let content = Sanitizer.clean(message.content)
            let images = records.images[message.id ?? -1] ?? []
            out.append(content.isEmpty && images.isEmpty ? "*(no text)*" : content)
            // The pictures are not in a Markdown file: their lines say what was sent, or what a tool gave.
            let fromTools = (records.toolCalls[message.id ?? -1] ?? []).flatMap { call in
                (records.toolCallImages[message.id ?? -1]?[call.callId] ?? []).map { (call.name, $0) }
            }
            if !images.isEmpty || !fromTools.isEmpty {
                out += [""] + images.map(pictureLine) + fromTools.map { pictureLine($1) + " · from " + oneLine($0) }
                let count = images.count + fromTools.count
                out += ["", "*(" + Counted.noun(count, "image") + " not included here; export as JSON to keep \(count == 1 ? "it" : "them"))*"]
            }
            if message.status != .complete {
                out += ["", "> " + message.status.rawValue + (message.errorText.map { ": " + oneLine($0) } ?? "")]
            }
            let steps = (records.steps[message.id ?? -1] ?? []).filter { $0.kind != .answer }
            if !steps.isEmpty { out += [""] + timeline(steps) }
        }
        // Cleaned whole as well (provider and model names too): a file that is `cat`-ed is a terminal's input.
        return Sanitizer.clean(out.joined(separator: "\n") + "\n")
    }

    private static func pictureLine(_ image: ImageAttachment) -> String {
        "- ▣ " + oneLine(image.name) + " · \(image.info.sizeText) · \(image.info.bytesText)"
    }

    /// "You · 2026-11-23 10:00" or "Assistant · offline · offline-assistant · 2026-11-23 10:00:01".
    private static func heading(_ m: Message, _ zone: TimeZone) -> String {
        let who: String
        switch m.role {
        case .user: who = "You"
        case .assistant: who = (["Assistant"] + [m.provider, m.model].compactMap { $0 }).joined(separator: " · ")
        case .system: who = "System"
        case .tool: who = "Tool"
        }
        return who + " · " + time(m.createdAt, zone)
    }

    private static func timeline(_ steps: [TimelineStep]) -> [String] {
        let summary = "Timeline: " + Counted.noun(steps.count, "step")
        var out = ["<details><summary>\(summary)</summary>", ""]
        for step in steps {
            let duration = step.duration.map { " (\(format($0)))" } ?? ""
            out.append("- \(glyph(step.status)) **\(step.kind.rawValue)** \(oneLine(step.title))\(duration)")
            let detail = Sanitizer.clean(step.detail)
            guard !detail.isEmpty else { continue }
            // Fenced so tool output cannot turn into Markdown (or close the details block).
            let fence = detail.contains("```") ? "~~~~" : "```"
            out += ["", "  " + fence] + detail.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } + ["  " + fence, ""]
        }
        if out.last != "" { out.append("") }
        out.append("</details>")
        return out
    }

    private static func glyph(_ status: StepStatus) -> String {
        switch status {
        case .done: return "✓"
        case .failed: return "✗"
        case .cancelled: return "⊘"
        case .pending, .running: return "·"
        case .awaitingApproval: return "?"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds < 1 ? "\(max(1, Int(seconds * 1000))) ms" : String(format: "%.1f s", seconds)
    }

    private static func oneLine(_ text: String) -> String {
        Sanitizer.clean(text).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// "2026-11-23 10:00:05"
    static func time(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
