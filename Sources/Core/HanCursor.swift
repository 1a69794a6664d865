/// A number as written: "12", "１２", "十二", "两", "二〇二六".
struct WrittenNumber {
    let value: Int
    let isArabic: Bool
    let length: Int
}

/// Reads Chinese text character by character (it has no spaces between words); like `TokenCursor`,
/// a `take` either consumes and succeeds or leaves the cursor alone.
struct HanCursor: Backtracking {
    let characters: [Character]
    private(set) var index: Int

    init(_ characters: [Character], at index: Int) {
        self.characters = characters
        self.index = index
    }

    var current: Character? { index < characters.count ? characters[index] : nil }

    /// Whether `word` starts here.
    func sees(_ word: String) -> Bool {
        let wanted = Array(word)
        return index + wanted.count <= characters.count && characters[index..<(index + wanted.count)].elementsEqual(wanted)
    }

    mutating func take(_ word: String) -> Bool {
        guard sees(word) else { return false }
        index += word.count
        return true
    }

    /// The longest of `words` that starts here.
    mutating func take<S: Sequence<String>>(any words: S) -> String? {
        guard let word = words.filter(sees).max(by: { $0.count < $1.count }) else { return nil }
        index += word.count
        return word
    }

    /// The value of the longest key of `table` that starts here.
    mutating func take<V>(_ table: [String: V]) -> V? {
        take(any: table.keys).flatMap { table[$0] }
    }

    mutating func skipSpaces() {
        while let c = current, c.isWhitespace { index += 1 }
    }

    /// A number in at most `maxDigits` Arabic (ASCII or full-width) digits, or in Chinese numerals
    /// (at most four characters: 二十三, 二〇二六).
    mutating func takeNumber(maxDigits: Int = 4) -> WrittenNumber? {
        var run: [Character] = []
        let arabic = current.map(Self.isArabicDigit) ?? false
        let maxLength = arabic ? maxDigits : 4
        while let c = current, run.count <= maxLength,
              arabic ? Self.isArabicDigit(c) : (Self.chineseDigits[c] != nil || c == "十") {
            run.append(c)
            index += 1
        }
        let value = arabic ? Self.arabicValue(run) : Self.chineseValue(run)
        guard !run.isEmpty, run.count <= maxLength, let value else {
            index -= run.count
            return nil
        }
        return WrittenNumber(value: value, isArabic: arabic, length: run.count)
    }

    // MARK: Numbers

    static let chineseDigits: [Character: Int] = [
        "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]

    static func isArabicDigit(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        return (0x30...0x39).contains(scalar.value) || (0xFF10...0xFF19).contains(scalar.value)
    }

    private static func arabicValue(_ run: [Character]) -> Int? {
        run.reduce(0) { total, c in total * 10 + (c.wholeNumberValue ?? 0) }
    }

    /// 十 10, 十二 12, 二十 20, 二十三 23, 五 5, 两 2, 二〇二六 2026 (a year, digit by digit).
    static func chineseValue(_ run: [Character]) -> Int? {
        if let ten = run.firstIndex(of: "十") {
            let tens = run[..<ten], units = run[(ten + 1)...]
            guard tens.count <= 1, units.count <= 1, !units.contains("十") else { return nil }
            return (tens.first.flatMap { chineseDigits[$0] } ?? 1) * 10 + (units.first.flatMap { chineseDigits[$0] } ?? 0)
        }
        if run.count == 1 { return chineseDigits[run[0]] }
        guard run.count == 4 else { return nil }
        return run.reduce(0) { $0 * 10 + (chineseDigits[$1] ?? 0) }
    }
}
