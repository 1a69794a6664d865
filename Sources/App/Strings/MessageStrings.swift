import Foundation

/// What the message actions (Esc, then j k y c o p r e d < > a) say.
struct MessageStrings: Sendable {
    var noneToSelect: String, selected: String
    var onlyLastRetried: String, onlyLastEdited: String, editing: String
    var deleteUser: @Sendable (String) -> String
    var deleteAnswer: @Sendable (String) -> String
    var noVersions: String, noActionItems: String, whichActionItem: String
    var copyFailed: @Sendable (Int) -> String
    var copied: @Sendable (_ characters: Int, _ ways: String) -> String
    var pagerFailed: @Sendable (String) -> String
    var deletedMessage: String
    var nothingToRetry: String
    var showingVersion: @Sendable (_ number: Int, _ of: Int) -> String
    /// c and o: no code block, the picker's titles and keys, a block's size, a failed open.
    var noCode: String, copyWhichCode: String, openWhichCode: String, codePickerKeys: String
    var codeLines: @Sendable (Int) -> String
    var openFailed: @Sendable (String) -> String

    static let english = MessageStrings(
        noneToSelect: "No messages to select yet.", selected: "Message selected (F1: its keys) · Esc back to typing",
        onlyLastRetried: "Only the last answer can be retried: select it (G) and press r.",
        onlyLastEdited: "Only your last message can be edited: select it and press e.",
        editing: "Editing your last message: Enter resends it (the old answer stays as a branch: < >), Esc cancels.",
        deleteUser: { "Delete your message “\($0)”? It cannot be undone." },
        deleteAnswer: { "Delete this answer “\($0)”? It cannot be undone." },
        noVersions: "This message has no other versions: e on your last message makes one.",
        noActionItems: "No action items here: a comes with a /summarize answer that lists some.",
        whichActionItem: "Which action item becomes a todo?",
        copyFailed: { "Too long for OSC 52 (\($0) characters) and no wl-copy or xclip found: open it with p and copy from the pager." },
        copied: { "Copied \($0) characters (\($1)). If nothing arrived, enable OSC 52 in your terminal (tmux: set -g set-clipboard on)." },
        pagerFailed: { "The pager '\($0)' did not run cleanly. Set $PAGER (for example to less)." },
        deletedMessage: "Message deleted.",
        nothingToRetry: "Nothing to retry: the last answer did not fail. To ask again anyway, select it (Esc) and press r.",
        showingVersion: { "Showing version \($0) of \($1) (< > switch)." },
        noCode: "This message has no code block (c copies one, o opens one).",
        copyWhichCode: "Copy which code block?", openWhichCode: "Open which code block?",
        codePickerKeys: "its number, or ↑↓ and Enter · Esc close",
        codeLines: { $0 == 1 ? "1 line" : "\($0) lines" },
        openFailed: { "'\($0)' did not run cleanly. Set $PAGER (for example to less) or $EDITOR." })

    static let chinese = MessageStrings(
        noneToSelect: "还没有可选择的消息。", selected: "已选中消息（F1：相关按键）· Esc 返回输入",
        onlyLastRetried: "只能重试最后一条回答：选中它（G）后按 r。",
        onlyLastEdited: "只能编辑你的最后一条消息：选中它后按 e。",
        editing: "正在编辑你的最后一条消息：Enter 重新发送（旧回答会保留为分支：< >），Esc 取消。",
        deleteUser: { "删除你的消息“\($0)”？此操作无法撤销。" },
        deleteAnswer: { "删除这条回答“\($0)”？此操作无法撤销。" },
        noVersions: "这条消息没有其他版本：在你的最后一条消息上按 e 可以创建一个。",
        noActionItems: "这里没有行动项：只有列出行动项的 /summarize 回答才能用 a。",
        whichActionItem: "把哪个行动项变成待办？",
        copyFailed: { "内容太长，无法用 OSC 52 复制（\($0) 个字符），也没有找到 wl-copy 或 xclip：按 p 在分页器中复制。" },
        copied: { "已复制 \($0) 个字符（\($1)）。如果没有收到，请在终端中启用 OSC 52（tmux：set -g set-clipboard on）。" },
        pagerFailed: { "分页器“\($0)”没有正常运行。请设置 $PAGER（例如 less）。" },
        deletedMessage: "消息已删除。",
        nothingToRetry: "没有需要重试的回答：最后一条回答没有失败。若仍想重新提问，请选中它（Esc）后按 r。",
        showingVersion: { "正在显示第 \($0) 个版本，共 \($1) 个（< > 切换）。" },
        noCode: "这条消息没有代码块（c 复制代码块，o 打开代码块）。",
        copyWhichCode: "复制哪个代码块？", openWhichCode: "打开哪个代码块？",
        codePickerKeys: "按编号，或 ↑↓ 后按 Enter · Esc 关闭",
        codeLines: { "\($0) 行" },
        openFailed: { "“\($0)”没有正常运行。请设置 $PAGER（例如 less）或 $EDITOR。" })
}
