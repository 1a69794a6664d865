/// The English words the date phrases understand, kept in one place so another language
/// can be added beside it.
enum DateVocabulary {
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// Weekday words, 0 = Monday.
    static let weekdays: [String: Int] = [
        "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "weds": 2,
        "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4,
        "saturday": 5, "sat": 5, "sunday": 6, "sun": 6,
    ]
    /// Abbreviations that are also ordinary words ("I sat down", "in the sun"): inside a sentence
    /// they count only after "on", "this", "next" and the like.
    static let weekdaysThatAreWords: Set<String> = ["sat", "sun", "wed"]

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
        "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
        "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
    ]

    static let today: Set<String> = ["today", "tdy"]
    static let tomorrow: Set<String> = ["tomorrow", "tmr", "tmrw", "tmw", "tomorow", "tommorow", "tommorrow"]
    static let yesterday: Set<String> = ["yesterday"]

    /// Small words that tie a phrase to the sentence ("on friday", "at 5pm"); cut out with it.
    static let connectors: Set<String> = ["on", "at", "by", "for", "due", "around"]
    /// Words before a bare hour that make it a time ("at 9"), not a count ("buy 9 eggs").
    static let clockIntroducers: Set<String> = ["at", "around"]

    static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th"]

    enum Unit { case minute, hour, day, week, month, year }
    static let units: [String: Unit] = [
        "minute": .minute, "minutes": .minute, "min": .minute, "mins": .minute,
        "hour": .hour, "hours": .hour, "hr": .hour, "hrs": .hour,
        "day": .day, "days": .day, "week": .week, "weeks": .week, "wk": .week, "wks": .week,
        "month": .month, "months": .month, "year": .year, "years": .year,
    ]
    static let countWords: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    ]

    /// Parts of the day and the clock time they stand for when no time is given.
    static let dayParts: [String: (time: TimeOfDay, afternoon: Bool)] = [
        "morning": (TimeOfDay(hour: 9, minute: 0), false),
        "afternoon": (TimeOfDay(hour: 15, minute: 0), true),
        "evening": (TimeOfDay(hour: 18, minute: 0), true),
        "night": (TimeOfDay(hour: 20, minute: 0), true),
    ]
    static let tonight = TimeOfDay(hour: 20, minute: 0)
    static let namedTimes: [String: TimeOfDay] = [
        "noon": TimeOfDay(hour: 12, minute: 0), "midday": TimeOfDay(hour: 12, minute: 0),
        "midnight": TimeOfDay(hour: 0, minute: 0),
    ]
}
