import Foundation
import Core

/// The Tasks pane and its questions.
struct TaskStrings: Sendable {
    var noTasks: String
    var nothingFound: String
    var todoLabel: String
    var weekFrom: @Sendable (String) -> String
    /// `capped`: the filter found more than the list holds.
    var filterHeader: @Sendable (_ text: String, _ found: Int, _ capped: Bool) -> String
    /// While the filter's tasks are being read.
    var filterPending: @Sendable (_ text: String) -> String
    var overdue: String
    /// A series whose rule the app cannot expand (kept and written back as it came).
    var ruleKeptAsIs: String
    var priority: @Sendable (Priority) -> String
    var category: @Sendable (String) -> String
    var filterTitle: String
    var filterHint: String
    var goToTitle: String
    var goToHint: String
    var deleteRepeating: @Sendable (String) -> String
    var changeRepeating: @Sendable (String) -> String
    var deleteOne: @Sendable (String) -> String
    var onlyDay: @Sendable (CivilDate) -> String
    var thisAndFuture: String
    var all: String
    /// What failed, in "Could not …" (`NoticeStrings.couldNot`).
    var changeTheTask: String, undoWord: String, redoWord: String

    static let english = TaskStrings(
        noTasks: "No tasks · a adds one", nothingFound: "Nothing found · Esc returns to the day", todoLabel: "todo",
        weekFrom: { "Week from \($0) · w day view" },
        filterHeader: { "Filter “\($0)” · \($2 ? "the first \($1)" : "\($1) found") · Esc clears" },
        filterPending: { "Filter “\($0)” · filtering…" },
        overdue: "overdue", ruleKeptAsIs: "repeats (rule kept as is)", priority: { $0.rawValue }, category: { $0 },
        filterTitle: "Filter tasks", filterHint: "title, notes, category or list; Esc closes",
        goToTitle: "Go to", goToHint: "2027-03-01, next friday, in 2 weeks",
        deleteRepeating: { "Delete “\($0)”, which repeats?" }, changeRepeating: { "Change “\($0)”, which repeats?" },
        deleteOne: { "Delete “\($0)”?" }, onlyDay: { "only \($0.iso)" }, thisAndFuture: "this and future", all: "all",
        changeTheTask: "change the task", undoWord: "undo", redoWord: "redo")

    static let chinese = TaskStrings(
        noTasks: "没有任务 · 按 a 添加", nothingFound: "没有找到 · Esc 返回当天", todoLabel: "待办",
        weekFrom: { "\($0) 起一周 · w 切换到日视图" },
        filterHeader: { "筛选“\($0)” · \($2 ? "前 \($1) 项" : "找到 \($1) 项") · Esc 清除" },
        filterPending: { "筛选“\($0)” · 正在筛选…" },
        overdue: "已逾期", ruleKeptAsIs: "重复（规则原样保留）", priority: { $0.chineseName }, category: { TaskCategory.chineseName($0) ?? $0 },
        filterTitle: "筛选任务", filterHint: "标题、备注、类别或清单；Esc 关闭",
        goToTitle: "跳转到", goToHint: "2027-03-01、next friday、in 2 weeks",
        deleteRepeating: { "删除重复任务“\($0)”？" }, changeRepeating: { "修改重复任务“\($0)”？" },
        deleteOne: { "删除“\($0)”？" }, onlyDay: { "仅 \($0.iso)" }, thisAndFuture: "这次及以后", all: "全部",
        changeTheTask: "修改任务", undoWord: "撤销", redoWord: "重做")
}
