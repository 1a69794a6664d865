import Foundation
import Core

/// The days a task falls on in a range: its due day, or for a series each occurrence.
enum TaskOccurrences {
    static func days(_ task: TaskItem, in range: ClosedRange<CivilDate>) -> [CivilDate] {
        guard let start = task.dueDate else { return [] }
        guard task.recurrence != nil else { return range.contains(start) ? [start] : [] }
        guard let set = try? RecurrenceSet(parsing: task.recurrence!) else { return range.contains(start) ? [start] : [] }
        return set.occurrences(start: start, in: range)
    }
}
