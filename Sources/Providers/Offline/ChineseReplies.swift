import Foundation
import Core

/// What the offline assistant says to a Chinese request: every answer of `OfflineReplies`, in
/// Simplified Chinese. Confirmations are written from the call's arguments (the tools answer in English).
enum ChineseReplies: FixedReplies {
    static let examples = [
        "明天下午5点提醒我给妈妈打电话",
        "添加任务：周五上午9点看牙医",
        "列一个出行清单：护照、充电器、袜子",
        "这周有什么安排",
        "把给妈妈打电话标记为完成",
        "下周五是几号",
    ]

    static var help: String {
        "我是内置的离线助手：没有连接语言模型，但我可以创建任务和提醒、列待办清单、查看日程、完成或删除任务，还能推算日期。试试：\n"
            + OfflineReplies.bulleted(examples)
    }

    static let greeting = "你好！我是内置的离线助手，可以帮你管理任务和待办清单，推算日期。输入“帮助”查看示例。"

    static let thanks = "不客气！（这是离线助手；输入“帮助”看看我能做什么。）"

    static var unknown: String {
        "我是内置的离线助手，没能从这句话里找到任务请求。我能听懂这样的话：\n"
            + OfflineReplies.bulleted([examples[0], examples[2], examples[3]])
            + "\n\n要回答开放性问题，请连接模型：设置 OPENAI_API_KEY、ANTHROPIC_API_KEY 或 GEMINI_API_KEY，"
            + "或运行本地 Ollama，然后用 `aihelper --provider NAME` 启动。"
    }

    private static let abilities = [
        OfflineToolName.createTask: "创建任务", OfflineToolName.createTodoList: "创建待办清单",
        OfflineToolName.listTasks: "查看你的任务", OfflineToolName.completeTask: "完成任务",
        OfflineToolName.deleteTask: "删除任务", OfflineToolName.resolveDate: "推算日期",
    ]

    static let cannotSee = "我看不到图片（离线助手只读文字）；要问图片，请用 /model 选一个能看图的模型。"

    static func missingTool(_ name: String) -> String {
        "离线助手在这里无法\(abilities[name] ?? "这样做")：本次会话没有 \(name) 工具。"
    }

    /// The final answer once a tool has run.
    static func answer(toResult result: ChatMessage, in request: ChatRequest) -> String {
        let text = result.content.trimmingCharacters(in: .whitespacesAndNewlines)
        let arguments = OfflineReplies.call(answeredBy: result, in: request).flatMap { JSONValue(parsing: $0.arguments) }
        let today = CivilDate(request.now, in: request.timeZone)
        if result.isError { return apology(for: result.toolName, text: text, arguments: arguments) }
        if text.hasPrefix("The user declined") { return "好的，已取消，什么都没有改。" }
        switch result.toolName {
        case OfflineToolName.createTask?:
            return arguments.flatMap { createdTask($0, result: text, today: today) } ?? "好的。\(text)"
        case OfflineToolName.createTodoList?:
            return arguments.flatMap(createdList) ?? "好的。\(text)"
        case OfflineToolName.listTasks?:
            return ChineseAgendaText.answer(listing: text, arguments: arguments, today: today)
        case OfflineToolName.completeTask?:
            return "好的，已将\(taskNamed(in: text, arguments))标记为完成。" + othersNote(text, arguments)
        case OfflineToolName.deleteTask?:
            return "好的，已删除\(taskNamed(in: text, arguments))。" + othersNote(text, arguments)
        case OfflineToolName.resolveDate?:
            return dateAnswer(result: text, arguments: arguments, request: request) ?? text
        default:
            return "好的。\(text)"
        }
    }

    private static func apology(for tool: String?, text: String, arguments: JSONValue?) -> String {
        switch tool {
        case OfflineToolName.completeTask?, OfflineToolName.deleteTask?:
            let title = arguments?["title"]?.stringValue ?? ""
            return "抱歉，没有找到与“\(title)”匹配的任务。问我“接下来有什么安排”可以查看你的任务。"
        case OfflineToolName.createTask?, OfflineToolName.createTodoList?:
            return "抱歉，没有成功：\(text.withoutTrailingPunctuation)。换个说法试试，比如“\(examples[0])”。"
        default:
            return "抱歉，没有成功：\(text.withoutTrailingPunctuation)。输入“帮助”查看示例。"
        }
    }

    /// 好的，已创建任务“给妈妈打电话”，11月24日 周二 17:00（个人）。 A series says how it repeats, from
    /// the day the tool started it on (in its result): “…，11月26日 周四 20:00（其他），每周一、周四重复。”
    private static func createdTask(_ arguments: JSONValue, result: String, today: CivilDate) -> String? {
        guard let title = arguments["title"]?.stringValue else { return nil }
        let repeats = arguments["repeat"]?.stringValue.flatMap { try? RecurrenceRule(parsing: $0) }
        let startedOn = repeats == nil ? nil : result.firstMatch(of: /\d{4}-\d{2}-\d{2}/).flatMap { CivilDate(iso: String($0.output)) }
        let date = startedOn ?? arguments["date"]?.stringValue.flatMap(CivilDate.init(iso:))
        let time = arguments["time"]?.stringValue
        var when = date.map { $0.shortChinese(currentYear: today.year) } ?? (time == nil ? "没有日期" : "今天")
        if let time { when += " \(time)" }
        var details = [arguments["category"]?.stringValue.flatMap(TaskCategory.chineseName)].compactMap { $0 }
        if let priority = arguments["priority"]?.stringValue.flatMap(Priority.init(rawValue:)).flatMap({ $0 == .none ? nil : $0.chineseName }) {
            details.append("\(priority)优先级")
        }
        return "好的，已创建任务“\(title)”，\(when)" + (details.isEmpty ? "" : "（\(details.joined(separator: "，"))）")
            + (repeats.map { "，\($0.chineseSummary)重复" } ?? "") + "。"
    }

    /// 好的，已创建待办清单“写求职信”，共 3 项：调研、草稿、修改。
    private static func createdList(_ arguments: JSONValue) -> String? {
        guard let title = arguments["title"]?.stringValue else { return nil }
        let items = arguments["items"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if items.isEmpty { return "好的，已创建待办清单“\(title)”（还没有条目）。" }
        return "好的，已创建待办清单“\(title)”，共 \(items.count) 项：\(items.joined(separator: "、"))。"
    }

    /// The task the tool found, quoted as in its result (“Call mom”), else the title asked for.
    private static func taskNamed(in result: String, _ arguments: JSONValue?) -> String {
        if let quoted = result.firstMatch(of: /“[^”]*”/) { return String(quoted.output) }
        return "“\(arguments?["title"]?.stringValue ?? "")”"
    }

    /// "2 other open tasks also match …" → 另有 2 个任务也与“…”匹配。
    private static func othersNote(_ result: String, _ arguments: JSONValue?) -> String {
        guard let count = result.firstMatch(of: /(\d+) other/)?.output.1 else { return "" }
        return "另有 \(count) 个任务也与“\(arguments?["title"]?.stringValue ?? "")”匹配。"
    }

    /// 下周五是2026年12月4日，星期五。
    private static func dateAnswer(result: String, arguments: JSONValue?, request: ChatRequest) -> String? {
        guard let phrase = arguments?["phrase"]?.stringValue else { return nil }
        guard let day = OfflineReplies.resolvedDay(result: result, phrase: phrase, request: request) else { return nil }
        return "\(phrase)是\(day.spokenChinese)。"
    }
}
