/// Days and offsets both grammars (English and Chinese) build from the numbers they read.
extension PieceValue {
    static func exactDay(year: Int, month: Int, day: Int) -> PieceValue {
        CivilDate.valid(year: year, month: month, day: day).map { PieceValue(date: $0) } ?? .impossibleDate
    }

    /// The next time month/day comes round, today included. February 29 waits for a leap year.
    static func upcomingDay(month: Int, day: Int, today: CivilDate) -> PieceValue {
        // 2024 is a leap year, so this checks against the longest each month can be.
        guard CivilDate.valid(year: 2024, month: month, day: day) != nil else { return .impossibleDate }
        for year in today.year...(today.year + 8) {
            if let date = CivilDate.valid(year: year, month: month, day: day), date >= today {
                return PieceValue(date: date)
            }
        }
        return .impossibleDate
    }

    /// The next such day of a month ("the 15th", "15号"), today included.
    static func upcomingDayOfMonth(_ day: Int, today: CivilDate) -> PieceValue {
        guard (1...31).contains(day) else { return .impossibleDate }
        var month = today.firstOfMonth
        while true {  // ends within two months: no two months in a row are both shorter than 31 days
            if let date = CivilDate.valid(year: month.year, month: month.month, day: day), date >= today {
                return PieceValue(date: date)
            }
            month = month.adding(months: 1)
        }
    }

    /// `count` units after now; hours and minutes need the current time.
    static func offset(_ count: Int, _ unit: DateVocabulary.Unit, today: CivilDate, now: TimeOfDay?) -> PieceValue? {
        switch unit {
        case .day: return PieceValue(date: today.adding(days: count))
        case .week: return PieceValue(date: today.adding(days: 7 * count))
        case .month: return PieceValue(date: today.adding(months: count))
        case .year: return PieceValue(date: today.adding(months: 12 * count))
        case .hour, .minute:
            guard let now else { return nil }
            let total = now.minutesSinceMidnight + count * (unit == .hour ? 60 : 1)
            let time = TimeOfDay(hour: total % 1440 / 60, minute: total % 60)
            return PieceValue(date: today.adding(days: total / 1440), clock: .exact(time))
        }
    }
}

extension PhrasePiece {
    /// The longest reading any matcher finds from `start`'s position that ends where a phrase may end.
    static func longest<Cursor: Backtracking>(from start: Cursor, matchers: [(inout Cursor) -> PieceValue?],
                                              endsWell: (Int) -> Bool) -> PhrasePiece? {
        var best: PhrasePiece?
        for matcher in matchers {
            var cursor = start
            guard let value = matcher(&cursor), cursor.index > start.index, endsWell(cursor.index) else { continue }
            if cursor.index > best?.tokens.upperBound ?? start.index {
                best = PhrasePiece(tokens: start.index..<cursor.index, value: value)
            }
        }
        return best
    }

    /// Reads left to right: the longest piece at each position, else the next position.
    static func scan(count: Int, longestPiece: (Int, PhrasePiece?) -> PhrasePiece?) -> [PhrasePiece] {
        var found: [PhrasePiece] = []
        var index = 0
        while index < count {
            if let piece = longestPiece(index, found.last) {
                found.append(piece)
                index = piece.tokens.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    init(tokens: Range<Int>, value: PieceValue) {
        self.init(tokens: tokens, date: value.date, clock: value.clock, impossible: value.impossible,
                  nextDay: value.nextDay)
    }
}
