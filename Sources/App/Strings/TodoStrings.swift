import Foundation

/// The Todos pane, its forms and questions.
struct TodoStrings: Sendable {
    var noTodos: String
    var nothingMatches: @Sendable (String) -> String
    var inProgress: String
    var completed: String
    var due: String
    var filterTitle: String, filterHint: String
    var newTodo: String, newSubtask: String
    var newSubtaskOf: @Sendable (String) -> String
    var rename: String
    var notesOf: @Sendable (String) -> String
    var notesHint: String
    var dueOf: @Sendable (String) -> String
    var dueHint: String
    var title: String, notes: String, dueLabel: String, text: String
    var delete: @Sendable (_ title: String, _ subtasks: Int) -> String
    var completeChildren: @Sendable (_ title: String, _ open: Int) -> String
    var yesAll: String, onlyThisOne: String
    var needsTitle: String
    var badDue: @Sendable (String) -> String
    /// The filter after a section's title; what failed in "Could not …".
    var filterMark: @Sendable (String) -> String
    var changeTheTodo: String

    static let english = TodoStrings(
        noTodos: "No todos yet · a adds one, or ask: make a shopping list: eggs, milk",
        nothingMatches: { "Nothing matches “\($0)” · Esc shows all" },
        inProgress: "In Progress", completed: "Completed", due: "due",
        filterTitle: "Filter todos", filterHint: "empty shows all",
        newTodo: "New todo", newSubtask: "New subtask", newSubtaskOf: { "New subtask of “\($0)”" }, rename: "Rename",
        notesOf: { "Notes of “\($0)”" }, notesHint: "Alt-Enter new line · N edits in $EDITOR",
        dueOf: { "Due date of “\($0)”" }, dueHint: "2026-12-01, friday, in 3 days; empty: none",
        title: "Title", notes: "Notes", dueLabel: "Due", text: "Text",
        delete: { title, n in "Delete “\(title)”" + (n > 0 ? " and its \(n) subtask\(n == 1 ? "" : "s")" : "") + "?" },
        completeChildren: { title, n in "“\(title)” has \(n) open subtask\(n == 1 ? "" : "s"). Complete them too?" },
        yesAll: "yes, all", onlyThisOne: "only this one",
        needsTitle: "Type a title, or Esc to cancel.",
        badDue: { "Cannot read “\($0)” as a date: try 2026-12-01, friday or in 3 days." },
        filterMark: { " · filter “\($0)”" }, changeTheTodo: "change the todo")

    static let chinese = TodoStrings(
        noTodos: "还没有待办 · 按 a 添加，或者说：make a shopping list: eggs, milk",
        nothingMatches: { "没有匹配“\($0)”的项 · Esc 显示全部" },
        inProgress: "进行中", completed: "已完成", due: "截止",
        filterTitle: "筛选待办", filterHint: "留空显示全部",
        newTodo: "新建待办", newSubtask: "新建子任务", newSubtaskOf: { "“\($0)”的新子任务" }, rename: "重命名",
        notesOf: { "“\($0)”的备注" }, notesHint: "Alt-Enter 换行 · N 用 $EDITOR 编辑",
        dueOf: { "“\($0)”的截止日期" }, dueHint: "2026-12-01、friday、in 3 days；留空：无",
        title: "标题", notes: "备注", dueLabel: "截止", text: "文字",
        delete: { title, n in "删除“\(title)”" + (n > 0 ? "及其 \(n) 个子任务" : "") + "？" },
        completeChildren: { title, n in "“\(title)”还有 \(n) 个未完成的子任务。一起完成吗？" },
        yesAll: "是，全部", onlyThisOne: "只完成这一项",
        needsTitle: "请输入标题，或按 Esc 取消。",
        badDue: { "无法把“\($0)”读作日期：试试 2026-12-01、friday 或 in 3 days。" },
        filterMark: { " · 筛选“\($0)”" }, changeTheTodo: "修改待办")
}
