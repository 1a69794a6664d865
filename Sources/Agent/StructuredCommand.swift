import Foundation
import Core
import Providers

/// `/remind …` and `/list …`, the Task AI seed's structured requests: the model answers with
/// JSON only (a reminder; a todo list with subtasks, worded for learning, shopping or anything
/// else), the JSON is read robustly (`JSONExtraction`), and the result goes through the same
/// tool as a tool call would (`create_reminder`, `create_todo_list`), so the date phrase is
/// resolved locally and the timeline shows it.
enum StructuredCommand: Equatable {
    case remind(String)
    case list(String)

    init?(_ text: String) {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        switch parts[0].lowercased() {
        case "/remind": self = .remind(parts[1])
        case "/list": self = .list(parts[1])
        default: return nil
        }
    }

    var input: String {
        switch self { case .remind(let text), .list(let text): return text }
    }

    var name: String {
        switch self { case .remind: return "/remind"; case .list: return "/list" }
    }

    /// The same request in words, for the Offline assistant, which reads those itself (in
    /// Chinese when the request is: it then answers in Chinese too).
    var plainRequest: String {
        switch self {
        case .remind(let text): return (text.containsHan ? "提醒我" : "remind me to ") + text
        case .list(let text): return (text.containsHan ? "列一个待办清单：" : "make a todo list: ") + text
        }
    }

    func systemPrompt(today: CivilDate) -> String {
        let rules = "Answer with JSON only: no words before or after it, no code fences."
        switch self {
        case .remind:
            return """
            You turn one message into one reminder. \(rules) Give an array holding exactly one object:
            {"title": what to do, without the words that say when, "description": more detail or "",
             "category": one of Work, Personal, Health, Shopping, Home, Study, Social, Other,
             "date_query": the exact words of the message that say which day (like "tomorrow", "next friday", "in 3 days"), or null,
             "time": the time of day as HH:mm on a 24-hour clock, or null}
            Today is \(TodoListKind.weekday(today)) \(today.iso).
            """
        case .list(let text):
            return TodoListKind.detect(text).prompt + " " + rules + """

            {"title": the list's title, "description": one sentence on what it is for,
             "subtasks": [{"content": one specific item or step, "notes": details or ""}]}
            """
        }
    }

    /// The tool call the model's reply becomes, or nil when it holds no usable JSON.
    func toolCall(from reply: String) -> ToolCallRequest? {
        guard var value = JSONExtraction.firstValue(in: reply) else { return nil }
        if let first = value.arrayValue?.first { value = first }
        guard let object = value.objectValue, let title = object["title"]?.stringValue, !title.isEmpty else { return nil }
        var arguments: [String: JSONValue] = ["title": .string(title)]
        let description = object["description"]?.stringValue ?? ""
        if !description.isEmpty { arguments["notes"] = .string(description) }
        switch self {
        case .remind:
            if let when = object["date_query"]?.stringValue, !when.isEmpty { arguments["due_date"] = .string(when) }
            if let time = object["time"]?.stringValue, TimeOfDay(hhmm: time) != nil { arguments["due_time"] = .string(time) }
            if let category = object["category"]?.stringValue, !category.isEmpty { arguments["category"] = .string(category) }
            return ToolCallRequest(id: "remind", name: "create_reminder", arguments: JSONValue.object(arguments).jsonText)
        case .list:
            let items = (object["subtasks"]?.arrayValue ?? []).compactMap { item -> JSONValue? in
                guard let content = item["content"]?.stringValue ?? item.stringValue, !content.isEmpty else { return nil }
                return ["content": .string(content), "notes": .string(item["notes"]?.stringValue ?? "")]
            }
            arguments["items"] = .array(items)
            return ToolCallRequest(id: "list", name: "create_todo_list", arguments: JSONValue.object(arguments).jsonText)
        }
    }
}

/// Which wording a `/list` request gets, as in the seed: learning paths, shopping lists, the rest.
enum TodoListKind {
    case learning, shopping, general

    static func detect(_ text: String) -> TodoListKind {
        let lower = text.lowercased()
        if ["learn", "study", "teach me"].contains(where: lower.contains) { return .learning }
        if ["buy", "shop", "purchase", "ingredients", "groceries"].contains(where: lower.contains) { return .shopping }
        return .general
    }

    var prompt: String {
        switch self {
        case .learning:
            return "You plan learning. Turn the request into a learning path: one goal, then steps in a sensible order, each specific, with a time estimate, and books, courses or sites as notes where they help."
        case .shopping:
            return "You write shopping lists. Turn the request into a list of specific items with quantities, grouped by kind (produce, dairy, pantry…), with brands or substitutes as notes where they matter."
        case .general:
            return "You plan tasks. Turn the request into a todo list: a short title, then specific, actionable steps in order, with timing or requirements as notes."
        }
    }

    static func weekday(_ day: CivilDate) -> String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][day.weekday - 1]
    }
}
