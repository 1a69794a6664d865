import Foundation

/// The status bar's notices from the runtime: what happened, what failed and what to do next.
/// Errors from the system (`error`) stay as the system words them.
struct NoticeStrings: Sendable {
    var couldNotCheckReminders: @Sendable (String) -> String
    var moreRemindersDue: @Sendable (Int) -> String
    var snoozed: @Sendable (_ title: String, _ for: String) -> String
    var couldNotSnooze: @Sendable (String) -> String
    var couldNotReadConversations: @Sendable (String) -> String
    var couldNotChangeConversation: @Sendable (String) -> String
    var searchFailed: String
    var conversationGone: String
    var note: @Sendable (_ title: String, _ body: String) -> String
    var nothingToExport: String
    var exported: @Sendable (_ id: Int64, _ messages: Int, _ path: String) -> String
    var couldNotExport: @Sendable (_ path: String, _ error: String) -> String
    var undid: @Sendable (String) -> String, redid: @Sendable (String) -> String
    /// An undo journal entry's name (stored in English) in this language.
    var journalLabel: @Sendable (String) -> String
    var nothingToUndo: String, nothingToRedo: String, redoHint: String
    /// A change made in Tasks or Todos (or an action item turned into a todo), and how to undo it.
    var added: @Sendable (String) -> String, saved: @Sendable (String) -> String, deleted: @Sendable (String) -> String
    var completed: @Sendable (String) -> String, reopened: @Sendable (String) -> String
    var undoHint: String, undoHintIn: @Sendable (_ pane: String) -> String
    var couldNot: @Sendable (_ what: String, _ error: String) -> String
    var editorFailed: @Sendable (String) -> String
    var cannotWriteTemporary: @Sendable (_ command: String, _ error: String) -> String
    var couldNotSave: @Sendable (String) -> String
    var couldNotLoadTasks: @Sendable (String) -> String, couldNotLoadTodos: @Sendable (String) -> String
    /// The input history (Up, Ctrl-R) could not be read or a line kept in it.
    var couldNotLoadHistory: @Sendable (String) -> String, couldNotKeepHistory: @Sendable (String) -> String
    var couldNotSwitchBranches: @Sendable (String) -> String, couldNotDeleteMessage: @Sendable (String) -> String
    var providerTitle: String, providerStatus: String
    /// The `/provider` and `/model` lists: what each provider needs, each model's price, where the list came from.
    var builtInNoNetwork: String, localServer: String, keySet: String, needsAKey: String
    var needsVariables: @Sendable ([String]) -> String
    var free: String, pricePerMillion: @Sendable (_ input: Double, _ output: Double) -> String
    var modelsLive: @Sendable (Int) -> String, modelsCached: @Sendable (Int) -> String
    var builtInList: @Sendable (String?) -> String
    var offlineOneModel: String
    var modelTitle: @Sendable (String) -> String
    var loadingLiveList: String
    var nowAnswering: @Sendable (_ provider: String, _ model: String) -> String
    var offlineNeedsNoKey: String
    var checkingKey: @Sendable (String) -> String
    var switchingUnavailable: String, settingsUnavailable: String
    var themeTitle: String, themeStatus: String, themeInUse: String
    var themeSwitched: @Sendable (String) -> String, keepingTheme: @Sendable (String) -> String
    var noColor: String
    var cutOff: @Sendable (Int) -> String
    var editCancelled: String, stillStreaming: String, cancelFirst: String
    var unknownCommand: @Sendable (_ name: String, _ commands: String) -> String
    var noTimeline: String
    /// TERM had no terminfo entry here (or was unset, or not a name): the entry used instead.
    var terminalUnknown: @Sendable (_ asked: String, _ used: String) -> String
    var terminalUnset: @Sendable (_ used: String) -> String, terminalNotAName: @Sendable (_ asked: String, _ used: String) -> String

