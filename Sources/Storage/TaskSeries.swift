import Foundation
import GRDB
import Core

/// Which occurrences of a repeating task an edit or a delete applies to.
public enum SeriesScope: String, Sendable, CaseIterable {
    case this, future, all
}

/// Edits and deletes of one occurrence of a series (`TaskItem.recurrence`), as calendars do:
/// "this one" detaches the day as a task of its own and excludes it from the series (EXDATE);
/// "this and future" ends the series the day before (UNTIL) and starts a new one on the day;
/// "all" changes the series itself. Each is one transaction and one undo entry.
extension AppDatabase {
    /// `edited` is the occurrence as the form left it (its dueDate: the day it should be on).
    public func saveOccurrence(_ edited: TaskItem, seriesId: Int64, day: CivilDate, scope: SeriesScope) throws {
        guard let series = try task(id: seriesId), let start = series.dueDate, let text = series.recurrence else {
            return try updateTask(edited)
        }
        let set = try RecurrenceSet(parsing: text)
        let label = "\(edited.completed && !series.completed ? "complete" : "edit") “\(edited.title)” (\(Self.scopeWords(scope, day)))"
        try journaled(.tasks, label) { db in
            switch scope {
            case .this:
                var changed = series
                changed.recurrence = set.excluding(day).text
                try changed.update(db)
                var single = edited.splitOffSeries
                single.id = nil
                single.uid = UUID().uuidString
                single.recurrence = nil
                try single.insert(db)
            case .future where day > start:
                var changed = series
                changed.recurrence = set.ending(before: day, start: start).text
                try changed.update(db)
                var next = edited.splitOffSeries
                next.id = nil
                next.uid = UUID().uuidString
                next.recurrence = try Self.continuing(next.recurrence, of: set, from: day, start: start)
                try next.insert(db)
            case .future, .all:
                // The series moves by as many days as the occurrence was moved.
                var changed = edited
                for moved in set.moved(onto: day) { changed.keepSeries(series, whereShowing: moved) }
                changed.id = seriesId
                changed.uid = series.uid
                changed.dueDate = start.adding(days: day.days(until: edited.dueDate ?? day))
                changed.updatedAt = Date()
                try changed.update(db)
            }
        }
    }

    public func deleteOccurrence(seriesId: Int64, day: CivilDate, scope: SeriesScope) throws {
        guard let series = try task(id: seriesId), let start = series.dueDate, let text = series.recurrence,
              scope != .all, !(scope == .future && day <= start) else {
            try deleteTask(id: seriesId)
            return
        }
        let set = try RecurrenceSet(parsing: text)
        try journaled(.tasks, "delete “\(series.title)” (\(Self.scopeWords(scope, day)))") { db in
            var changed = series
            changed.recurrence = scope == .this ? set.excluding(day).text : set.ending(before: day, start: start).text
            try changed.update(db)
        }
    }

    /// The recurrence of the series split off on `day`: what is left of the original (its COUNT
    /// and later exceptions) when the rule was not edited, else the edited one.
    private static func continuing(_ editedText: String?, of original: RecurrenceSet, from day: CivilDate,
                                   start: CivilDate) throws -> String? {
        guard let editedText else { return nil }
        let edited = try RecurrenceSet(parsing: editedText)
        guard edited.rule == original.rule else { return edited.text }
        return original.continuing(from: day, start: start)?.text ?? edited.text
    }

    private static func scopeWords(_ scope: SeriesScope, _ day: CivilDate) -> String {
        switch scope {
        case .this: return "only \(day.iso)"
        case .future: return "from \(day.iso) on"
        case .all: return "every occurrence"
        }
    }
}

extension TaskItem {
    /// An edit of "all" made from a moved occurrence: the fields it still shows as the override
    /// had them (title, alert, time) stay the series' own, so the override's do not spread.
    fileprivate mutating func keepSeries(_ series: TaskItem, whereShowing moved: RecurrenceSet.Moved) {
        if let title = moved.title, self.title == title { self.title = series.title }
        if let minutes = moved.alertMinutes, alertMinutes == minutes { alertMinutes = series.alertMinutes }
        if moved.to != nil, dueTime == moved.time { dueTime = series.dueTime }
    }
}
