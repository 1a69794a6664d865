import Foundation
import Terminal

/// One row of a list (a task, a todo, a subtask): its title and the marks after it (badges,
/// category, due date, notes), fitted to a width. The title keeps priority: it is placed whole,
/// then the marks in what is left, the most important first; a title wider than the row by
/// itself is the only thing cut. In a 39-column Tasks pane "Submit the expense report" stays
/// readable and "!medium [Work]" goes, rather than "S… ↻ !medium [Work] overdue".
enum RowFit {
    struct Mark {
        var text: String
        var style: Style
        /// Higher is kept longer.
        var rank: Int
        /// Cut to the room left rather than left out (the notes' first line).
        var elastic = false
    }

    /// The title as it fits and the marks that fit after it, in their order: the most
    /// important first, each where it still fits, then the elastic ones in what is left.
    static func fit(title: String, marks: [Mark], width: Int) -> (title: String, marks: [Mark]) {
        let titleWidth = TextWidth.of(title)
        guard titleWidth < width else { return (truncate(title, toWidth: max(0, width)), []) }
        var room = width - titleWidth
        var fitted = marks.map { Optional($0) }
        let order = marks.indices.sorted { (marks[$0].elastic ? 0 : 1, marks[$0].rank, -$0) > (marks[$1].elastic ? 0 : 1, marks[$1].rank, -$1) }
        for i in order {
            let mark = marks[i]
            let text = mark.elastic && room >= 4 ? truncate(mark.text, toWidth: room) : mark.text
            let used = TextWidth.of(text)
            if used <= room {
                fitted[i]?.text = text
                room -= used
            } else {
                fitted[i] = nil
            }
        }
        return (title, fitted.compactMap { $0 })
    }
}
