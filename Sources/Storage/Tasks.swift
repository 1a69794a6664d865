import Foundation
import GRDB
import Core

extension AppDatabase {
    public func insertTask(_ task: TaskItem) throws -> TaskItem {
        try journaled(.tasks, "add “\(task.title)”") { db in
            var task = task
            try task.insert(db)
            return task
        }
    }

    /// Saves every field of `task`, with updatedAt = now.
    public func updateTask(_ task: TaskItem, label: String? = nil) throws {
        var task = task
        task.updatedAt = Date()
        try journaled(.tasks, label ?? "edit “\(task.title)”") { db in try task.update(db) }
    }

    /// Sets or clears completion (and completedAt). Returns the task as saved, nil when it is gone.
    @discardableResult
    public func setTaskCompleted(id: Int64, _ completed: Bool) throws -> TaskItem? {
        let title = try task(id: id)?.title ?? ""
        return try journaled(.tasks, "\(completed ? "complete" : "reopen") “\(title)”") { db in
            guard var task = try TaskItem.fetchOne(db, key: id) else { return nil }
            task.completed = completed
            task.completedAt = completed ? Date() : nil
            task.updatedAt = Date()
            try task.update(db)
            return task
        }
    }

    @discardableResult
    public func deleteTask(id: Int64) throws -> Bool {
        let title = try task(id: id)?.title ?? ""
        return try journaled(.tasks, "delete “\(title)”") { db in try TaskItem.deleteOne(db, key: id) }
    }

    public func task(id: Int64) throws -> TaskItem? {
        try pool.read { db in try TaskItem.fetchOne(db, key: id) }
    }

    /// The tasks of one day: all-day tasks first, then by time, then by title.
    public func tasks(on day: CivilDate) throws -> [TaskItem] {
        try tasks(from: day, to: day)
    }

    /// Tasks due between two days (both included), by day, then as in `tasks(on:)`.
    public func tasks(from start: CivilDate, to end: CivilDate, limit: Int? = nil) throws -> [TaskItem] {
        try pool.read { db in
            try Self.tasksInDayOrder(Column("dueDate") >= start && Column("dueDate") <= end)
                .limit(limit ?? -1).fetchAll(db)
        }
    }

    public func taskCount(from start: CivilDate, to end: CivilDate) throws -> Int {
        try pool.read { db in
            try TaskItem.filter(Column("dueDate") >= start && Column("dueDate") <= end).fetchCount(db)
        }
    }

    /// The next `limit` open tasks due on or after `start`, soonest first, each occurrence of a
    /// repeating task counted as a task (as `agenda` lists them). Series are expanded only as far
    /// as the last single task kept, or a year ahead when there are fewer than `limit` of those.
    public func upcomingTasks(from start: CivilDate, limit: Int) throws -> [TaskItem] {
        let single = try pool.read { db in
            try Self.tasksInDayOrder(Column("dueDate") >= start && Column("completed") == false && Column("recurrence") == nil)
                .limit(limit).fetchAll(db)
        }
        let horizon = single.count == limit ? single.last?.dueDate ?? start : start.adding(days: 365)
        let occurrences = try self.occurrences(of: taskSeries(startingBy: horizon), in: start...max(start, horizon)).filter { !$0.completed }
        return Array(Self.inDayOrder(single + occurrences).prefix(limit))
    }

    private static func tasksInDayOrder(_ filter: SQLExpression) -> QueryInterfaceRequest<TaskItem> {
        // `dueTime IS NOT NULL` is 0 for all-day tasks, which puts them first.
        TaskItem.filter(filter).order(
            Column("dueDate"), SQL("dueTime IS NOT NULL"), Column("dueTime"),
            Column("title").collating(.nocase), Column("id"))
    }
}
