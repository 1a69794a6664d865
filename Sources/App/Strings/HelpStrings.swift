import Foundation

/// The help's section titles and, per language, what each key does. The keymap
/// (`KeyBindings.swift`) writes what a key does in English; a test checks that every one of
/// those has its translation here, so a new key cannot reach the help untranslated.
struct HelpStrings: Sendable {
    var everywhere: String, chat: String, tasks: String, todos: String, forms: String
    /// English description → this language's; nil: the English is used as it is.
    var translations: [String: String]?

    /// The words in the keymap's key labels that are not key names ("(selected)", "wheel"):
    /// English → this language's, replaced wherever they occur; nil: the English as it is.
    var labelWords: [String: String]?

    func does(_ english: String) -> String { translations?[english] ?? english }

    /// A key label in this language: key names (Ctrl-T, PgUp, Esc) stay, the words around them are translated.
    func keys(_ english: String) -> String {
        guard let labelWords else { return english }
        return labelWords.reduce(english) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    static let english = HelpStrings(everywhere: "Everywhere", chat: "Chat", tasks: "Tasks", todos: "Todos",
                                     forms: "Forms and reminders", translations: nil, labelWords: nil)

    static let chinese = HelpStrings(everywhere: "全局", chat: "对话", tasks: "任务", todos: "待办", forms: "表单与提醒",
                                     translations: chineseDescriptions, labelWords: chineseLabelWords)

    private static let chineseLabelWords: [String: String] = [
        " (empty input)": "（输入为空）", " (selected)": "（选中时）", " (chosen)": "（选中回答）",
        " (not streaming)": "（未在生成时）", " (new chat)": "（新对话）", "wheel": "滚轮",
        "[file]": "[文件]", "[name]": "[名称]", "[id]": "[模型]",
    ]

    private static let chineseDescriptions: [String: String] = [
        "next / previous pane": "下一个 / 上一个面板", "previous pane": "上一个面板",
        "Chat, Tasks, Todos": "对话、任务、待办", "focus Tasks": "切到任务", "focus Todos": "切到待办",
        "cancel the streaming answer": "取消正在生成的回答", "this help (? outside typing)": "本帮助（不在输入时按 ?）",
        "settings: provider, model, key…": "设置：服务商、模型、密钥、主题…",
        "dictate: F4 / Enter stop, Esc cancel": "语音输入：F4 / Enter 停止，Esc 取消",
        "quit": "退出",
        "contacts: add, edit, delete, filter": "联系人：添加、编辑、删除、筛选", "notes: add, edit in $EDITOR, delete, filter": "笔记：添加、在 $EDITOR 中编辑、删除、筛选",
        "command palette: find any action": "命令面板：查找任何操作", "complete a command or its argument": "补全命令或其参数",
        "conversations: open, rename, delete": "对话列表：打开、重命名、删除", "/search: search all; n / N: hits": "/search：全部搜索；n / N 在结果间跳转",
        "save it as Markdown (or .json)": "保存为 Markdown（或 .json）",
        "select messages: j k move, Esc back": "选择消息：j k 移动，Esc 返回", "copy (OSC 52) · $PAGER · delete": "复制（OSC 52）· $PAGER · 删除（会先确认）",
        "a code block [n]: copy · $PAGER": "代码块 [n]：复制 · $PAGER",
        "retry · edit last message and resend": "重试 · 编辑最后一条消息并重新发送", "other versions ‹ 2/3 ›": "其他版本 ‹ 2/3 ›",
        "action item → todo": "行动项 → 待办", "summarize the conversation": "总结这段对话",
        "send": "发送", "new line": "换行", "compose in $EDITOR": "在 $EDITOR 中编写",
        "move; Ctrl-A / E: line start / end": "移动；Ctrl-A / E：行首 / 行尾", "move a word": "按词移动",
        "cut a word, to line start / end": "剪切一个词，或到行首 / 行尾",
        "paste the cut · swap chars · undo": "粘贴剪切的 · 交换字符 · 撤销",
        "input history, search it": "输入历史，搜索历史",
        "edit fields as the input": "字段、筛选、搜索的编辑键同输入框",
        "scroll": "滚动", "scroll down": "向下滚动", "top / bottom (empty input)": "顶部 / 底部（输入为空时）",
        "put a suggested prompt in the input": "把推荐问题填入输入框", "retry a failed answer": "重试失败的回答",
        "choose an answer": "选择一条回答", "choose a newer answer": "选择较新的回答", "open / close its steps": "展开 / 收起它的步骤",
        "timeline of the chosen/last answer": "所选或最后一条回答的时间线", "new conversation": "新对话",
        "a reminder from a sentence": "用一句话创建提醒", "a todo list from a request": "按要求生成待办清单",
        "choose the provider": "选择服务商", "choose the model": "选择模型", "this conversation's persona": "此对话的人设", "check the API key": "检查 API 密钥",
        "day / week": "前后一天 / 一周", "month / year": "前后一月 / 一年", "next month": "下个月", "today": "今天",
        "go to a date": "跳转到日期", "next / previous task": "下一个 / 上一个任务", "add / edit (form)": "添加 / 编辑（表单）",
        "edit the task": "编辑任务", "delete (asks)": "删除（会先确认）", "complete / reopen": "完成 / 重新打开",
        "postpone to tomorrow": "推迟到明天", "sync conflict: pick a side": "同步冲突：选择保留哪一方", "week view": "周视图", "filter all tasks": "筛选所有任务", "undo / redo": "撤销 / 重做",
        "move": "移动", "fold / unfold": "折叠 / 展开", "fold / unfold all": "全部折叠 / 展开", "add sibling / child": "添加同级 / 子项",
        "add a child": "添加子项", "rename": "重命名", "notes / notes in $EDITOR": "备注 / 在 $EDITOR 中写备注",
        "due date": "截止日期", "move down / up": "下移 / 上移", "filter": "筛选",
        "next / previous field": "下一个 / 上一个字段", "choose (category, priority)": "选择（类别、优先级）",
        "half a page down / up": "向下 / 向上半页", "first / last task": "第一个 / 最后一个任务",
        "command: :q :w FILE :new :search…": "命令：:q 退出，:w 文件 导出，:new :search…",
        "next / previous week": "下一周 / 上一周", "first / last day of the week": "本周第一天 / 最后一天", "first / last": "第一项 / 最后一项",
        "save / cancel": "保存 / 取消", "snooze 10 min, 1 h, tomorrow": "稍后 10 分钟、1 小时、明天", "dismiss a reminder": "关闭提醒",
    ]
}
