import Foundation

/// The command palette (Ctrl-P) and the slash-command popup: what each command does, the
/// palette's own names for actions whose help line covers two keys, and the popup's lines.
struct PaletteStrings: Sendable {
    var title: String
    var keys: String
    /// Slash command (its name, "/theme") → what it does.
    var commands: [String: String]
    /// `[keys]` action name → what the palette calls it, where the help's words fit a pair of keys.
    var actions: [String: String]
    var settingsSection: @Sendable (String) -> String
    var conversation: @Sendable (String) -> String
    var noCommand: @Sendable (String) -> String
    var nothingMatches: @Sendable (String) -> String
    var loading: String
    var popupKeys: String
    var didYouMean: @Sendable (String, String) -> String

    static let english = PaletteStrings(
        title: " Commands ", keys: "type to find · ↑↓ choose · Enter runs · Esc closes",
        commands: [
            "/help": "the keys and commands", "/new": "a new conversation", "/history": "the conversation list",
            "/search": "search all conversations", "/export": "save the conversation as Markdown (or .json)",
            "/retry": "ask the failed question again", "/remind": "a reminder from a sentence",
            "/list": "a todo list from a request", "/summarize": "summarize the conversation",
            "/provider": "choose the provider", "/model": "choose the model", "/theme": "choose the color theme",
            "/keys": "check the API key", "/mcp": "the MCP servers", "/sync": "sync accounts, last runs, conflicts", "/contacts": "the contacts", "/persona": "this conversation's persona", "/notes": "the notes", "/voice": "record a message (F4)", "/attach": "attach a server's resource to the next message",
            "/image": "attach an image to the next message (alone: remove the last)",
            "/settings": "the settings", "/quit": "quit",
        ],
        actions: [
            "next_pane": "next pane", "focus_chat": "focus Chat", "scroll_up": "scroll up", "older_answer": "choose an older answer",
            "previous_month": "previous month", "add_task": "add a task", "add_todo": "add a todo", "help": "help",
        ],
        settingsSection: { "settings › \($0)" }, conversation: { "open “\($0)”" },
        noCommand: { "no command matches “\($0)”" }, nothingMatches: { "nothing matches “\($0)”" },
        loading: "loading…", popupKeys: "Tab completes · ↑↓ · Esc",
        didYouMean: { "Unknown command \($0) — did you mean \($1)?" })

    static let chinese = PaletteStrings(
        title: " 命令面板 ", keys: "输入以查找 · ↑↓ 选择 · Enter 执行 · Esc 关闭",
        commands: [
            "/help": "按键与命令", "/new": "新对话", "/history": "对话列表", "/search": "搜索所有对话",
            "/export": "把对话保存为 Markdown（或 .json）", "/retry": "重新提问失败的问题", "/remind": "用一句话创建提醒",
            "/list": "按要求生成待办清单", "/summarize": "总结这段对话", "/provider": "选择服务商", "/model": "选择模型",
            "/theme": "选择配色主题", "/keys": "检查 API 密钥", "/mcp": "MCP 服务器", "/sync": "同步账户、上次同步、冲突", "/contacts": "联系人", "/persona": "本对话的人设", "/notes": "笔记", "/voice": "录音输入一条消息（F4）", "/attach": "把服务器的资源附到下一条消息",
            "/image": "给下一条消息附加图片（不带参数：移除最后一张）",
            "/settings": "设置", "/quit": "退出",
        ],
        actions: [
            "next_pane": "下一个面板", "focus_chat": "切到对话", "scroll_up": "向上滚动", "older_answer": "选择较早的回答",
            "previous_month": "上个月", "add_task": "添加任务", "add_todo": "添加待办", "help": "帮助",
        ],
        settingsSection: { "设置 › \($0)" }, conversation: { "打开“\($0)”" },
        noCommand: { "没有匹配“\($0)”的命令" }, nothingMatches: { "没有匹配“\($0)”的项" },
        loading: "加载中…", popupKeys: "Tab 补全 · ↑↓ · Esc",
        didYouMean: { "未知命令 \($0)——你是想用 \($1) 吗？" })

    /// What a key action does, in this language (the palette's words, else the help's).
    func does(_ action: KeyAction) -> String {
        action.name.flatMap { actions[$0] } ?? tr.help.does(action.does)
    }
}

extension Strings {
    /// The palette's words; a language added to `Language` must add its own here.
    var palette: PaletteStrings {
        switch language {
        case .english: return .english
        case .simplifiedChinese: return .chinese
        }
    }
}
