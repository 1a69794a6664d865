import Foundation
import Core

/// Day and month names, and how a day is written.
struct DateStrings: Sendable {
    /// Sunday first, short enough for the month grid's header.
    var weekdaysShort: [String]
    var months: [String]
    /// "Tue 24 November 2026".
    var long: @Sendable (CivilDate) -> String
    /// "November 2026", the month grid's title.
    var monthTitle: @Sendable (CivilDate) -> String
    var today: String
    var noDate: String
    var allDay: String

    static let english = DateStrings(
        weekdaysShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        months: englishMonths,
        long: { d in "\(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.weekday - 1]) \(d.day) \(englishMonths[d.month - 1]) \(d.year)" },
        monthTitle: { d in "\(englishMonths[d.month - 1]) \(d.year)" },
        today: "today", noDate: "no date", allDay: "all-day")

    static let chinese = DateStrings(
        weekdaysShort: ["日", "一", "二", "三", "四", "五", "六"],
        months: (1...12).map { "\($0)月" },
        long: { d in "\(d.year)年\(d.month)月\(d.day)日 周\(["日", "一", "二", "三", "四", "五", "六"][d.weekday - 1])" },
        monthTitle: { d in "\(d.year)年\(d.month)月" },
        today: "今天", noDate: "无日期", allDay: "全天")

    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]
}
