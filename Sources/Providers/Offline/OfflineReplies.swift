import Foundation
import Core

/// The answers that need no tool, one set per language (`OfflineReplies`, `ChineseReplies`).
protocol FixedReplies {
    static var help: String { get }
    static var greeting: String { get }
    static var thanks: String { get }
    static var unknown: String { get }
}

extension FixedReplies {
    static func text(for intent: OfflineIntent) -> String {
        switch intent {
        case .help: return help
        case .greeting: return greeting
        case .thanks: return thanks
        default: return unknown
        }
    }
}

/// What the offline assistant says. Answers that are not confirmations say that it is offline,
/// so nobody mistakes it for a language model.
enum OfflineReplies: FixedReplies {
    static let examples = [
        "remind me to call mom tomorrow at 5pm",
        "add a task: dentist on friday at 9am",
        "make a packing list: passport, charger, socks",
        "what's on this week",
        "mark call mom as done",
        "what date is next friday",
    ]

    static var help: String {
        "I'm the built-in offline assistant: no language model is connected, but I can create tasks "
            + "and reminders, make todo lists, show what's on, complete or delete tasks, and work out dates. Try:\n"
            + bulleted(examples)
    }

    static let greeting = "Hello! I'm the built-in offline assistant. I can manage your tasks and todo lists "
        + "and work out dates. Type “help” to see examples."

    static let thanks = "You're welcome! (This is the offline assistant; type “help” to see what I can do.)"

    static var unknown: String {
        "I'm the built-in offline assistant, and I didn't find a task request in that. I understand things like:\n"
            + bulleted([examples[0], examples[2], examples[3]])
            + "\n\nFor open questions, connect a model: set OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY, "
            + "or run a local Ollama, then start `aihelper --provider NAME`."
    }

    /// What each tool lets the assistant do, for saying what it cannot do without it.
    private static let abilities = [
        OfflineToolName.createTask: "create tasks", OfflineToolName.createTodoList: "create todo lists",
        OfflineToolName.listTasks: "show your tasks", OfflineToolName.completeTask: "complete tasks",
        OfflineToolName.deleteTask: "delete tasks", OfflineToolName.resolveDate: "work out dates",
    ]

    /// Said first when the message has pictures: the assistant reads words only.
    static let cannotSee = "I can't see images (the offline assistant reads only words); pick a model that can, with /model, to ask about them."

    static func missingTool(_ name: String) -> String {
        "The offline assistant can't \(abilities[name] ?? "do that") here: the \(name) tool isn't available "
            + "in this session."
    }

    /// The final answer once a tool has run: a confirmation built from its result, or an apology with a hint.
    static func answer(toResult result: ChatMessage, in request: ChatRequest) -> String {
        let text = result.content.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.isError {
            let hint: String
            switch result.toolName {
            case OfflineToolName.completeTask?, OfflineToolName.deleteTask?:
                hint = "Check the title: “what's upcoming” lists your tasks."
            case OfflineToolName.createTask?, OfflineToolName.createTodoList?:
                hint = "Try rephrasing, for example “\(examples[0])”."
            default:
                hint = "Type “help” for examples."
            }
            return "Sorry, that didn't work: \(text.withoutTrailingPunctuation). \(hint)"
        }
        switch result.toolName {
        case OfflineToolName.resolveDate?:
            return dateAnswer(result: text, call: call(answeredBy: result, in: request), request: request) ?? text
        case OfflineToolName.listTasks?:
            return "Here's what I found:\n\n" + markdownListing(text)
        default:
            return "Done. \(text)"
        }
    }

    /// "Next friday is Friday, 4 December 2026.", from the day in the result (or the phrase asked about).
    private static func dateAnswer(result: String, call: ToolCallRequest?, request: ChatRequest) -> String? {
        guard let phrase = call.flatMap({ JSONValue(parsing: $0.arguments)?["phrase"]?.stringValue }) else { return nil }
        guard let day = resolvedDay(result: result, phrase: phrase, request: request) else { return nil }
        return "\(phrase.capitalizingFirstLetter) is \(day.spokenEnglish)."
    }

    /// The day resolve_date named in its result, or else the one the phrase asked about means.
    static func resolvedDay(result: String, phrase: String, request: ChatRequest) -> CivilDate? {
        let isoInResult = result.firstMatch(of: /\d{4}-\d{2}-\d{2}/).flatMap { CivilDate(iso: String($0.output)) }
        return isoInResult ?? DatePhrases.parse(phrase, now: request.now, timeZone: request.timeZone)?.date
    }

    static func call(answeredBy result: ChatMessage, in request: ChatRequest) -> ToolCallRequest? {
        request.messages.lazy.flatMap(\.toolCalls).first { $0.id == result.toolCallId }
    }

    /// A list_tasks listing as Markdown, which the chat draws: a day's heading line, its
    /// indented task lines as a list under it (a plain newline would join them into one line).
    static func markdownListing(_ listing: String) -> String {
        var out: [String] = []
        for line in listing.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.count < line.count { out.append("- " + trimmed); continue }
            if !out.isEmpty { out.append("") }  // else a line after a list item would join the item
            out.append(String(line))
        }
        return out.joined(separator: "\n")
    }

    static func bulleted(_ lines: [String]) -> String {
        lines.map { "- \($0)" }.joined(separator: "\n")
    }
}