    static let english = NoticeStrings(
        couldNotCheckReminders: { "Could not check reminders: \($0)" },
        moreRemindersDue: { "\($0) more reminders came due while AI Helper was closed: see the Tasks pane." },
        snoozed: { "Snoozed “\($0)” for \($1)." }, couldNotSnooze: { "Could not snooze: \($0)" },
        couldNotReadConversations: { "Could not read the conversations: \($0)" },
        couldNotChangeConversation: { "Could not change the conversation: \($0). Nothing was changed." },
        searchFailed: "The search could not run; try other words.",
        conversationGone: "That conversation is gone (deleted meanwhile?). Ctrl-O lists the others.",
        note: { "Note “\($0)”: \($1)" },
        nothingToExport: "Nothing to export yet: this conversation has no messages.",
        exported: { "Exported conversation \($0) (\($1) message\($1 == 1 ? "" : "s")) to \($2)." },
        couldNotExport: { "Could not export to \($0): \($1). Check the folder exists and is writable." },
        undid: { "Undid: \($0)" }, redid: { "Redid: \($0)" }, journalLabel: { $0 },
        nothingToUndo: "Nothing to undo.", nothingToRedo: "Nothing to redo.", redoHint: " · Ctrl-R redoes",
        added: { "Added “\($0)”." }, saved: { "Saved “\($0)”." }, deleted: { "Deleted “\($0)”." },
        completed: { "Completed “\($0)”." }, reopened: { "Reopened “\($0)”." },
        undoHint: " · u undoes", undoHintIn: { " · u in \($0) undoes" },
        couldNot: { "Could not \($0): \($1). Nothing was changed; try again." },
        editorFailed: { "The editor '\($0)' did not run cleanly; nothing changed. Set $EDITOR." },
        cannotWriteTemporary: { "Cannot write a temporary file for \($0): \($1)" },
        couldNotSave: { "Could not save the message: \($0). Your text is back in the input." },
        couldNotLoadTasks: { "Could not load tasks: \($0)" }, couldNotLoadTodos: { "Could not load todos: \($0)" },
        couldNotLoadHistory: { "Could not load the input history: \($0)" },
        couldNotKeepHistory: { "Sent, but not kept in the input history: \($0)" },
        couldNotSwitchBranches: { "Could not switch branches: \($0)" },
        couldNotDeleteMessage: { "Could not delete the message: \($0). Nothing was changed." },
        providerTitle: "Provider", providerStatus: "Keys come from the environment (see docs/providers.md).",
        builtInNoNetwork: "built in, no network", localServer: "local server", keySet: "key set", needsAKey: "needs a key",
        needsVariables: { "needs " + $0.joined(separator: " or ") },
        free: "free", pricePerMillion: { String(format: "$%.2f / $%.2f per M tokens", $0, $1) },
        modelsLive: { "\($0) models, live list" }, modelsCached: { "\($0) models, listed within the last day" },
        builtInList: { "Built-in list: " + ($0 ?? "the live list is unavailable.") },
        offlineOneModel: "The offline assistant has one model. Choose a provider first: /provider.",
        modelTitle: { "\($0) model" }, loadingLiveList: "Loading the live list…",
        nowAnswering: { "Now answering with \($0) · \($1)." },
        offlineNeedsNoKey: "The offline assistant needs no key.", checkingKey: { "Checking the \($0) key…" },
        switchingUnavailable: "Switching providers is not available here.", settingsUnavailable: "Settings are not available here.",
        themeTitle: "Theme", themeStatus: "Enter switches. To keep one, put theme = \"NAME\" in config.toml.", themeInUse: "in use",
        themeSwitched: { "Theme: \($0)." }, keepingTheme: { "keeping \($0)" }, noColor: " NO_COLOR is set: attributes only.",
        cutOff: { "\($0) answer(s) were cut off last time and are marked interrupted. Press r to retry." },
        editCancelled: "Edit cancelled.", stillStreaming: "An answer is still streaming: wait for it, or press Esc to cancel it.",
        cancelFirst: "Press Esc to cancel the answer first.",
        unknownCommand: { "Unknown command \($0). Commands: \($1)." },
        noTimeline: "No timeline yet: it shows the steps of an answer (its model calls and tools).",
        terminalUnknown: { "Terminal “\($0)” unknown here: using \($1) (install its terminfo entry)." },
        terminalUnset: { "TERM is not set: using \($0)." },
        terminalNotAName: { "TERM “\($0)” is not a terminal name: using \($1)." })

