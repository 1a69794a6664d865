import Foundation

/// The RRULE text form: reading (with errors that name the bad part) and canonical writing.
extension RecurrenceRule: CustomStringConvertible {
    /// Reads an RRULE value, with or without the "RRULE:" prefix: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE".
    public init(parsing text: String) throws {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.uppercased().hasPrefix("RRULE:") { body = String(body.dropFirst("RRULE:".count)) }
        let parts = try Self.namedParts(body)
        guard let freqText = parts["FREQ"] else { throw RecurrenceError("the rule has no FREQ (try FREQ=WEEKLY)") }
        guard let frequency = Frequency(rawValue: freqText) else {
            if ["SECONDLY", "MINUTELY", "HOURLY"].contains(freqText) {
                throw RecurrenceError("FREQ “\(freqText)” is not supported: tasks repeat by the day at most")
            }
            throw RecurrenceError("unknown FREQ “\(freqText)”")
        }
        self.init(frequency: frequency)
        if let text = parts["INTERVAL"] { interval = try Self.integer(text, part: "INTERVAL") }
        if let text = parts["COUNT"] { count = try Self.integer(text, part: "COUNT") }
        if let text = parts["UNTIL"] {
            guard let day = Self.civilDate(iCalendar: text) else {
                throw RecurrenceError("UNTIL “\(text)” is not a date like 20270301 or 20270301T090000Z")
            }
            until = day
        }
        byDay = try Self.list(parts["BYDAY"]) { item in
            guard let entry = WeekdayNum(code: item) else {
                throw RecurrenceError("BYDAY “\(item)” is not a weekday like MO, 2TU or -1FR")
            }
            return entry
        }
        byMonthDay = try Self.list(parts["BYMONTHDAY"]) { try Self.integer($0, part: "BYMONTHDAY") }
        byMonth = try Self.list(parts["BYMONTH"]) { try Self.integer($0, part: "BYMONTH") }
        bySetPos = try Self.list(parts["BYSETPOS"]) { try Self.integer($0, part: "BYSETPOS") }
        if let text = parts["WKST"] {
            guard let day = Weekday(code: text) else { throw RecurrenceError("WKST “\(text)” is not a weekday like MO") }
            weekStart = day
        }
        try validate()
    }

    /// Checks the ranges and combinations RFC 5545 allows, so a rule built in code can be checked
    /// the same way as a parsed one.
    public func validate() throws {
        func check(_ ok: Bool, _ message: @autoclosure () -> String) throws {
            if !ok { throw RecurrenceError(message()) }
        }
        try check(interval >= 1, "INTERVAL “\(interval)” must be 1 or more")
        if let count { try check(count >= 1, "COUNT “\(count)” must be 1 or more") }
        try check(count == nil || until == nil, "COUNT and UNTIL cannot both be set")
        for entry in byDay {
            guard let ordinal = entry.ordinal else { continue }
            try check(ordinal != 0 && abs(ordinal) <= 53, "BYDAY “\(entry.code)” needs a number from 1 to 53 or -53 to -1")
            try check(frequency == .monthly || frequency == .yearly,
                      "BYDAY “\(entry.code)” can have a number only in a MONTHLY or YEARLY rule")
        }
        try check(byMonthDay.isEmpty || frequency != .weekly, "BYMONTHDAY cannot be used in a WEEKLY rule")
        for day in byMonthDay {
            try check(day != 0 && abs(day) <= 31, "BYMONTHDAY “\(day)” must be 1 to 31 or -31 to -1")
        }
        for month in byMonth { try check((1...12).contains(month), "BYMONTH “\(month)” must be 1 to 12") }
        for position in bySetPos {
            try check(position != 0 && abs(position) <= 366, "BYSETPOS “\(position)” must be 1 to 366 or -366 to -1")
        }
    }

    /// Canonical text without the "RRULE:" prefix, parts in the conventional order.
    public var text: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=\(Self.iCalendarText(until))") }
        func add(_ name: String, _ values: [String]) {
            if !values.isEmpty { parts.append("\(name)=\(values.joined(separator: ","))") }
        }
        add("BYMONTH", byMonth.map(String.init))
        add("BYMONTHDAY", byMonthDay.map(String.init))
        add("BYDAY", byDay.map(\.code))
        add("BYSETPOS", bySetPos.map(String.init))
        if let weekStart { parts.append("WKST=\(weekStart.code)") }
        return parts.joined(separator: ";")
    }

    public var description: String { text }

    // MARK: - Pieces shared with RecurrenceSet

    /// "20270301", "20270301T090000Z" or "20270301T090000": the day as written (no time zone shift).
    static func civilDate(iCalendar text: String) -> CivilDate? {
        let value = text.trimmingCharacters(in: .whitespaces).uppercased()
        let datePart = value.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let digits = datePart.first, digits.count == 8, digits.allSatisfy(\.isASCII),
              let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)), let d = Int(digits.suffix(2))
        else { return nil }
        if datePart.count == 2 {
            let time = datePart[1].hasSuffix("Z") ? datePart[1].dropLast() : datePart[1]
            guard time.count == 6, time.allSatisfy(\.isNumber) else { return nil }
        }
        return CivilDate.valid(year: y, month: m, day: d)
    }

    static func iCalendarText(_ day: CivilDate) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    // MARK: - Reading parts

    private static let supportedParts: Set<String> = [
        "FREQ", "INTERVAL", "UNTIL", "COUNT", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST",
    ]
    private static let unsupportedParts: Set<String> = [
        "BYSECOND", "BYMINUTE", "BYHOUR", "BYWEEKNO", "BYYEARDAY", "RSCALE", "SKIP",
    ]

    private static func namedParts(_ body: String) throws -> [String: String] {
        guard !body.isEmpty else { throw RecurrenceError("the rule is empty (try FREQ=WEEKLY)") }
        var parts: [String: String] = [:]
        for piece in body.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingCharacters(in: .whitespaces).uppercased()
            guard pair.count == 2, !name.isEmpty else { throw RecurrenceError("“\(piece)” is not NAME=VALUE") }
            let value = pair[1].trimmingCharacters(in: .whitespaces).uppercased()
            guard !value.isEmpty else { throw RecurrenceError("\(name) has no value") }
            if unsupportedParts.contains(name) { throw RecurrenceError("“\(name)” is not supported") }
            guard supportedParts.contains(name) else { throw RecurrenceError("unknown part “\(name)”") }
            guard parts[name] == nil else { throw RecurrenceError("\(name) is given twice") }
            parts[name] = value
        }
        return parts
    }

    private static func integer(_ text: String, part: String) throws -> Int {
        guard let value = Int(text) else { throw RecurrenceError("\(part) “\(text)” is not a number") }
        return value
    }

    private static func list<T>(_ text: String?, _ read: (String) throws -> T) throws -> [T] {
        guard let text else { return [] }
        return try text.split(separator: ",", omittingEmptySubsequences: false)
            .map { try read($0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension RecurrenceRule.WeekdayNum {
    /// "MO", "2TU", "-1FR", "+3WE".
    init?(code: String) {
        guard code.count >= 2, let weekday = RecurrenceRule.Weekday(code: String(code.suffix(2))) else { return nil }
        let number = code.dropLast(2)
        if number.isEmpty {
            self.init(weekday)
        } else {
            guard let ordinal = Int(number) else { return nil }
            self.init(weekday, ordinal: ordinal)
        }
    }

    var code: String { (ordinal.map(String.init) ?? "") + weekday.code }
}
