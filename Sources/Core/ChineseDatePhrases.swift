/// Chinese date and time phrases, read into the same `DatePhraseMatch` as English ones. `DatePhrases`
/// hands text with Han characters here, so every caller (tasks, tools, forms) reads both languages.
/// Choices beyond the obvious, mirroring the English rules where there are some:
/// - 周五 alone is the next Friday after today (said on a Friday, a week later), as English "friday".
/// - 这周五/本周五 is the Friday of this week (weeks start Monday); 下周五 the Friday of next week, as
///   most speakers mean and as English "next friday"; 下下周五 the week after.
/// - An hour with a day part is read at once: 下午5点 17:00, 中午12点 12:00, 上午12点 12:00 (noon),
///   凌晨1点 01:00, 凌晨12点 00:00, 晚上8点 20:00, 晚上12点 (and 晚上1–4点) after midnight, on the next day.
/// - An hour alone (5点) follows the English rule: 1–6 afternoon, 7–12 as said, 0 and 13–23 as a 24-hour clock.
/// - 一点 alone usually means "a little" (早一点), so it is a time only as 1点 or after a day part.
/// - 12月1日 without a year is the next one, today included; 15号 the next 15th; an impossible day gives nil.
enum ChineseDatePhrases {
    static func find(in text: String, today: CivilDate, now: TimeOfDay?) -> DatePhraseMatch? {
        match(text, today: today, now: now, wholeInputIsPhrase: false)
    }

    static func parse(_ phrase: String, today: CivilDate, now: TimeOfDay?) -> DatePhraseMatch? {
        match(phrase, today: today, now: now, wholeInputIsPhrase: true)
    }

    private static func match(_ text: String, today: CivilDate, now: TimeOfDay?,
                              wholeInputIsPhrase: Bool) -> DatePhraseMatch? {
        let characters = Array(text)
        let pieces = ChineseDateGrammar(characters: characters, today: today, now: now).pieces()
        guard let reading = PhraseReading(pieces, today: today, now: now) else { return nil }
        let spans = self.spans(of: reading.used, in: characters)
        if wholeInputIsPhrase {
            guard reading.used.count == pieces.count else { return nil }
            let covered = Set(spans.flatMap { Array($0) })
            let allRead = characters.indices.allSatisfy {
                covered.contains($0) || ChineseDateVocabulary.ignorable.contains(characters[$0])
                    || characters[$0].isWhitespace
            }
            guard allRead else { return nil }
        }
        let indices = Array(text.indices) + [text.endIndex]
        let parts = spans.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
        let range = parts[0].lowerBound..<parts[parts.count - 1].upperBound
        return DatePhraseMatch(date: reading.date, time: reading.time, range: range,
                               matchedText: String(text[range]), parts: parts)
    }

    /// Character stretches to cut out: each piece with 在 before it and 的 after it, and neighbouring
    /// pieces joined when only spaces or a comma sit between them ("明天 下午5点").
    private static func spans(of pieces: [PhrasePiece], in characters: [Character]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for piece in pieces {
            var cursor = HanCursor(characters, at: piece.tokens.upperBound)
            let saidConnector = cursor.take(any: ChineseDateVocabulary.trailingConnectors) != nil
            let end = saidConnector ? cursor.index : piece.tokens.upperBound
            var start = piece.tokens.lowerBound
            let floor = spans.last?.upperBound ?? 0
            for connector in ChineseDateVocabulary.leadingConnectors
            where start - connector.count >= floor && HanCursor(characters, at: start - connector.count).sees(connector) {
                start -= connector.count
                break
            }
            if let last = spans.last,
               characters[last.upperBound..<start].allSatisfy({ $0.isWhitespace || $0 == "，" || $0 == "," }) {
                spans[spans.count - 1] = last.lowerBound..<end
            } else {
                spans.append(start..<end)
            }
        }
        return spans
    }
}
