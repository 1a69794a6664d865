import Foundation

/// A date and/or time found in text, and where it sat.
public struct DatePhraseMatch: Sendable, Equatable {
    public var date: CivilDate?
    public var time: TimeOfDay?
    /// From the start of the first phrase to the end of the last, including the connectors tied
    /// to them ("on friday at 9am"), so a caller can cut them out of a title.
    public var range: Range<String.Index>
    public var matchedText: String
    /// The separate stretches `range` spans: a date and a time can sit apart
    /// ("at 5pm call mom tomorrow"), and only they are cut out by `DatePhrases.removing`.
    public var parts: [Range<String.Index>]

    public init(date: CivilDate?, time: TimeOfDay?, range: Range<String.Index>, matchedText: String,
                parts: [Range<String.Index>]? = nil) {
        self.date = date; self.time = time; self.range = range; self.matchedText = matchedText
        self.parts = parts ?? [range]
    }
}

/// English date and time phrases, read the way people mean them (Chinese ones: `ChineseDatePhrases`,
/// used for any text with Han characters). Rules beyond the obvious:
/// - A bare weekday ("friday") is the next one after today: said on a Friday it is a week later.
///   "this friday" includes today; "next friday" is the Friday of next week (weeks start Monday).
/// - An hour without am/pm ("at 3", "5:30") from 1 to 6 is afternoon (15:00, 17:30); 7–12 stays as
///   said; 0 and 13–23 are 24-hour. A day part nearby decides instead ("tonight at 9" is 21:00).
/// - A month and day without a year ("jan 5") is the next time it comes round, today included;
///   "feb 29" waits for a leap year. "the 15th" is the next 15th, today included.
/// - A date that does not exist ("feb 30", "2026-13-01") gives no match, never a nearby day.
/// - With the current time known, a time alone ("at 5pm") falls today if still ahead, else tomorrow.
public enum DatePhrases {
    /// Finds date and/or time phrases anywhere in a sentence, resolved against `now` in `timeZone`.
    public static func find(in text: String, now: Date, timeZone: TimeZone) -> DatePhraseMatch? {
        let (today, time) = split(now, timeZone)
        return find(in: text, today: today, now: time)
    }

    /// Finds date and/or time phrases anywhere in a sentence. Without `now`, "in 2 hours" is not understood.
    public static func find(in text: String, today: CivilDate, now: TimeOfDay? = nil) -> DatePhraseMatch? {
        if text.containsHan, let chinese = ChineseDatePhrases.find(in: text, today: today, now: now) { return chinese }
        return match(text, today: today, now: now, wholeInputIsPhrase: false)
    }

    /// Reads a string that must be a date/time phrase as a whole ("next friday at 9"); nil otherwise.
    public static func parse(_ phrase: String, now: Date, timeZone: TimeZone) -> DatePhraseMatch? {
        let (today, time) = split(now, timeZone)
        return parse(phrase, today: today, now: time)
    }

    public static func parse(_ phrase: String, today: CivilDate, now: TimeOfDay? = nil) -> DatePhraseMatch? {
        if phrase.containsHan { return ChineseDatePhrases.parse(phrase, today: today, now: now) }
        return match(phrase, today: today, now: now, wholeInputIsPhrase: true)
    }

    /// The text without the phrase and its connectors ("on", "at", "by", "for"), spaces tidied.
    public static func removing(_ match: DatePhraseMatch, from text: String) -> String {
        var kept = ""
        var cursor = text.startIndex
        for part in match.parts.sorted(by: { $0.lowerBound < $1.lowerBound })
        where part.lowerBound >= cursor && part.upperBound <= text.endIndex {
            let before = text[cursor..<part.lowerBound]
            // Chinese has no spaces between words: "提醒我明天交报告" leaves "提醒我交报告".
            let joinsHan = before.last?.isHan == true || text[part.upperBound...].first?.isHan == true
            kept += before + (joinsHan ? "" : " ")
            cursor = part.upperBound
        }
        kept += text[cursor...]
        return tidy(kept)
    }

    // MARK: -

    private static func split(_ now: Date, _ timeZone: TimeZone) -> (CivilDate, TimeOfDay) {
        (CivilDate(now, in: timeZone), TimeOfDay(now, in: timeZone))
    }

    private static let leftoverPunctuation: Set<String> = [",", ".", "?", "!", ";", ":", "-"]

    private static func match(_ text: String, today: CivilDate, now: TimeOfDay?,
                              wholeInputIsPhrase: Bool) -> DatePhraseMatch? {
        let tokens = DateToken.tokens(of: text)
        let pieces = DateGrammar(tokens: tokens, today: today, now: now,
                                 wholeInputIsPhrase: wholeInputIsPhrase).pieces()
        guard let reading = PhraseReading(pieces, today: today, now: now) else { return nil }
        let used = reading.used
        if wholeInputIsPhrase && used.count != pieces.count { return nil }

        let spans = self.spans(of: used, in: tokens)
        if wholeInputIsPhrase {
            let covered = Set(spans.flatMap { Array($0) })
            let allRead = tokens.indices.allSatisfy { covered.contains($0) || leftoverPunctuation.contains(tokens[$0].text) }
            guard allRead else { return nil }
        }

        let parts = spans.map { tokens[$0.lowerBound].range.lowerBound..<tokens[$0.upperBound - 1].range.upperBound }
        let range = parts[0].lowerBound..<parts[parts.count - 1].upperBound
        return DatePhraseMatch(date: reading.date, time: reading.time, range: range, matchedText: String(text[range]),
                               parts: parts)
    }

    /// Token stretches to cut out: each piece with the connectors before it, and neighbouring pieces
    /// joined when only connectors or a comma/dash sit between them.
    private static func spans(of pieces: [PhrasePiece], in tokens: [DateToken]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for piece in pieces {
            var start = piece.tokens.lowerBound
            let floor = spans.last?.upperBound ?? 0
            while start > floor, tokens[start - 1].kind == .word,
                  DateVocabulary.connectors.contains(tokens[start - 1].text) { start -= 1 }
            if let last = spans.last, tokens[last.upperBound..<start].allSatisfy({ [",", "-"].contains($0.text) }) {
                spans[spans.count - 1] = last.lowerBound..<piece.tokens.upperBound
            } else {
                spans.append(start..<piece.tokens.upperBound)
            }
        }
        return spans
    }

    /// Collapses the gaps a cut leaves: double spaces, a space before punctuation, punctuation runs,
    /// and commas, dashes or connectors left dangling at either end.
    static func tidy(_ text: String) -> String {
        var s = text.replacing(/\s+/, with: " ")
        s = s.replacing(/\s([,.;:!?])/) { String($0.output.1) }
        s = s.replacing(/[,;:]+([,.;:!?])/) { String($0.output.1) }
        var words = s.split(separator: " ").map(String.init)
        let dangling: (String) -> Bool = { word in
            DateVocabulary.connectors.contains(word.lowercased()) || ["-", "–", "—", ",", ";", ":"].contains(word)
        }
        while let last = words.last, dangling(last) { words.removeLast() }
        while let first = words.first, dangling(first) { words.removeFirst() }
        s = words.joined(separator: " ")
        s = s.replacing(/^[,;:\-–—]+\s*/, with: "")
        s = s.replacing(/\s*[,;:\-–—]+$/, with: "")
        return s
    }
}
