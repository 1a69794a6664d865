import Foundation

/// What `TaskItem.recurrence` stores: one RRULE plus the days taken out of the series (EXDATE)
/// and days added to it (RDATE), as RFC 5545 content lines:
///
///     RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270301
///     EXDATE;VALUE=DATE:20261130,20261207
public struct RecurrenceSet: Equatable, Sendable, CustomStringConvertible {
    public var rule: RecurrenceRule
    /// EXDATE days, sorted, each once.
    public var exceptionDates: [CivilDate]
    /// RDATE days, sorted, each once.
    public var extraDates: [CivilDate]
    /// Occurrences moved or cancelled on their own (`RecurrenceSet+Moved`), by original day.
    public var moved: [Moved]

    public init(rule: RecurrenceRule, exceptionDates: [CivilDate] = [], extraDates: [CivilDate] = [], moved: [Moved] = []) {
        self.rule = rule
        self.exceptionDates = Array(Set(exceptionDates)).sorted()
        self.extraDates = Array(Set(extraDates)).sorted()
        self.moved = moved.sorted { $0.from < $1.from }
    }

    /// Reads the stored lines. A bare rule ("FREQ=DAILY;COUNT=5") is accepted as the RRULE line;
    /// folded lines (continued after a leading space) are unfolded; any other property is an error.
    public init(parsing text: String) throws {
        var rule: RecurrenceRule?
        var exceptions: [CivilDate] = [], extras: [CivilDate] = []
        var moved: [Moved] = []
        for line in Self.unfoldedLines(text) {
            let upper = line.uppercased()
            if upper.hasPrefix("FREQ=") || upper.hasPrefix("RRULE:") || upper.hasPrefix("RRULE;") {
                guard rule == nil else { throw RecurrenceError("only one RRULE line is supported") }
                rule = try RecurrenceRule(parsing: Self.contentLine(line).value)
            } else if upper.hasPrefix("EXDATE") {
                exceptions += try Self.dates(line, property: "EXDATE")
            } else if upper.hasPrefix("RDATE") {
                extras += try Self.dates(line, property: "RDATE")
            } else if Moved.isLine(upper) {
                moved.append(try Moved(parsing: line))
            } else {
                throw RecurrenceError("unknown line “\(line.prefix(40))” (expected RRULE, EXDATE or RDATE)")
            }
        }
        guard let rule else { throw RecurrenceError("there is no RRULE line") }
        self.init(rule: rule, exceptionDates: exceptions, extraDates: extras, moved: moved)
    }

    /// The lines to store: "RRULE:…", then one EXDATE and one RDATE line when there are such
    /// days, then the moved occurrences.
    public var text: String {
        var lines = ["RRULE:" + rule.text]
        if !exceptionDates.isEmpty { lines.append("EXDATE;VALUE=DATE:" + Self.dateList(exceptionDates)) }
        if !extraDates.isEmpty { lines.append("RDATE;VALUE=DATE:" + Self.dateList(extraDates)) }
        return (lines + moved.map(\.line)).joined(separator: "\n")
    }

    public var description: String { text }

    /// True for a stored recurrence the expander cannot read (a rule part it does not support,
    /// such as BYWEEKNO or FREQ=HOURLY, from a calendar file): the series is kept and written back
    /// as it came, and shows its first day only.
    public static func keptAsIs(_ text: String?) -> Bool {
        guard let text else { return false }
        return (try? RecurrenceSet(parsing: text)) == nil
    }

    // MARK: - Editing ("delete this one", "change this and all future ones")

    /// The series without `day` (adds an EXDATE).
    public func excluding(_ day: CivilDate) -> RecurrenceSet {
        RecurrenceSet(rule: rule, exceptionDates: exceptionDates + [day], extraDates: extraDates, moved: moved)
    }

    /// The series cut so its last possible day is the one before `day`: the old half of a
    /// "this and future" split. COUNT becomes UNTIL (the day of the last counted occurrence
    /// before `day`, so a series that had already run out does not grow).
    public func ending(before day: CivilDate, start: CivilDate) -> RecurrenceSet {
        let dayBefore = day.adding(days: -1)
        var cut = rule
        if rule.count != nil {
            var lastGenerated: CivilDate?
            RecurrenceExpander(rule: rule, start: start).walk(from: start, through: dayBefore) { lastGenerated = $0; return true }
            cut.count = nil
            cut.until = lastGenerated ?? dayBefore
        } else {
            cut.until = min(rule.until ?? dayBefore, dayBefore)
        }
        return RecurrenceSet(rule: cut, exceptionDates: exceptionDates.filter { $0 < day },
                             extraDates: extraDates.filter { $0 < day }, moved: moved.filter { $0.from < day })
    }

    /// The new half of a "this and future" split: the series as it continues from `day` (an
    /// occurrence), to be stored with `day` as its start. COUNT keeps only the occurrences left;
    /// nil when none are left. Days the old start implied (its weekday, its day of the month)
    /// are written out so the new start does not change them. Moved occurrences stay with the
    /// old series: their overrides name its UID.
    public func continuing(from day: CivilDate, start: CivilDate) -> RecurrenceSet? {
        var rest = rule.resolved(start: start) == rule.resolved(start: day) ? rule : rule.resolved(start: start)
        if let count = rule.count {
            var usedBefore = 0
            RecurrenceExpander(rule: rule, start: start).walk(from: start, through: day.adding(days: -1)) { _ in
                usedBefore += 1
                return true
            }
            guard count > usedBefore else { return nil }
            rest.count = count - usedBefore
        }
        if let until = rule.until, until < day { return nil }
        return RecurrenceSet(rule: rest, exceptionDates: exceptionDates.filter { $0 >= day },
                             extraDates: extraDates.filter { $0 >= day })
    }

    // MARK: - Reading lines

    private static func unfoldedLines(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// "NAME;PARAM=X;PARAM=Y:value" → parameters and value.
    private static func contentLine(_ line: String) -> (parameters: [String: String], value: String) {
        guard let colon = line.firstIndex(of: ":") else { return ([:], line) }  // a bare FREQ=… rule
        var parameters: [String: String] = [:]
        for piece in line[..<colon].split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[pair[0].uppercased()] = String(pair[1]) }
        }
        return (parameters, String(line[line.index(after: colon)...]))
    }

    /// EXDATE/RDATE values: days or date-times (TZID is ignored: the day as written is kept).
    private static func dates(_ line: String, property: String) throws -> [CivilDate] {
        let (parameters, value) = contentLine(line)
        let name = line.prefix { $0 != ";" && $0 != ":" }.uppercased()
        guard name == property, line.contains(":") else { throw RecurrenceError("“\(line.prefix(40))” is not an \(property) line") }
        if let type = parameters["VALUE"]?.uppercased(), type != "DATE", type != "DATE-TIME" {
            throw RecurrenceError("\(property) values of type \(type) are not supported")
        }
        return try value.split(separator: ",").map { item in
            guard let day = RecurrenceRule.civilDate(iCalendar: String(item)) else {
                throw RecurrenceError("\(property) “\(item)” is not a date like 20261130")
            }
            return day
        }
    }

    private static func dateList(_ days: [CivilDate]) -> String {
        days.map(RecurrenceRule.iCalendarText).joined(separator: ",")
    }
}
