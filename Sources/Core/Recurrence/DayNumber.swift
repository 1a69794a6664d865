/// Days counted from 1970-01-01, so recurrence expansion can step through weeks and months with
/// integer arithmetic instead of a Foundation calendar call per day.
/// (Howard Hinnant's days_from_civil / civil_from_days, proleptic Gregorian.)
enum DayNumber {
    static func of(_ date: CivilDate) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = (date.month + 9) % 12  // March = 0, so the leap day ends the year
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(_ number: Int) -> CivilDate {
        let z = number + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return CivilDate(year: year, month: month, day: day)
    }

    /// 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday).
    static func weekday(_ number: Int) -> Int { floorModulo(number + 3, 7) }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorModulo(_ a: Int, _ b: Int) -> Int { a - floorDivide(a, b) * b }
    static func ceilDivide(_ a: Int, _ b: Int) -> Int { -floorDivide(-a, b) }
}
