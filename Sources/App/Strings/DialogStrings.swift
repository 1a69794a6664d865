import Foundation

/// What every form, question and reminder box says around its content.
struct DialogStrings: Sendable {
    var formHelp: String
    var settingsHelp: String
    var oneFieldHelp: String
    var confirm: String
    var escCancel: String
    var yes: String, no: String
    var reminder: String, missedReminder: String
    var more: @Sendable (Int) -> String
    var snoozeKeys: String
    var snoozeTenMinutes: String, snoozeHour: String, snoozeTomorrow: String

    static let english = DialogStrings(
        formHelp: "Enter save · Tab/↑↓ field · ←→ choose · Esc cancel",
        settingsHelp: "Enter save · Tab/↑↓ field · ←→ choose · F3 MCP servers · Esc close", oneFieldHelp: "Enter ok · Esc cancel",
        confirm: "Confirm", escCancel: "Esc cancel", yes: "yes", no: "no",
        reminder: "Reminder", missedReminder: "Missed reminder", more: { "\($0) more" },
        snoozeKeys: "1 snooze 10 min · 2 1 hour · 3 tomorrow · Enter dismiss",
        snoozeTenMinutes: "10 min", snoozeHour: "1 hour", snoozeTomorrow: "tomorrow")

    static let chinese = DialogStrings(
        formHelp: "Enter 保存 · Tab/↑↓ 切换字段 · ←→ 选择 · Esc 取消",
        settingsHelp: "Enter 保存 · Tab/↑↓ 切换字段 · ←→ 选择 · F3 MCP 服务器 · Esc 关闭", oneFieldHelp: "Enter 确定 · Esc 取消",
        confirm: "确认", escCancel: "Esc 取消", yes: "是", no: "否",
        reminder: "提醒", missedReminder: "错过的提醒", more: { "还有 \($0) 个" },
        snoozeKeys: "1 稍后 10 分钟 · 2 1 小时 · 3 明天 · Enter 关闭",
        snoozeTenMinutes: "10 分钟", snoozeHour: "1 小时", snoozeTomorrow: "明天")
}
