import XCTest
import Core
import Storage
import Terminal
@testable import App

/// A list row's title keeps priority over the marks after it (RowFit), in the Todos pane as in
/// the Tasks pane (TaskSnapshotTests.testTheTitleKeepsPriorityOverItsMarksInANarrowPane).
final class RowFitTests: XCTestCase {
    private func mark(_ text: String, _ rank: Int, elastic: Bool = false) -> RowFit.Mark {
        RowFit.Mark(text: text, style: Style(), rank: rank, elastic: elastic)
    }

    func testMarksGoMostImportantFirstWhereTheyFitAndTheTitleIsCutOnlyAlone() {
        let marks = [mark(" ↻", 3), mark(" !medium", 1), mark(" [Work]", 2), mark(" overdue", 4), mark(" — receipts", 0, elastic: true)]
        func row(_ width: Int) -> String {
            let fitted = RowFit.fit(title: "Expenses", marks: marks, width: width)
            return fitted.title + fitted.marks.map(\.text).joined()
        }
        XCTAssertEqual(row(60), "Expenses ↻ !medium [Work] overdue — receipts")
        XCTAssertEqual(row(40), "Expenses ↻ !medium [Work] overdue — rec…")
        XCTAssertEqual(row(30), "Expenses ↻ [Work] overdue — r…", "the priority word goes before the category")
        XCTAssertEqual(row(12), "Expenses ↻", "what fits of the more important marks")
        XCTAssertEqual(row(8), "Expenses", "the title alone")
        XCTAssertEqual(row(7), "Expens…")
    }

    func testTodoTitlesKeepPriorityOverCountsNotesAndDueDates() {
        var todos = TodosState()
        todos.setTrees([
            TodoTree(todo: Todo(id: 1, title: "Renew the passport", notes: "photos", dueDate: CivilDate(year: 2026, month: 12, day: 1)),
                     subtasks: [Subtask(id: 11, todoId: 1, title: "Book the photo booth appointment", notes: "near work",
                                        position: 0, dueDate: CivilDate(year: 2026, month: 11, day: 28)),
                                Subtask(id: 12, todoId: 1, title: "Fill in the form", completed: true, position: 1)]),
        ])
        todos.setExpanded([1])
        var canvas = Canvas(width: 30, height: 6), top = 0
        TodosPane.draw(todos, top: &top, in: Rect(x: 0, y: 0, width: 30, height: 6), focused: false, theme: .dark, into: &canvas)
        let rows = canvas.text().split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(rows[1], "▾ ☐ Renew the passport 1/2 ✎", rows.joined(separator: "\n"))
        XCTAssertEqual(rows[2], "☐ Book the photo booth ap…", "a subtask too long by itself is cut, with nothing after it")
        XCTAssertEqual(rows[3], "☑ Fill in the form")
    }
}
