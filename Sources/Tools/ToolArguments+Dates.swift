import Foundation
import Core

/// Date and time arguments, in every unambiguous form `DateTimeText` reads. A day and its time
/// are read together: a date-time in the date ("2027-01-15T09:30:00") gives the time too, and a
/// date-time sent as the time gives the day.
extension ToolArguments {
    static let dateForms = "a date like 2027-01-15, a date and time like 2027-01-15T09:30, or a phrase like 'next friday'"
    static let timeForms = "a time like 09:30, 17:00 or 5:30pm"

    public func requiredDate(_ name: String, context: ToolContext) throws -> CivilDate {
        guard let date = try optionalDate(name, context: context) else { throw ToolError("Missing required argument '\(name)'.") }
        return date
    }

    /// The day of a date argument (a time in it is not wanted here and is left out).
    public func optionalDate(_ name: String, context: ToolContext) throws -> CivilDate? {
        guard let reading = try dateReading(name, context: context) else { return nil }
        guard let date = reading.date else { throw ToolError("'\(name)' must be a day, not only a time: \(Self.dateForms).") }
        return date
    }

    public func optionalTime(_ name: String, context: ToolContext) throws -> TimeOfDay? {
        try timeReading(name, context: context)?.time
    }

    /// A day and a time given as two arguments. Either may be left out; given twice (a time in
    /// both, or a day in both) they must agree.
    public func dateAndTime(date dateName: String, time timeName: String,
                            context: ToolContext) throws -> (date: CivilDate?, time: TimeOfDay?) {
        let fromDate = try dateReading(dateName, context: context)
        let fromTime = try timeReading(timeName, context: context)
        if let a = fromDate?.time, let b = fromTime?.time, a != b {
            throw ToolError("'\(dateName)' says \(a.hhmm) but '\(timeName)' says \(b.hhmm): give the time once.")
        }
        if let a = fromDate?.date, let b = fromTime?.date, a != b {
            throw ToolError("'\(dateName)' says \(a.iso) but '\(timeName)' says \(b.iso): give the day once, in '\(dateName)'.")
        }
        return (fromDate?.date ?? fromTime?.date, fromTime?.time ?? fromDate?.time)
    }

    private func dateReading(_ name: String, context: ToolContext) throws -> DateTimeText.Reading? {
        try reading(name, maxLength: 100, forms: Self.dateForms, read: { DateTimeText.date($0, context: context) },
                    ambiguous: " (month or day first): give the date as year-month-day, like 2027-01-15")
    }

    private func timeReading(_ name: String, context: ToolContext) throws -> DateTimeText.Reading? {
        try reading(name, maxLength: 40, forms: Self.timeForms, read: { DateTimeText.time($0, context: context) },
                    ambiguous: ": give \(Self.timeForms) (24-hour HH:mm, or with am/pm)")
    }

    /// Argument `name` read by `read`; an error that shows the expected `forms` when it cannot be.
    private func reading(_ name: String, maxLength: Int, forms: String,
                         read: (String) -> Result<DateTimeText.Reading, DateTimeText.Problem>,
                         ambiguous: String) throws -> DateTimeText.Reading? {
        guard let text = try optionalString(name, maxLength: maxLength) else { return nil }
        switch read(text) {
        case .success(let reading): return reading
        case .failure(.ambiguous): throw ToolError("'\(name)' “\(text)” can be read more than one way\(ambiguous).")
        case .failure(.unknown): throw ToolError("'\(name)' must be \(forms); “\(text)” is not one.")
        }
    }
}
