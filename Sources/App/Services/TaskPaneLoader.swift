import Foundation
import Core
import Storage

/// Loads what the Tasks pane shows. The repeating tasks are read and parsed once per change of
/// the tasks (the change counter says), and expanded once per month on screen; moving a day
/// within the month then costs one small query.
final class TaskPaneLoader {
    let database: AppDatabase
    private var series: (counter: Int, set: TaskSeriesSet)?
    /// The occurrences of the month on screen, by day.
    private var month: (counter: Int, first: CivilDate, days: [CivilDate: [TaskItem]])?

    init(database: AppDatabase) { self.database = database }

    func load(_ tasks: inout TasksState) throws {
        let day = tasks.selected
        let counter = try database.changeCounters().tasks
        let occurrences = try monthOccurrences(of: day, counter: counter)
        let first = day.firstOfMonth, last = CivilDate(year: day.year, month: day.month, day: day.daysInMonth)
        var summary = try database.taskDaySummary(from: first, to: last, includingSeries: false)
        DaySummary.add(occurrences.values.flatMap { $0 }, to: &summary)
        for todo in try database.dueTodos(from: first, to: last) where summary[todo.day] == nil {
            summary[todo.day] = DaySummary(count: 0, open: 0, highestPriority: .none)
        }
        tasks.summary = summary
        switch tasks.mode {
        case .day:
            let single = try database.agenda(from: day, to: day, series: TaskSeriesSet([]))
            tasks.dayTasks = (single + (occurrences[day] ?? [])).sorted(by: AppDatabase.dayOrder)
            tasks.dayTodos = try database.dueTodos(from: day, to: day)
        case .week:
            tasks.dayTasks = try database.agenda(from: day, to: day.adding(days: 6), series: currentSeries(counter))
            tasks.dayTodos = []
        case .filter(let text):
            tasks.dayTasks = try database.filterTasks(text)
            tasks.dayTodos = []
        }
        tasks.selectedTask = min(tasks.selectedTask, max(0, tasks.dayTasks.count - 1))
    }

    private func currentSeries(_ counter: Int) throws -> TaskSeriesSet {
        if let series, series.counter == counter { return series.set }
        let set = try database.taskSeries()
        series = (counter, set)
        return set
    }

    private func monthOccurrences(of day: CivilDate, counter: Int) throws -> [CivilDate: [TaskItem]] {
        let first = day.firstOfMonth
        if let month, month.counter == counter, month.first == first { return month.days }
        let last = CivilDate(year: day.year, month: day.month, day: day.daysInMonth)
        let days = Dictionary(grouping: try currentSeries(counter).occurrences(in: first...last)) { $0.dueDate! }
        month = (counter, first, days)
        return days
    }
}
