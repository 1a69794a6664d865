/// The time-of-day phrases: "5pm", "17:00", "at 9", "9 o'clock", "noon", "this morning".
extension DateGrammar {
    /// "5pm", "5:30 pm", "12am", "7 p.m."
    func meridiemTime(_ c: inout TokenCursor) -> PieceValue? {
        guard let hour = c.takeNumber()?.number, (1...12).contains(hour) else { return nil }
        var minute = 0
        c.attempt { c in
            guard c.takeSymbol([":", "."]), let m = c.takeNumber(digits: 2...2, glued: true)?.number, m < 60
            else { return false }
            minute = m
            return true
        }
        guard let afternoon = meridiem(&c) else { return nil }
        return PieceValue(clock: .exact(TimeOfDay(hour: hour % 12 + (afternoon ? 12 : 0), minute: minute)))
    }

    /// am/pm, a.m./p.m.: true for pm.
    private func meridiem(_ c: inout TokenCursor) -> Bool? {
        if let word = c.take(["am", "pm"]) { return word == "pm" }
        var afternoon: Bool?
        c.attempt { c in
            guard let half = c.take(["a", "p"]), c.takeSymbol(["."]), c.take("m", glued: true) else { return false }
            _ = c.takeSymbol(["."])
            afternoon = half == "p"
            return true
        }
        return afternoon
    }

    /// "17:00", "09:30", "5:30" (the last is an hour without am/pm).
    func colonTime(_ c: inout TokenCursor) -> PieceValue? {
        guard let hourToken = c.takeNumber(), let hour = hourToken.number, hour <= 23, c.takeSymbol([":"]),
              let minute = c.takeNumber(digits: 2...2, glued: true)?.number, minute < 60 else { return nil }
        return PieceValue(clock: clock(hour: hour, minute: minute, written: hourToken.text))
    }

    /// "at 9", "around 17", "9 o'clock". A bare number is a time only after "at"/"around" or before
    /// "o'clock", so "buy 3 eggs" keeps its eggs.
    func bareHour(_ c: inout TokenCursor, _ context: Context) -> PieceValue? {
        guard let hourToken = c.takeNumber(), let hour = hourToken.number, hour <= 23 else { return nil }
        let saidOClock = c.attempt { c in
            c.take("oclock") || (c.take("o") && c.takeSymbol(["'", "’"]) && c.take("clock", glued: true))
        }
        let introduced = context.previousWord.map(DateVocabulary.clockIntroducers.contains) ?? false
        guard introduced || saidOClock, !saidOClock || (1...12).contains(hour) else { return nil }
        return PieceValue(clock: clock(hour: hour, minute: 0, written: hourToken.text))
    }

    /// Exact when the hour can only mean one time: 0, 13–23, or written with a leading zero ("09:00").
    /// Otherwise a nearby day part, or the rule in `DatePhrases`, decides between am and pm.
    private func clock(hour: Int, minute: Int, written: String) -> PhrasePiece.Clock {
        if hour == 0 || hour >= 13 || written.hasPrefix("0") {
            return .exact(TimeOfDay(hour: hour, minute: minute))
        }
        return .bareHour(hour: hour, minute: minute)
    }

    /// noon, midday, midnight
    func namedTime(_ c: inout TokenCursor) -> PieceValue? {
        c.take(DateVocabulary.namedTimes).map { PieceValue(clock: .exact($0)) }
    }

    /// "this morning", "in the evening", "tomorrow night", "friday afternoon". Alone inside a sentence
    /// these words are too common ("the morning paper"), so they need "this", "in the" or a date before them.
    func dayPart(_ c: inout TokenCursor, _ context: Context) -> PieceValue? {
        let saidThis = c.take("this")
        let saidInThe = !saidThis && c.attempt { $0.take("in") && $0.take("the") }
        guard let part = c.take(DateVocabulary.dayParts),
              saidThis || saidInThe || context.followsPiece || context.previousWord == "at" || wholeInputIsPhrase
        else { return nil }
        return PieceValue(date: saidThis ? today : nil, clock: .dayPart(part.time, afternoon: part.afternoon))
    }
}
