import Foundation

/// The task form: field labels, hints and what a field that does not read says.
struct TaskFormStrings: Sendable {
    var newTask: String
    var editTask: String
    var title: String, date: String, time: String, duration: String, category: String
    var priority: String, list: String, alert: String, repeats: String, notes: String
    var dateHint: String, timeHint: String, durationHint: String, alertHint: String, repeatHint: String
    var needsTitle: String
    var badDate: @Sendable (String) -> String
    var badTime: @Sendable (String) -> String
    var badDuration: @Sendable (String) -> String
    var chooseCategory: @Sendable (String) -> String
    var choosePriority: String
    var badAlert: String
    var repeatNeedsDate: String

    static let english = TaskFormStrings(
        newTask: "New task", editTask: "Edit task",
        title: "Title", date: "Date", time: "Time", duration: "Duration", category: "Category",
        priority: "Priority", list: "List", alert: "Alert", repeats: "Repeat", notes: "Notes",
        dateHint: "2026-12-01, tomorrow, next friday, in 3 days; empty: no date", timeHint: "9:30, 2pm; empty: all day",
        durationHint: "minutes, 1h, 1h30", alertHint: "minutes before the time; empty: at the time",
        repeatHint: "daily, weekdays, every 2 weeks, monthly on the 15th",
        needsTitle: "A task needs a title.",
        badDate: { "Cannot read “\($0)” as a date: try 2026-12-01, tomorrow or next friday." },
        badTime: { "Cannot read “\($0)” as a time: try 9:30 or 2pm." },
        badDuration: { "Cannot read “\($0)”: try 45, 1h or 1h30." },
        chooseCategory: { "Choose one of \($0) (← →)." }, choosePriority: "Choose none, low, medium or high (← →).",
        badAlert: "Minutes before the time, like 10 or 1h.", repeatNeedsDate: "A repeating task needs a first date.")

    static let chinese = TaskFormStrings(
        newTask: "新建任务", editTask: "编辑任务",
        title: "标题", date: "日期", time: "时间", duration: "时长", category: "类别",
        priority: "优先级", list: "清单", alert: "提醒", repeats: "重复", notes: "备注",
        dateHint: "2026-12-01、tomorrow、next friday、in 3 days；留空：无日期", timeHint: "9:30、2pm；留空：全天",
        durationHint: "分钟、1h、1h30", alertHint: "提前几分钟；留空：准时提醒",
        repeatHint: "daily、weekdays、every 2 weeks、monthly on the 15th",
        needsTitle: "任务需要一个标题。",
        badDate: { "无法把“\($0)”读作日期：试试 2026-12-01、tomorrow 或 next friday。" },
        badTime: { "无法把“\($0)”读作时间：试试 9:30 或 2pm。" },
        badDuration: { "无法读取“\($0)”：试试 45、1h 或 1h30。" },
        chooseCategory: { "请从 \($0) 中选择（← →）。" }, choosePriority: "请选择 无、低、中 或 高（← →）。",
        badAlert: "提前的分钟数，例如 10 或 1h。", repeatNeedsDate: "重复任务需要一个开始日期。")
}
