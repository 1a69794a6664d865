import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The Tasks pane's keys, forms and questions, driven key by key through `update`.
final class TaskEditingTests: XCTestCase {
    let today = CivilDate(year: 2026, month: 11, day: 23)

    private func tasksState(_ tasks: [TaskItem] = []) -> AppState {
        var state = AppState(size: Size(width: 120, height: 40), today: today, providerName: "Offline", modelName: "offline")
        state.focus = .tasks
        state.tasks.dayTasks = tasks
        return state
    }

    private func keys(_ state: inout AppState, _ keys: [Key]) -> [Effect] {
        keys.flatMap { update(&state, .key($0)) }
    }

    private func typeText(_ state: inout AppState, _ text: String) { _ = update(&state, .key(.text(text))) }

    func testAddingATaskThroughTheFormSavesWhatWasTyped() {
        var state = tasksState()
        _ = keys(&state, [.text("a")])
        XCTAssertEqual(state[overlay: Form.self]?.title, "New task")
        XCTAssertEqual(state[overlay: Form.self]?.text("Date"), "2026-11-23", "the selected day is the default")
        typeText(&state, "Dentist")
        _ = keys(&state, [.tab, .ctrl("u")])
        typeText(&state, "friday")
        _ = keys(&state, [.tab])
        typeText(&state, "9:30")
        _ = keys(&state, [.tab, .tab, .right, .right, .right])  // Category: "", Work, Personal, Health
        _ = keys(&state, [.tab, .right, .right, .right])           // Priority: none → low → medium → high
        let effects = keys(&state, [.enter])
        XCTAssertNil(state[overlay: Form.self])
        guard case .changeTask(.save(let task, nil))? = effects.first else { return XCTFail("expected a save, got \(effects)") }
        XCTAssertNil(task.id)
        XCTAssertEqual(task.title, "Dentist")
        XCTAssertEqual(task.dueDate, CivilDate(year: 2026, month: 11, day: 27))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 9, minute: 30))
        XCTAssertEqual(task.category, "Health")
        XCTAssertEqual(task.priority, .high)
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2026, month: 11, day: 27), "the calendar follows the new task")
    }

    func testAnUnreadableDateKeepsTheFormOpenWithAnInlineErrorAndTheTypedText() {
        var state = tasksState()
        _ = keys(&state, [.text("a")])
        typeText(&state, "Gym")
        _ = keys(&state, [.tab, .ctrl("u")])
        typeText(&state, "the day after never")
        XCTAssertEqual(keys(&state, [.enter]), [])
        let form = try! XCTUnwrap(state[overlay: Form.self])
        XCTAssertEqual(form.fields[form.focus].label, "Date", "the field in error gets the focus")
        XCTAssertTrue(form.fields[1].error?.contains("Cannot read “the day after never”") ?? false)
        XCTAssertEqual(form.text("Title"), "Gym")
        XCTAssertEqual(form.text("Date"), "the day after never")
        typeText(&state, "x")
        XCTAssertNil(state[overlay: Form.self]?.fields[1].error, "typing clears the error")
        _ = keys(&state, [.tab])
        typeText(&state, "half past")
        _ = keys(&state, [.enter])
        XCTAssertNotNil(state[overlay: Form.self]?.fields[2].error)
        XCTAssertEqual(state[overlay: Form.self]?.focus, 1, "with two fields in error, the first takes the focus")
    }

    func testEscapeCancelsAFormWithoutAnyChange() {
        var state = tasksState([TaskItem(id: 7, title: "Call mom", dueDate: today)])
        _ = keys(&state, [.text("e")])
        typeText(&state, " and dad")
        XCTAssertEqual(keys(&state, [.escape]), [])
        XCTAssertNil(state[overlay: Form.self])
    }

    func testDeleteAsksFirstAndARepeatingTaskAsksWhichOccurrences() {
        var state = tasksState([TaskItem(id: 7, title: "Call mom", dueDate: today)])
        XCTAssertEqual(keys(&state, [.text("d")]), [])
        XCTAssertEqual(state[overlay: Choice.self]?.question, "Delete “Call mom”?")
        XCTAssertEqual(keys(&state, [.text("n")]), [])
        XCTAssertNil(state[overlay: Choice.self])
        _ = keys(&state, [.text("d")])
        XCTAssertEqual(keys(&state, [.text("y")]), [.changeTask(.delete(id: 7))])

        let day = CivilDate(year: 2026, month: 11, day: 30)
        state.tasks.dayTasks = [TaskItem(id: 8, title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=WEEKLY")]
        _ = keys(&state, [.text("d")])
        XCTAssertEqual(state[overlay: Choice.self]?.options.map(\.key), ["o", "f", "a"])
        XCTAssertEqual(keys(&state, [.text("f")]), [.changeTask(.deleteOccurrence(seriesId: 8, day: day, scope: .future))])
        _ = keys(&state, [.text("d")])
        XCTAssertEqual(keys(&state, [.escape]), [], "Esc answers nothing")
    }

    func testEditingAnOccurrenceAsksForTheScopeAfterTheFormReads() {
        let day = CivilDate(year: 2026, month: 11, day: 30)
        var state = tasksState([TaskItem(id: 8, title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=WEEKLY")])
        _ = keys(&state, [.text("e"), .end])
        typeText(&state, " (long)")
        XCTAssertEqual(keys(&state, [.enter]), [])
        XCTAssertNil(state[overlay: Form.self])
        let effects = keys(&state, [.text("a")])
        guard case .changeTask(.saveOccurrence(let task, 8, day, .all))? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(task.title, "Standup (long)")
        XCTAssertEqual(task.recurrence, "RRULE:FREQ=WEEKLY", "an untouched Repeat field keeps the stored rule")
    }

    func testCompletePostponeUndoAndRedoKeys() {
        var state = tasksState([TaskItem(id: 7, title: "Call mom", dueDate: today)])
        guard case .changeTask(.save(let done, _))? = keys(&state, [.text("x")]).first else { return XCTFail() }
        XCTAssertTrue(done.completed)
        guard case .changeTask(.save(let later, "postpone “Call mom”"))? = keys(&state, [.text("p")]).first else { return XCTFail() }
        XCTAssertEqual(later.dueDate, today.adding(days: 1))
        XCTAssertEqual(keys(&state, [.text("u")]), [.undo(.tasks)])
        XCTAssertEqual(keys(&state, [.ctrl("r")]), [.redo(.tasks)])
    }

    func testGoToFilterAndWeekViews() {
        var state = tasksState()
        _ = keys(&state, [.text("g")])
        typeText(&state, "2027-03-01")
        XCTAssertEqual(keys(&state, [.enter]), [.reloadTasks])
        XCTAssertEqual(state.tasks.selected, CivilDate(year: 2027, month: 3, day: 1))
        _ = keys(&state, [.text("/")])
        XCTAssertEqual(keys(&state, [.text("d")]), [.reloadTasks], "the filter applies as it is typed")
        XCTAssertEqual(state.tasks.mode, .filter("d"))
        typeText(&state, "entist")
        XCTAssertEqual(state.tasks.mode, .filter("dentist"))
        XCTAssertEqual(keys(&state, [.left]), [], "a move alone reads nothing again")
        XCTAssertEqual(keys(&state, [.enter]), [], "Enter keeps the filter")
        XCTAssertNil(state[overlay: Form.self])
        _ = keys(&state, [.text("/")])
        typeText(&state, " x")
        XCTAssertEqual(state.tasks.mode, .filter("dentist x"))
        XCTAssertEqual(keys(&state, [.escape]), [.reloadTasks], "Esc in the form puts back the filter there was")
        XCTAssertEqual(state.tasks.mode, .filter("dentist"))
        XCTAssertEqual(keys(&state, [.escape]), [.reloadTasks])
        XCTAssertEqual(state.tasks.mode, .day)
        _ = keys(&state, [.text("w")])
        XCTAssertEqual(state.tasks.mode, .week)
    }

    func testDurationsReadAsFormsWriteThem() {
        for (text, minutes) in [("45", 45), ("45m", 45), ("1h", 60), ("1h30", 90), ("2:15", 135)] {
            XCTAssertEqual(DurationText.parse(text), minutes, text)
            XCTAssertEqual(DurationText.parse(DurationText.format(minutes)), minutes)
        }
        XCTAssertNil(DurationText.parse("soon"))
        XCTAssertNil(DurationText.parse("1h75"))
    }

    func testAClickOnTheGridSelectsThatDayAndOnTheListATask() {
        var state = tasksState([TaskItem(id: 1, title: "A", dueDate: today), TaskItem(id: 2, title: "B", dueDate: today)])
        let pane = Layout(size: state.size, focus: .tasks).panes[.tasks]!
        let inner = Rect(x: pane.x + 1, y: pane.y + 1, width: pane.width - 2, height: pane.height - 2)
        let grid = TasksPane.gridRect(in: inner)
        // November 2026 starts on a Sunday: the first week row is 1–7, the 4th row 22–28; Wednesday is column 3.
        var clicked: CivilDate?
        for x in grid.x..<grid.maxX {
            if case .day(let day)? = TasksPane.hit(state.tasks, in: inner, x: x, y: grid.y + 2 + 3) { clicked = day; if day.day == 25 { break } }
        }
        XCTAssertEqual(clicked, CivilDate(year: 2026, month: 11, day: 25))
        let secondTaskY = grid.maxY + 2
        XCTAssertEqual(TasksPane.hit(state.tasks, in: inner, x: inner.x + 5, y: secondTaskY), .task(1))
        _ = update(&state, .key(.mouse(MouseEvent(kind: .press(0), x: inner.x + 5, y: secondTaskY))))
        XCTAssertEqual(state.tasks.selectedTask, 1)
        XCTAssertEqual(update(&state, .key(.mouse(MouseEvent(kind: .press(0), x: inner.x + 5, y: grid.y + 2)))), [.reloadTasks])
        XCTAssertEqual(state.tasks.selected.month, 11, "the first row, left: 1 November or the end of October")
    }
}
