import Foundation
import Core

/// The `repeat` argument of create_task, create_reminder and update_task: what the form's Repeat
/// field reads (`RecurrenceRule.parsePhrase`), stored as the form stores it. A series starts on
/// its first day on or after the task's day (today when none is given).
enum RepeatArgument {
    static let name = "repeat"
    static let forms = "daily, weekdays, weekly, every monday and thursday, every 2 weeks, "
        + "every 2 weeks until 2027-03-01, monthly on the 15th, monthly on the last friday, yearly 10 times, "
        + "or RRULE text such as FREQ=WEEKLY;BYDAY=MO,TH"

    static func schema(removable: Bool) -> JSONValue {
        [
            "type": removable ? ["string", "null"] as JSONValue : "string",
            "description": .string("How the task repeats, e.g. \"weekdays\", \"every monday and thursday\", "
                + "\"every 2 weeks until 2027-03-01\", \"monthly on the last friday\", or RRULE text. "
                + (removable ? "\"none\" (or null) stops it repeating." : "Omit for a one-off task.")),
        ]
    }

    /// Names models use for it.
    static let aliases = [
        "recurrence": name, "recurrence_rule": name, "rrule": name, "recurring": name, "recur": name,
        "repeats": name, "repetition": name, "repeat_rule": name,
    ]

    /// What the call says about repeating.
    enum Given: Equatable {
        case absent
        case none
        case rule(RecurrenceRule)
    }

    static func read(_ args: ToolArguments, context: ToolContext) throws -> Given {
        guard args.values[name] != nil else { return .absent }
        guard let text = try args.optionalString(name) else { return .none }  // null or blank
        do {
            return try RecurrenceRule.parsePhrase(text, today: context.today).map(Given.rule) ?? .none
        } catch {
            throw ToolError("Can't read '\(name)' “\(text)”: \(error). Write it like: \(forms); or \"none\".")
        }
    }

    /// The series from `day` on: its first day and the text `TaskItem.recurrence` stores.
    static func series(_ rule: RecurrenceRule, from day: CivilDate) throws -> (start: CivilDate, text: String) {
        guard let start = rule.firstDay(from: day) else {
            throw ToolError("'\(name)' (\(rule.summary)) has no day on or after \(TaskText.day(day)).")
        }
        return (start, RecurrenceSet(rule: rule).text)
    }

    /// "every weekday", "every 2 weeks on Mon, Thu until 1 Mar 2027"; nil for a one-off.
    static func summary(_ task: TaskItem) -> String? {
        guard let text = task.recurrence, let set = try? RecurrenceSet(parsing: text) else { return nil }
        return set.rule.summary(start: task.dueDate)
    }
}
