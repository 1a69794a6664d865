import XCTest
import Core
import Storage
@testable import App

/// The month grid's marks: cached per month and data version, the neighbouring months read
/// ahead in the background, and a todo's due date marked as soon as it is set.
final class MonthMarksTests: XCTestCase {
    private let first = CivilDate(year: 2027, month: 3, day: 1)

    func testNeighboursAreReadAheadAndServedFromTheCacheUntilTheDataChanges() throws {
        let database = try AppDatabase.temporary()
        let series = SeriesStore(database: database, ready: {})
        let store = MonthMarksStore(database: database)
        let april = CivilDate(year: 2027, month: 4, day: 10), february = CivilDate(year: 2027, month: 2, day: 3)
        _ = try database.insertTask(TaskItem(title: "Taxes", dueDate: april, priority: .high))
        let version = MonthMarksStore.Version(try database.changeCounters())

        _ = try store.marks(first, version: version)
        store.readAhead(around: first, version: version) { work in series.background { _ in work() } }
        series.settle()
        // Written after the read-ahead, under the same version: only a cached month misses it.
        _ = try database.insertTask(TaskItem(title: "Party", dueDate: february))
        _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: april))
        let cachedApril = try store.marks(april.firstOfMonth, version: version)
        XCTAssertEqual(cachedApril[april]?.count, 1, "April came from the read-ahead, before the dentist")
        XCTAssertEqual(cachedApril[april]?.highestPriority, .high)
        XCTAssertNil(try store.marks(february.firstOfMonth, version: version)[february], "February was read ahead too")

        let newer = MonthMarksStore.Version(try database.changeCounters())
        XCTAssertNotEqual(newer, version)
        XCTAssertEqual(try store.marks(april.firstOfMonth, version: newer)[april]?.count, 2, "a new version reads again")
        XCTAssertEqual(try store.marks(february.firstOfMonth, version: newer)[february]?.count, 1)
    }

    func testReadAheadForAnOlderVersionIsDropped() throws {
        let database = try AppDatabase.temporary()
        let series = SeriesStore(database: database, ready: {})
        let store = MonthMarksStore(database: database)
        let old = MonthMarksStore.Version(try database.changeCounters())
        var pending: [@Sendable () -> Void] = []
        store.readAhead(around: first, version: old) { pending.append($0) }
        _ = try database.insertTask(TaskItem(title: "Taxes", dueDate: CivilDate(year: 2027, month: 4, day: 10)))
        let newer = MonthMarksStore.Version(try database.changeCounters())
        XCTAssertTrue(try store.marks(first, version: newer).isEmpty)  // the loop moved on to the newer data
        pending.forEach { $0() }  // the old read finishes late: its months must not be kept as current
        _ = try database.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate(year: 2027, month: 4, day: 10)))
        XCTAssertEqual(try store.marks(CivilDate(year: 2027, month: 4, day: 1), version: newer)[CivilDate(year: 2027, month: 4, day: 10)]?.count, 2,
                       "April was not cached from the old read, so it is read now, with both tasks")
        _ = series
    }

    func testSettingATodosDueDateMarksItsDayAtOnce() throws {
        let database = try AppDatabase.temporary()
        let series = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: series)
        var tasks = TasksState(today: CivilDate(year: 2027, month: 3, day: 2))
        let due = CivilDate(year: 2027, month: 3, day: 20)
        let todo = try database.createTodo(title: "Packing list")
        tasks.take(try loader.load(for: tasks))
        XCTAssertNil(tasks.summary[due])

        try database.setTodoDue(todoId: todo.todo.id!, subtaskId: nil, due)
        tasks.take(try loader.load(for: tasks))
        XCTAssertNotNil(tasks.summary[due], "the due todo is marked on the grid without a task change")
    }
}
