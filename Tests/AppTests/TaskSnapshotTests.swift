import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The Tasks pane across month and year boundaries, on a leap day, and with titles that are
/// long or CJK, compared with the text snapshots in `Snapshots/`.
final class TaskSnapshotTests: XCTestCase {
    private func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }

    private func tasksPane(selected: CivilDate, today: CivilDate, marks: [CivilDate: DaySummary] = [:],
                           tasks: [TaskItem] = [], mode: TasksState.ListMode = .day, width: Int = 80, height: Int = 24) -> String {
        var state = AppState(size: Size(width: width, height: height), today: today, providerName: "Offline", modelName: "offline-assistant")
        state.timeZone = TimeZone(identifier: "UTC")!
        state.focus = .tasks
        state.tasks.selected = selected
        state.tasks.summary = marks
        state.tasks.dayTasks = tasks
        state.tasks.keptRules = TasksLoad.keptRules(of: tasks)  // as the loader works it out
        state.tasks.mode = mode
        return screenText(state)
    }

    func testNewYearsEveShowsJanuaryAfterDecember() {
        let eve = day(2026, 12, 31)
        assertSnapshot(tasksPane(selected: eve, today: day(2026, 12, 30),
                                 marks: [eve: DaySummary(count: 3, open: 2, highestPriority: .high),
                                         day(2026, 12, 1): DaySummary(count: 1, open: 0, highestPriority: .none)],
                                 tasks: [TaskItem(id: 1, title: "Fireworks", dueDate: eve, dueTime: TimeOfDay(hour: 23, minute: 45),
                                                  category: "Social", priority: .high)]),
                       named: "tasks-year-end-80x24")
    }

    func testJanuaryStartsOnAFridayAfterDecembersLastDays() {
        let first = day(2027, 1, 1)
        assertSnapshot(tasksPane(selected: first, today: day(2026, 12, 30),
                                 marks: [first: DaySummary(count: 1, open: 1, highestPriority: .low)],
                                 tasks: [TaskItem(id: 2, title: "New year's brunch", dueDate: first, dueTime: TimeOfDay(hour: 11, minute: 0),
                                                  category: "Social", priority: .low)]),
                       named: "tasks-year-start-80x24")
    }

    func testLeapDayIsInItsFebruary() {
        let leap = day(2028, 2, 29)
        assertSnapshot(tasksPane(selected: leap, today: day(2028, 2, 1),
                                 marks: [leap: DaySummary(count: 1, open: 1, highestPriority: .medium)],
                                 tasks: [TaskItem(id: 3, title: "Leap-day party", dueDate: leap, category: "Social", priority: .medium,
                                                  recurrence: "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29")]),
                       named: "tasks-leap-day-80x24")
    }

    func testTheWeekViewCrossesTheYear() {
        let start = day(2026, 12, 29)
        assertSnapshot(tasksPane(selected: start, today: start,
                                 tasks: [TaskItem(id: 4, title: "Pack for the trip", dueDate: start, category: "Home"),
                                         TaskItem(id: 5, title: "Fireworks", dueDate: day(2026, 12, 31), dueTime: TimeOfDay(hour: 23, minute: 45),
                                                  category: "Social", priority: .high),
                                         TaskItem(id: 6, title: "New year's brunch", dueDate: day(2027, 1, 1), dueTime: TimeOfDay(hour: 11, minute: 0),
                                                  category: "Social", priority: .low)],
                                 mode: .week),
                       named: "tasks-week-new-year-80x24")
    }

    /// Issue 14, item 13: a 39-column Tasks pane showed "09:30 ● S… ↻ !medium [Work] overdue".
    /// The title keeps priority: the marks after it go first, the least important first.
    func testTheTitleKeepsPriorityOverItsMarksInANarrowPane() {
        let today = day(2026, 11, 24)
        var tasks = TasksState(today: today)
        tasks.dayTasks = [
            TaskItem(id: 1, title: "Submit the expense report", notes: "receipts in the drawer", dueDate: day(2026, 11, 20),
                     dueTime: TimeOfDay(hour: 9, minute: 30), category: "Work", priority: .medium, recurrence: "RRULE:FREQ=WEEKLY"),
            TaskItem(id: 2, title: "Gym", notes: "legs", dueDate: day(2026, 11, 20), category: "Health", priority: .low),
            TaskItem(id: 3, title: "An exceptionally long title that no pane of this width can hold", dueDate: today, category: "Work"),
        ]
        tasks.selected = day(2026, 11, 20)
        var canvas = Canvas(width: 39, height: 16)
        TasksPane.draw(tasks, in: Rect(x: 0, y: 0, width: 39, height: 16), focused: false, theme: .dark, into: &canvas)
        let rows = canvas.text().split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(rows.contains("09:30   ● Submit the expense report ↻"), rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains("all-day ● Gym !low [Health] overdue"), "the marks that fit stay: \(rows)")
        XCTAssertTrue(rows.contains("all-day ○ An exceptionally long titl…"), "a title too wide by itself is cut, with nothing after it: \(rows)")
    }

    /// Issue 21: a series whose rule the expander cannot read (from a calendar file) says so,
    /// in English and in Chinese; a rule it reads keeps the plain mark.
    func testARuleKeptAsIsIsShownAsSuch() {
        defer { Strings.use(.english) }
        let today = day(2026, 12, 1)
        let tasks = [TaskItem(id: 1, title: "Week 10", dueDate: today, recurrence: "RRULE:FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO"),
                     TaskItem(id: 2, title: "Standup", dueDate: today, recurrence: "RRULE:FREQ=WEEKLY")]
        for (language, words) in [(Language.english, "repeats (rule kept as is)"), (.simplifiedChinese, "重复（规则原样保留）")] {
            Strings.use(language)
            let text = tasksPane(selected: today, today: today, tasks: tasks)
            XCTAssertTrue(text.contains("Week 10 ↻ " + words), text)
            XCTAssertTrue(text.contains("Standup ↻") && !text.contains("Standup ↻ " + words), text)
        }
    }

    func testTheWeekViewHasAHeadingForEachOfItsSevenDays() {
        let start = day(2026, 12, 29)
        let text = tasksPane(selected: start, today: start,
                             tasks: [TaskItem(id: 5, title: "Fireworks", dueDate: day(2026, 12, 31), category: "Social")],
                             mode: .week, height: 30)
        let headings = ["Tue 29 December 2026 · today", "Wed 30 December 2026", "Thu 31 December 2026", "Fri 1 January 2027",
                        "Sat 2 January 2027", "Sun 3 January 2027", "Mon 4 January 2027"]
        let rows = text.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
        let found = rows.filter { row in headings.contains(row) }
        XCTAssertEqual(found, headings, text)
        // The task sits under its own day.
        let fireworks = rows.firstIndex { $0.contains("Fireworks") }
        XCTAssertEqual(fireworks.map { rows[$0 - 1] }, "Thu 31 December 2026", text)
    }

    func testLongAndCJKTitlesAreCutToTheColumnAndLineUp() {
        let today = day(2026, 11, 24)
        let tasks = [
            TaskItem(id: 7, title: "Write the quarterly report on the migration of every billing service to the new cluster, with charts",
                     notes: "First line of the notes\nsecond line is not shown", dueDate: today, dueTime: TimeOfDay(hour: 9, minute: 30),
                     category: "Work", priority: .high),
            TaskItem(id: 8, title: "给妈妈打电话讨论周末的家庭聚会安排以及其他很多很多事项", dueDate: today, dueTime: TimeOfDay(hour: 18, minute: 0),
                     category: "Personal", priority: .medium),
            TaskItem(id: 9, title: "買い物 🛒 牛乳と卵", notes: "スーパーで", dueDate: today, category: "Shopping", priority: .low, completed: true),
            TaskItem(id: 10, title: "Overdue 报税", dueDate: day(2026, 11, 20), category: "Other"),
        ]
        for (width, height) in [(80, 24), (120, 40)] {
            let text = tasksPane(selected: today, today: today,
                                 marks: [today: DaySummary(count: 3, open: 2, highestPriority: .high)], tasks: tasks,
                                 width: width, height: height)
            assertSnapshot(text, named: "tasks-long-cjk-\(width)x\(height)")
            // Every row of the panes keeps its right border in the last column, whatever its titles hold.
            let paneRows = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("│") }
            XCTAssertGreaterThan(paneRows.count, height / 2)
            for row in paneRows {
                XCTAssertEqual(TextWidth.of(row), width, row)
                XCTAssertTrue(["│", "┐", "┘"].contains(row.last.map(String.init) ?? ""), row)
            }
        }
    }
}
