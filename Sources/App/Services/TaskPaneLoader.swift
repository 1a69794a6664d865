import Foundation
import Core
import Storage

/// Loads what the Tasks pane shows. The month's marks are read once per month and change of
/// the tasks; the repeating tasks come expanded from the `SeriesStore` (in the background), so
/// moving a day costs one small query and moving a month one grouped query.
final class TaskPaneLoader {
    let database: AppDatabase
    let series: SeriesStore
    /// The month's marks from single (not repeating) tasks and due todos, by change counter.
    private var monthMarks: (counter: Int, first: CivilDate, summary: [CivilDate: DaySummary])?

    init(database: AppDatabase, series: SeriesStore) {
        self.database = database
        self.series = series
    }

    func load(_ tasks: inout TasksState) throws {
        let day = tasks.selected, first = day.firstOfMonth
        let counter = try database.changeCounters().tasks
        let month = series.month(first, counter: counter)
        var summary = try marks(first, counter: counter)
        if let month { summary.merge(month.summary) { a, b in a.adding(b) } }
        tasks.summary = summary
        switch tasks.mode {
        case .day:
            let single = try database.singleTasks(from: day, to: day)
            tasks.dayTasks = (single + (month?.days[day] ?? [])).sorted(by: AppDatabase.dayOrder)
            tasks.dayTodos = try database.dueTodos(from: day, to: day)
        case .week:
            tasks.dayTasks = try database.agenda(from: day, to: day.adding(days: 6), series: series.series(counter: counter))
            tasks.dayTodos = []
        case .filter(let text):
            tasks.dayTasks = try database.filterTasks(text)
            tasks.dayTodos = []
        }
        tasks.selectedTask = min(tasks.selectedTask, max(0, tasks.dayTasks.count - 1))
    }

    private func marks(_ first: CivilDate, counter: Int) throws -> [CivilDate: DaySummary] {
        if let monthMarks, monthMarks.counter == counter, monthMarks.first == first { return monthMarks.summary }
        let last = CivilDate(year: first.year, month: first.month, day: first.daysInMonth)
        var summary = try database.taskDaySummary(from: first, to: last)
        for todo in try database.dueTodos(from: first, to: last) where summary[todo.day] == nil {
            summary[todo.day] = DaySummary(count: 0, open: 0, highestPriority: .none)
        }
        monthMarks = (counter, first, summary)
        return summary
    }
}
