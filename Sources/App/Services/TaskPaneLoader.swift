import Foundation
import Core
import Storage

/// Loads what the Tasks pane shows. The month's marks come from the `MonthMarksStore` and the
/// repeating tasks expanded from the `SeriesStore`, both read ahead in the background for the
/// neighbouring months, so moving a day or a month costs one small query for the day's list.
final class TaskPaneLoader {
    let database: AppDatabase
    let series: SeriesStore
    private let marks: MonthMarksStore

    init(database: AppDatabase, series: SeriesStore) {
        self.database = database
        self.series = series
        marks = MonthMarksStore(database: database)
    }

    func load(_ tasks: inout TasksState) throws {
        let day = tasks.selected, first = day.firstOfMonth
        let counters = try database.changeCounters()
        let counter = counters.tasks, version = MonthMarksStore.Version(counters)
        let month = series.month(first, counter: counter)
        var summary = try marks.marks(first, version: version)
        marks.readAhead(around: first, version: version) { work in series.background { _ in work() } }
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
}