    static let chinese = NoticeStrings(
        couldNotCheckReminders: { "无法检查提醒：\($0)" },
        moreRemindersDue: { "AI Helper 关闭期间还有 \($0) 个提醒到期：请查看任务面板。" },
        snoozed: { "已将“\($0)”推迟 \($1)。" }, couldNotSnooze: { "无法推迟：\($0)" },
        couldNotReadConversations: { "无法读取对话：\($0)" },
        couldNotChangeConversation: { "无法修改对话：\($0)。没有任何改动。" },
        searchFailed: "搜索无法进行，请换些词语再试。",
        conversationGone: "这个对话已不存在（可能刚被删除）。Ctrl-O 查看其他对话。",
        note: { "笔记“\($0)”：\($1)" },
        nothingToExport: "还没有可导出的内容：这个对话没有消息。",
        exported: { "已将对话 \($0)（\($1) 条消息）导出到 \($2)。" },
        couldNotExport: { "无法导出到 \($0)：\($1)。请确认文件夹存在且可写。" },
        undid: { "已撤销：\($0)" }, redid: { "已重做：\($0)" }, journalLabel: JournalLabels.chinese,
        nothingToUndo: "没有可撤销的操作。", nothingToRedo: "没有可重做的操作。", redoHint: " · Ctrl-R 重做",
        added: { "已添加“\($0)”。" }, saved: { "已保存“\($0)”。" }, deleted: { "已删除“\($0)”。" },
        completed: { "已完成“\($0)”。" }, reopened: { "已重新打开“\($0)”。" },
        undoHint: " · u 撤销", undoHintIn: { " · 在\($0)中按 u 撤销" },
        couldNot: { "操作失败（\($0)）：\($1)。没有任何改动，请重试。" },
        editorFailed: { "编辑器“\($0)”没有正常运行，没有任何改动。请设置 $EDITOR。" },
        cannotWriteTemporary: { "无法为 \($0) 写入临时文件：\($1)" },
        couldNotSave: { "无法保存消息：\($0)。你的文字已放回输入框。" },
        couldNotLoadTasks: { "无法加载任务：\($0)" }, couldNotLoadTodos: { "无法加载待办：\($0)" },
        couldNotLoadHistory: { "无法加载输入历史：\($0)" },
        couldNotKeepHistory: { "已发送，但未能存入输入历史：\($0)" },
        couldNotSwitchBranches: { "无法切换分支：\($0)" },
        couldNotDeleteMessage: { "无法删除消息：\($0)。没有任何改动。" },
        providerTitle: "服务商", providerStatus: "密钥来自环境变量（见 docs/providers.md）。",
        builtInNoNetwork: "内置，无需网络", localServer: "本地服务器", keySet: "已设置密钥", needsAKey: "需要密钥",
        needsVariables: { "需要 " + $0.joined(separator: " 或 ") },
        free: "免费", pricePerMillion: { String(format: "每百万 token $%.2f / $%.2f", $0, $1) },
        modelsLive: { "共 \($0) 个模型，在线列表" }, modelsCached: { "共 \($0) 个模型，一天内获取的列表" },
        builtInList: { "内置列表：" + ($0 ?? "在线列表不可用。") },
        offlineOneModel: "离线助手只有一个模型。请先选择服务商：/provider。",
        modelTitle: { "\($0) 模型" }, loadingLiveList: "正在加载在线列表…",
        nowAnswering: { "现在由 \($0) · \($1) 回答。" },
        offlineNeedsNoKey: "离线助手不需要密钥。", checkingKey: { "正在检查 \($0) 的密钥…" },
        switchingUnavailable: "这里无法切换服务商。", settingsUnavailable: "这里无法打开设置。",
        themeTitle: "主题", themeStatus: "按 Enter 切换。若要保留，请在 config.toml 中写 theme = \"名称\"。", themeInUse: "使用中",
        themeSwitched: { "主题：\($0)。" }, keepingTheme: { "继续使用 \($0)" }, noColor: " 已设置 NO_COLOR：只保留文字样式。",
        cutOff: { "上次有 \($0) 条回答被中断，已标记为中断。按 r 重试。" },
        editCancelled: "已取消编辑。", stillStreaming: "回答仍在生成：请等待，或按 Esc 取消。",
        cancelFirst: "请先按 Esc 取消回答。",
        unknownCommand: { "未知命令 \($0)。可用命令：\($1)。" },
        noTimeline: "还没有时间线：它显示一条回答的步骤（模型调用和工具）。",
        terminalUnknown: { "本机不认识终端“\($0)”：改用 \($1)（可安装该终端的 terminfo 条目）。" },
        terminalUnset: { "未设置 TERM：改用 \($0)。" },
        terminalNotAName: { "TERM“\($0)”不是终端名称：改用 \($1)。" })
}
