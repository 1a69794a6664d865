import Foundation

/// Styles of a `MonthGrid`; the app's theme fills them in.
public struct MonthGridStyles: Sendable {
    public var header: Style
    public var weekday: Style
    public var day: Style
    public var selected: Style
    public var today: Style
    /// Days of the previous and next month that fill the first and last weeks.
    public var muted: Style
    /// Markers of days with a count but no entry in `marks`.
    public var mark: Style

    public init(header: Style = Style(bold: true), weekday: Style = Style(dim: true), day: Style = .plain,
                selected: Style = Style(reverse: true), today: Style = Style(bold: true, underline: true),
                muted: Style = Style(dim: true), mark: Style = .plain) {
        self.header = header
        self.weekday = weekday
        self.day = day
        self.selected = selected
        self.today = today
        self.muted = muted
        self.mark = mark
    }
}

/// A month calendar: a title ("November 2026"), a weekday header and six week rows, with
/// the neighbouring months' days muted. Each day cell is the day number (2 columns) and a
/// marker; the grid needs 21 columns (22 with a margin) and 8 rows, and spreads out when
/// given more: wider cells show task counts instead of "•", taller rows add spacing.
public enum MonthGrid {
    /// `title` and `weekdayNames` (Sunday first) are the caller's words; English by default.
    public static func render(into canvas: inout Canvas, rect: Rect, year: Int, month: Int,
                              title: String? = nil, weekdayNames: [String]? = nil, selectedDay: Int?, today: Int?, marks: [Int: Style] = [:], counts: [Int: Int] = [:],
                              styles: MonthGridStyles = MonthGridStyles(), firstWeekday: Int = 1) {
        guard rect.width >= 7, rect.height >= 1, let info = MonthInfo(year: year, month: month) else { return }
        let cellWidth = min(max(3, rect.width / 7), 10)
        let left = rect.x + max(0, (rect.width - 7 * cellWidth) / 2)
        let dayColumn = (cellWidth - 3) / 2  // where the two day digits start inside a cell

        let title = title ?? "\(info.monthName) \(year)"
        let names = weekdayNames?.count == 7 ? weekdayNames! : info.weekdayNames
        let titleX = rect.x + max(0, (rect.width - TextWidth.of(title)) / 2)
        canvas.put(title, x: titleX, y: rect.y, style: styles.header, maxWidth: rect.maxX - titleX)
        guard rect.height >= 2 else { return }

        let nameLength = cellWidth >= 5 ? 3 : 2
        for column in 0..<7 {
            let weekday = (firstWeekday - 1 + column) % 7  // 0 = Sunday
            let name = String(names[weekday].prefix(nameLength))
            let x = left + column * cellWidth + dayColumn
            canvas.put(name, x: x, y: rect.y + 1, style: styles.weekday, maxWidth: rect.maxX - x)
        }

        let rowHeight = max(1, (rect.height - 2) / 6)
        let offset = (info.firstWeekday - firstWeekday + 7) % 7  // leading days of last month
        for week in 0..<6 {
            let y = rect.y + 2 + week * rowHeight
            guard y < rect.maxY else { break }
            for column in 0..<7 {
                let index = week * 7 + column - offset
                let x = left + column * cellWidth + dayColumn
                if index < 0 || index >= info.dayCount {
                    let day = index < 0 ? info.previousDayCount + index + 1 : index - info.dayCount + 1
                    canvas.put(pad2(day), x: x, y: y, style: styles.muted, maxWidth: rect.maxX - x)
                    continue
                }
                let day = index + 1
                var style = styles.day
                if day == today { style = styles.today }
                if day == selectedDay { style = styles.selected }
                canvas.put(pad2(day), x: x, y: y, style: style, maxWidth: rect.maxX - x)
                let count = counts[day] ?? 0
                guard marks[day] != nil || count > 0 else { continue }
                let room = cellWidth - dayColumn - 4  // count columns, keeping one blank before the next cell
                let marker = count > 0 && room >= 1 ? countText(count, width: room) : "•"
                let markerX = x + 2 + (marker == "•" ? 0 : 1)
                canvas.put(marker, x: markerX, y: y, style: marks[day] ?? styles.mark, maxWidth: rect.maxX - markerX)
            }
        }
    }

    /// The day cell under a click, as days from the 1st of the month (negative: the month
    /// before; past the last day: the month after); nil off the week rows. Mirrors `render`.
    public static func dayOffset(atX x: Int, y: Int, rect: Rect, year: Int, month: Int, firstWeekday: Int = 1) -> Int? {
        guard rect.contains(x: x, y: y), rect.height >= 3, let info = MonthInfo(year: year, month: month) else { return nil }
        let cellWidth = min(max(3, rect.width / 7), 10)
        let left = rect.x + max(0, (rect.width - 7 * cellWidth) / 2)
        let rowHeight = max(1, (rect.height - 2) / 6)
        let column = (x - left) / cellWidth, week = (y - rect.y - 2) / rowHeight
        guard x >= left, y >= rect.y + 2, (0..<7).contains(column), (0..<6).contains(week) else { return nil }
        let offset = (info.firstWeekday - firstWeekday + 7) % 7
        return week * 7 + column - offset
    }

    static func pad2(_ n: Int) -> String { n < 10 ? " \(n)" : "\(n)" }

    static func countText(_ n: Int, width: Int) -> String {
        let s = String(n)
        return s.count <= width ? s : String(repeating: "9", count: max(0, width - 1)) + "+"
    }
}

/// Calendar facts of one month, from the Gregorian calendar in UTC (no DST surprises).
struct MonthInfo {
    let dayCount: Int
    let previousDayCount: Int
    /// 1 = Sunday ... 7 = Saturday, like `Calendar`.
    let firstWeekday: Int
    let monthName: String
    let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    init?(year: Int, month: Int) {
        guard (1...12).contains(month) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
              let days = calendar.range(of: .day, in: .month, for: first),
              let previous = calendar.date(byAdding: .month, value: -1, to: first),
              let previousDays = calendar.range(of: .day, in: .month, for: previous) else { return nil }
        dayCount = days.count
        previousDayCount = previousDays.count
        firstWeekday = calendar.component(.weekday, from: first)
        monthName = MonthInfo.monthNames[month - 1]
    }
}
