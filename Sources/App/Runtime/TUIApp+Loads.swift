import Foundation
import Core
import Storage

/// The panes' loads and the one refresh after a data change. Each load reads the database and
/// answers with what it found (`.tasksLoaded`, `.todosLoaded`), which `update` applies.
extension TUIApp {
    func reloadTasks() {
        do { apply(.tasksLoaded(try taskLoader.load(for: state.tasks))) } catch {
            show(Notice(text: tr.notices.couldNotLoadTasks("\(error)"), kind: .error, expires: nil))
        }
        if case .filter(let text) = state.tasks.mode { filterTasks(text) }
    }

    /// The Todos rows for the filter as typed, from the trees loaded now, worked out off the loop
    /// (60,000 titles take longer than a keystroke may).
    func filterTodoRows(_ text: String) {
        let todos = state.todos
        queries.todoFilter.run { _ in
            .todoRowsFiltered(text: text, rows: TodoRows.build(trees: todos.trees, expanded: todos.expanded, filter: text), version: todos.version)
        }
    }

    /// The filter's tasks, read off the loop: typing into the filter never waits for a query.
    private func filterTasks(_ text: String) {
        let database = self.database, words = tr.notices
        queries.taskFilter.run { _ in
            do {
                let tasks = try database.filterTasks(text)
                return .taskFilterLoaded(text: text, tasks: tasks, keptRules: TasksLoad.keptRules(of: tasks))
            } catch {
                return .noticed(Notice(text: words.couldNotLoadTasks("\(error)"), kind: .error, expires: nil))
            }
        }
    }

    /// For the first frame of a large list: its head only (a screenful and more), which costs
    /// the same at 10,000 todos as at 10. False when the list is small and loads whole.
    func loadTodoHead() -> Bool {
        guard let head = try? database.todoHead(limit: Self.todoHeadLimit) else { return false }
        apply(.todoHeadLoaded(head))
        return true
    }

    /// More rows than any terminal shows.
    static let todoHeadLimit = 200

    func reloadTodos() {
        do { apply(.todosLoaded(try TodoPaneLoader(database: database).load(into: state.todos))) } catch {
            show(Notice(text: tr.notices.couldNotLoadTodos("\(error)"), kind: .error, expires: nil))
        }
    }

    /// The one refresh after data changed, the app's own writes (a tool, an edit in a pane, an
    /// undo: `tasks` / `todos` say which) and another instance's on the same database (the
    /// tick passes neither; the change counters say what moved). The panes that show changed
    /// data load again, the counters are taken as seen (so the tick does not load them a second
    /// time), and the reminders are scheduled again when tasks changed. Only the panes whose own
    /// counter moved: a streaming answer saves itself (the conversations counter) every few
    /// ticks, and reloading Tasks and Todos then would redraw the whole screen for nothing.
    func refresh(tasks: Bool = false, todos: Bool = false) {
        let counters = try? database.changeCounters()
        let last = lastCounters
        if let counters { lastCounters = counters; noticeLocalChanges(counters) }
        let todosMoved = todos || (counters != nil && counters?.todos != last?.todos)
        let tasksMoved = tasks || (counters != nil && counters?.tasks != last?.tasks)
        if todosMoved { reloadTodos() }
        // Todos with a due date are marked on the calendar too.
        if tasksMoved || todosMoved { reloadTasks() }
        if tasksMoved { refreshAlerts() }
    }
}
