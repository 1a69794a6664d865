import Foundation

/// What frames the panes: tabs, titles, the status bar, the help box, a too-small terminal.
struct ChromeStrings: Sendable {
    var chat: String, tasks: String, todos: String
    var tabsHint: String
    var newConversation: String
    var offlineAssistant: String
    var online: String, offline: String, retrying: String
    /// Before the reason of a wait for a retry: the seconds left.
    var retryingIn: @Sendable (Int) -> String
    var allowDeny: String
    var hintStreaming: String, hintChat: String, hintMessage: String, hintTasks: String, hintTodos: String
    var tooSmall: String
    var needSize: @Sendable (_ width: Int, _ height: Int, _ minWidth: Int, _ minHeight: Int) -> String
    var enlarge: String
    var quitKey: String
    var helpTitle: String
    var helpFooter: String
    /// The help taller than the screen: which lines show, and that it scrolls.
    var helpScrollFooter: @Sendable (_ first: Int, _ last: Int, _ total: Int) -> String

    static let english = ChromeStrings(
        chat: "Chat", tasks: "Tasks", todos: "Todos", tabsHint: "Tab/Alt-1..3 switch",
        newConversation: "New conversation", offlineAssistant: "Offline assistant",
        online: "● online", offline: "○ offline", retrying: "◌ retrying", retryingIn: { "Retrying in \($0) s · " },
        allowDeny: "[y] allow  [n] deny",
        hintStreaming: "Esc cancel · Tab panes · Ctrl-Q quit",
        hintChat: "Enter send · Tab panes · F1 help · F2 settings · Ctrl-Q quit",
        hintMessage: "y copy · c/o code · r retry · e edit · d del · p pager · Esc",
        hintTasks: "a add · e edit · x done · d del · u undo · F1 keys",
        hintTodos: "a add · A child · Space done · u undo · F1 keys",
        tooSmall: "Terminal too small", needSize: { "\($0)×\($1), need \($2)×\($3)" },
        enlarge: "Enlarge the window", quitKey: "Ctrl-Q quits",
        helpTitle: " Keys ", helpFooter: "Any key closes this help. Remap keys in config.toml [keys]: docs/settings.md",
        helpScrollFooter: { "\($0)–\($1) of \($2) lines · ↑↓ PgUp PgDn scroll · other keys close" })

    static let chinese = ChromeStrings(
        chat: "对话", tasks: "任务", todos: "待办", tabsHint: "Tab/Alt-1..3 切换",
        newConversation: "新对话", offlineAssistant: "离线助手",
        online: "● 在线", offline: "○ 离线", retrying: "◌ 重试中", retryingIn: { "\($0) 秒后重试 · " },
        allowDeny: "[y] 允许  [n] 拒绝",
        hintStreaming: "Esc 取消 · Tab 切换面板 · Ctrl-Q 退出",
        hintChat: "Enter 发送 · Tab 切换面板 · F1 帮助 · F2 设置 · Ctrl-Q 退出",
        hintMessage: "y 复制 · c/o 代码 · r 重试 · e 编辑 · d 删除 · p 分页查看 · Esc",
        hintTasks: "a 添加 · e 编辑 · x 完成 · d 删除 · u 撤销 · F1 按键",
        hintTodos: "a 添加 · A 子项 · Space 完成 · u 撤销 · F1 按键",
        tooSmall: "终端窗口太小", needSize: { "\($0)×\($1)，至少需要 \($2)×\($3)" },
        enlarge: "请放大窗口", quitKey: "Ctrl-Q 退出",
        helpTitle: " 按键 ", helpFooter: "按任意键关闭帮助。可在 config.toml 的 [keys] 中重新映射按键：docs/settings.md",
        helpScrollFooter: { "第 \($0)–\($1) 行，共 \($2) 行 · ↑↓ PgUp PgDn 滚动 · 其他键关闭" })
}
