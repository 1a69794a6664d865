import Foundation

/// Occurrences changed on their own (an iCalendar override: a VEVENT or VTODO with a
/// RECURRENCE-ID): moved to another day or time, or cancelled. Stored with the series as
///
///     X-AIHELPER-MOVED:20261208>20261209T1000     (the 8th's occurrence is on the 9th at 10:00)
///     X-AIHELPER-MOVED:20261215>20261215          (all day, same day: only its details changed)
///     X-AIHELPER-MOVED:20261222>-                 (cancelled)
///     X-AIHELPER-MOVED:20261208>20261209T1000>15>Standup (moved)
///                         (its own alert, minutes before, and its own title: the override's
///                          VALARM and SUMMARY, so the day's list shows them; either may be empty)
///
/// The override itself is kept verbatim elsewhere (Interop keeps it in the task's `extra`);
/// this line is what the calendar needs to show it without reading that.
extension RecurrenceSet {
    public struct Moved: Equatable, Sendable {
        /// The day the rule puts the occurrence on (its RECURRENCE-ID, as a day in the user's zone).
        public var from: CivilDate
        /// Where it is now; nil when it is cancelled.
        public var to: CivilDate?
        /// Its time there, nil for all day (or the series' time when nothing says otherwise).
        public var time: TimeOfDay?
        /// The override's own alert (minutes before) and title; nil: the series'.
        public var alertMinutes: Int?
        public var title: String?

        public init(from: CivilDate, to: CivilDate?, time: TimeOfDay? = nil, alertMinutes: Int? = nil, title: String? = nil) {
            self.from = from; self.to = to; self.time = time; self.alertMinutes = alertMinutes; self.title = title
        }

        public static let property = "X-AIHELPER-MOVED"

        /// "X-AIHELPER-MOVED:20261208>20261209T1000", then ">15>Title" when it has its own.
        public var line: String {
            let target = to.map { RecurrenceRule.iCalendarText($0) + (time.map { String(format: "T%02d%02d", $0.hour, $0.minute) } ?? "") } ?? "-"
            let own = alertMinutes == nil && title == nil ? "" : ">" + (alertMinutes.map(String.init) ?? "") + ">" + Self.escape(title ?? "")
            return Self.property + ":" + RecurrenceRule.iCalendarText(from) + ">" + target + own
        }

        init(parsing line: String) throws {
            let value = line.drop { $0 != ":" }.dropFirst()
            // The title comes last and may hold ">" itself.
            let fields = value.split(separator: ">", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 2 || fields.count == 4, let from = RecurrenceRule.civilDate(iCalendar: String(fields[0])) else {
                throw RecurrenceError("“\(line.prefix(60))” is not a moved occurrence like \(Self.property):20261208>20261209T1000")
            }
            self.from = from
            if fields.count == 4 {
                if !fields[2].isEmpty {
                    guard let minutes = Int(fields[2]) else { throw RecurrenceError("“\(fields[2])” is not an alert in minutes") }
                    alertMinutes = minutes
                }
                if !fields[3].isEmpty { title = Self.unescape(String(fields[3])) }
            }
            let halves = fields.prefix(2)
            if halves[1] == "-" { return }
            let parts = halves[1].split(separator: "T", maxSplits: 1)
            guard let to = RecurrenceRule.civilDate(iCalendar: String(parts[0])) else {
                throw RecurrenceError("“\(halves[1])” is not a day like 20261209 or 20261209T1000")
            }
            self.to = to
            if parts.count == 2 {
                let digits = Array(parts[1].prefix(4))
                guard digits.count == 4, digits.allSatisfy(\.isNumber), let hour = Int(String(digits[0...1])),
                      let minute = Int(String(digits[2...3])), hour < 24, minute < 60 else {
                    throw RecurrenceError("“\(parts[1])” is not a time like 1000")
                }
                time = TimeOfDay(hour: hour, minute: minute)
            }
        }

        /// A title on one line: backslashes and line breaks (any the lines are split at) as \\ and \n.
        static func escape(_ text: String) -> String {
            var out = ""
            for character in text {
                if character == "\\" { out += "\\\\" } else if character.isNewline { out += "\\n" } else { out.append(character) }
            }
            return out
        }

        static func unescape(_ text: String) -> String {
            var out = "", escaped = false
            for character in text {
                if escaped { out.append(character == "n" ? "\n" : character); escaped = false }
                else if character == "\\" { escaped = true } else { out.append(character) }
            }
            return out
        }

        /// True for a stored line of this kind (`upper`: the line upper-cased).
        public static func isLine(_ upper: String) -> Bool { upper.hasPrefix(property + ":") }
    }

    /// The moved occurrences shown on `day`.
    public func moved(onto day: CivilDate) -> [Moved] {
        exceptionDates.contains(day) ? [] : moved.filter { $0.to == day }
    }

    /// The rule's days without the moved ones' original days, plus where they went: a day
    /// appears once more for each occurrence moved onto it (onto a day the series has anyway,
    /// both are shown; the moved ones come last on that day).
    func applyingMoved(_ days: [CivilDate], in range: ClosedRange<CivilDate>, excluded: Set<CivilDate>) -> [CivilDate] {
        guard !moved.isEmpty else { return days }
        let from = Set(moved.map(\.from))
        let arrived = moved.compactMap(\.to).filter { range.contains($0) && !excluded.contains($0) }
        return (days.filter { !from.contains($0) } + arrived).sorted()
    }
}
