import Foundation
import Core
import Storage

/// Loads what the Tasks pane shows. The month's marks come from the `MonthMarksStore` and the
/// repeating tasks expanded from the `SeriesStore`, both read ahead in the background for the
/// neighbouring months once the user moves, so moving a day or a month costs one small query
/// for the day's list. A load for the day last loaded (start-up, a data change, the series
/// ready) reads nothing ahead: nobody is moving, and start-up must do only what it shows.
final class TaskPaneLoader {
    let database: AppDatabase
    let series: SeriesStore
    private let marks: MonthMarksStore
    /// The day of the last load: a load for another day is the user moving.
    private var lastDay: CivilDate?

    init(database: AppDatabase, series: SeriesStore) {
        self.database = database
        self.series = series
        marks = MonthMarksStore(database: database)
    }

    /// What the pane shows for `tasks`' selected day, week or filter (applied by `update`).
    func load(for tasks: TasksState) throws -> TasksLoad {
        let day = tasks.selected, first = day.firstOfMonth
        let counters = try database.changeCounters()
        let counter = counters.tasks, version = MonthMarksStore.Version(counters)
        let moving = lastDay != nil && lastDay != day
        lastDay = day
        let month = series.month(first, counter: counter, neighbours: moving)
        var summary = try marks.marks(first, version: version)
        if moving { marks.readAhead(around: first, version: version) { work in series.background { _ in work() } } }
        if let month { summary.merge(month.summary) { a, b in a.adding(b) } }
        switch tasks.mode {
        case .day:
            let single = try database.singleTasks(from: day, to: day)
            let repeating = try month?.tasks(on: day, from: database) ?? []
            return TasksLoad(summary: summary, dayTasks: AppDatabase.inDayOrder(single + repeating),
                             dayTodos: try database.dueTodos(from: day, to: day))
        case .week:
            return TasksLoad(summary: summary, dayTasks: try database.agenda(from: day, to: day.adding(days: 6), series: series.series(counter: counter)),
                             dayTodos: [])
        case .filter:
            return TasksLoad(summary: summary, dayTasks: nil, dayTodos: [])
        }
    }
}
