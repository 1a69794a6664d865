import Foundation

/// The conversation list (Ctrl-O), search (Ctrl-\\, Alt-/), their prompts and what they report.
struct ConversationStrings: Sendable {
    var listTitle: String, searchTitle: String
    var listHelp: String, searchHelp: String
    var messages: @Sendable (Int) -> String
    var archived: String
    var you: String, assistant: String, toolResult: String, note: String
    var justNow: String
    var minutesAgo: @Sendable (Int) -> String
    var hoursAgo: @Sendable (Int) -> String
    var yesterday: String
    var monthDay: @Sendable (_ month: Int, _ day: Int) -> String
    var newTitle: String, renameKeys: String
    var confirmDelete: @Sendable (String) -> String
    var searchPrompt: String, searchLabel: String, filterLabel: String, filterKeys: String
    var listKeys: String, pickerKeys: String
    var nothingMatches: @Sendable (String) -> String
    var nothingFound: @Sendable (String) -> String
    /// The count of results, and whether there are more than that (only the newest matches were counted).
    var results: @Sendable (_ count: Int, _ atLeast: Bool) -> String
    /// Drawn while a search or its next page is being read.
    var searching: String
    var nothingToRestore: String
    var restored: @Sendable (String) -> String
    var unarchived: @Sendable (String) -> String
    var archivedNow: @Sendable (String) -> String
    var deleted: @Sendable (String) -> String
    var emptyTitle: String
    var hitOf: @Sendable (_ current: Int, _ count: Int, _ query: String) -> String
    /// After a long list's filter while its answer is being worked out off the loop.
    var filtering: String

    static let english = ConversationStrings(
        listTitle: "Conversations", searchTitle: "Search",
        listHelp: "Enter open · r rename · a archive · d delete · u undo · / filter · Ctrl-N new · Esc close",
        searchHelp: "Type words to search every message, tool result and note · ↑↓ move · Enter open · Esc close",
        messages: { "\($0) message\($0 == 1 ? "" : "s")" }, archived: "archived",
        you: "You", assistant: "Assistant", toolResult: "Tool result", note: "Note",
        justNow: "just now", minutesAgo: { "\($0) min ago" }, hoursAgo: { "\($0) h ago" }, yesterday: "yesterday",
        monthDay: { "\(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][$0 - 1]) \($1)" },
        newTitle: "New title: ", renameKeys: "  (Enter keeps it, Esc cancels)",
        confirmDelete: { "Delete “\($0)”? y deletes (u brings it back until you quit) · n keeps it" },
        searchPrompt: "search: type words…", searchLabel: "search: ", filterLabel: "filter: ",
        filterKeys: "  (Enter keeps it, Esc clears it)", listKeys: "↑↓ move · Enter open · / filter",
        pickerKeys: "type to filter · ↑↓ move · Enter choose · Esc close",
        nothingMatches: { "Nothing matches “\($0)”." }, nothingFound: { "Nothing found for “\($0)”." },
        results: { "\(grouped($0))\($1 ? "+" : "") result\($0 == 1 && !$1 ? "" : "s") · Enter opens" }, searching: "searching…",
        nothingToRestore: "Nothing deleted to bring back.", restored: { "Brought back “\($0)”." },
        unarchived: { "“\($0)” is back among the active conversations." },
        archivedNow: { "Archived “\($0)” (listed last; a brings it back)." },
        deleted: { "Deleted “\($0)”. u brings it back until AI Helper quits." },
        emptyTitle: "A title cannot be empty: the name was kept.",
        hitOf: { "Hit \($0) of \($1) for “\($2)” · n next · N previous · Esc ends the search" },
        filtering: "  filtering…")

    static let chinese = ConversationStrings(
        listTitle: "对话列表", searchTitle: "搜索",
        listHelp: "Enter 打开 · r 重命名 · a 归档 · d 删除 · u 撤销 · / 筛选 · Ctrl-N 新建 · Esc 关闭",
        searchHelp: "输入词语搜索所有消息、工具结果和笔记 · ↑↓ 移动 · Enter 打开 · Esc 关闭",
        messages: { "\($0) 条消息" }, archived: "已归档",
        you: "你", assistant: "助手", toolResult: "工具结果", note: "笔记",
        justNow: "刚刚", minutesAgo: { "\($0) 分钟前" }, hoursAgo: { "\($0) 小时前" }, yesterday: "昨天",
        monthDay: { "\($0)月\($1)日" },
        newTitle: "新标题：", renameKeys: "  （Enter 保存，Esc 取消）",
        confirmDelete: { "删除“\($0)”？y 删除（退出前可用 u 恢复）· n 保留" },
        searchPrompt: "搜索：输入词语…", searchLabel: "搜索：", filterLabel: "筛选：",
        filterKeys: "  （Enter 保留，Esc 清除）", listKeys: "↑↓ 移动 · Enter 打开 · / 筛选",
        pickerKeys: "输入以筛选 · ↑↓ 移动 · Enter 选择 · Esc 关闭",
        nothingMatches: { "没有匹配“\($0)”的项。" }, nothingFound: { "没有找到“\($0)”。" },
        results: { "\(grouped($0))\($1 ? "+" : "") 条结果 · Enter 打开" }, searching: "正在搜索…",
        nothingToRestore: "没有可恢复的已删除对话。", restored: { "已恢复“\($0)”。" },
        unarchived: { "“\($0)”已回到活跃对话中。" },
        archivedNow: { "已归档“\($0)”（排在最后；按 a 可恢复）。" },
        deleted: { "已删除“\($0)”。退出 AI Helper 前可按 u 恢复。" },
        emptyTitle: "标题不能为空：已保留原名称。",
        hitOf: { "“\($2)”的第 \($0) 条，共 \($1) 条 · n 下一条 · N 上一条 · Esc 结束搜索" },
        filtering: "  正在筛选…")
}

/// 1000000 as "1,000,000".
private func grouped(_ n: Int) -> String {
    var digits = Array(String(n)), out = ""
    while digits.count > 3 { out = "," + String(digits.suffix(3)) + out; digits.removeLast(3) }
    return String(digits) + out
}
