import Foundation

/// The undo journal's entry names, which Storage writes in English ("delete “Standup” (only
/// 2026-11-24)") and "Undid: …" shows: read back into this language. A name of another shape
/// (or a title holding “ ”) is shown as it is.
enum JournalLabels {
    private static let verbs: [String: String] = [
        "add": "添加", "edit": "编辑", "complete": "完成", "reopen": "重新打开", "delete": "删除",
        "rename": "重命名为", "notes of": "修改备注：", "postpone": "推迟",
        "due": "设置截止日期：", "no due date for": "取消截止日期：",
    ]

    static func chinese(_ label: String) -> String {
        if label.hasPrefix("import ") { return "导入 " + label.dropFirst("import ".count) }
        if let sync = syncLabel(label) { return sync }
        guard let open = label.firstIndex(of: "“"), let close = label.lastIndex(of: "”"), open < close else { return label }
        let head = label[..<open].trimmingCharacters(in: .whitespaces)
        let title = label[open...close]
        let rest = String(label[label.index(after: close)...])
        if head == "move", rest == " up" || rest == " down" { return (rest == " up" ? "上移" : "下移") + title }
        guard let verb = verbs[head], let tail = chineseTail(rest) else { return label }
        return verb + title + tail
    }

    /// A sync run's entry, "sync ACCOUNT", and a conflict's pick, "sync ACCOUNT: keep local|server|both"
    /// (Sync's RunContext and SyncConflicts.swift).
    private static func syncLabel(_ label: String) -> String? {
        guard label.hasPrefix("sync ") else { return nil }
        let rest = label.dropFirst("sync ".count)
        guard let colon = rest.range(of: ": keep ") else { return rest.contains(" ") ? nil : "同步 " + rest }
        let account = rest[..<colon.lowerBound]
        let side = ["local": "保留本地版本", "server": "采用服务器版本", "both": "两者都保留"][String(rest[colon.upperBound...])]
        return side.map { "同步 \(account)：\($0)" }
    }

    /// What follows the title: the subtasks, a direction, a date, a series' scope.
    private static func chineseTail(_ rest: String) -> String? {
        switch rest {
        case "": return ""
        case " and its subtasks": return "及其子任务"
        case " (every occurrence)": return "（全部）"
        default: break
        }
        let date = "(\\d{4}-\\d{2}-\\d{2})"
        for (pattern, template) in [("^ \(date)$", " $1"), ("^ \\(only \(date)\\)$", "（仅 $1）"), ("^ \\(from \(date) on\\)$", "（$1 起）")] {
            let regex = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(rest.startIndex..., in: rest)
            if regex.firstMatch(in: rest, range: range) != nil {
                return regex.stringByReplacingMatches(in: rest, range: range, withTemplate: template)
            }
        }
        return nil
    }
}
