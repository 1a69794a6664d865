/// What the pieces of one input say together: the first date, the first clock time and the first
/// day part, the hour read in the light of the day part. Shared by the English and Chinese readers.
struct PhraseReading {
    /// The pieces that count, in input order.
    let used: [PhrasePiece]
    let date: CivilDate?
    let time: TimeOfDay?

    /// nil when there is no piece, or one names a day that does not exist.
    init?(_ pieces: [PhrasePiece], today: CivilDate, now: TimeOfDay?) {
        guard !pieces.contains(where: \.impossible) else { return nil }
        let datePiece = pieces.first { $0.date != nil }
        let clockPiece = pieces.first { piece in
            switch piece.clock { case .exact?, .bareHour?: return true; default: return false }
        }
        let dayPartPiece = pieces.first { piece in
            if case .dayPart? = piece.clock { return true }
            return false
        }
        var used: [PhrasePiece] = []
        for piece in [datePiece, clockPiece, dayPartPiece].compactMap({ $0 }) where !used.contains(piece) {
            used.append(piece)
        }
        guard !used.isEmpty else { return nil }
        self.used = used.sorted { $0.tokens.lowerBound < $1.tokens.lowerBound }

        let time = Self.resolveTime(clockPiece?.clock, dayPart: dayPartPiece?.clock)
        var date = datePiece?.date
        if clockPiece?.nextDay == true {
            date = (date ?? today).adding(days: 1)
        } else if date == nil, let time, let now {
            date = time > now ? today : today.adding(days: 1)
        }
        self.date = date
        self.time = time
    }

    /// Applies the am/pm rule documented on `DatePhrases`.
    private static func resolveTime(_ clock: PhrasePiece.Clock?, dayPart: PhrasePiece.Clock?) -> TimeOfDay? {
        switch clock {
        case .exact(let time)?:
            return time
        case .bareHour(let hour, let minute)?:
            let resolved: Int
            if case .dayPart(_, let afternoon)? = dayPart {
                resolved = afternoon ? (hour < 12 ? hour + 12 : hour) : (hour == 12 ? 0 : hour)
            } else {
                resolved = (1...6).contains(hour) ? hour + 12 : hour
            }
            return TimeOfDay(hour: resolved, minute: minute)
        default:
            if case .dayPart(let time, _)? = dayPart { return time }
            return nil
        }
    }
}
