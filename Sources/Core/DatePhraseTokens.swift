/// A cursor that can try a reading and go back to where it was when the reading fails.
protocol Backtracking {
    /// Where the cursor is: a token (or, for Chinese, a character) offset.
    var index: Int { get }
}

extension Backtracking {
    /// Runs `body`; when it fails the cursor goes back to where it was.
    @discardableResult
    mutating func attempt(_ body: (inout Self) -> Bool) -> Bool {
        var copy = self
        guard body(&copy) else { return false }
        self = copy
        return true
    }
}

/// One word, number or punctuation mark of the input, with where it sat.
/// Letters and digits form separate tokens ("5pm" is "5" "pm"), so "5pm" and "5 pm" read alike
/// while "sundae" stays one word and never matches "sunday".
struct DateToken: Equatable {
    enum Kind { case word, number, symbol }
    let text: String
    let kind: Kind
    let range: Range<String.Index>
    /// No space between this token and the one before ("12/01", "5:30").
    let glued: Bool

    var number: Int? { kind == .number ? Int(text) : nil }

    static func tokens(of input: String) -> [DateToken] {
        var result: [DateToken] = []
        var index = input.startIndex
        var spaceBefore = true
        while index < input.endIndex {
            let character = input[index]
            if character.isWhitespace {
                spaceBefore = true
                index = input.index(after: index)
                continue
            }
            let kind = Self.kind(of: character)
            var end = input.index(after: index)
            if kind != .symbol {
                while end < input.endIndex, Self.kind(of: input[end]) == kind { end = input.index(after: end) }
            }
            result.append(DateToken(text: input[index..<end].lowercased(), kind: kind, range: index..<end,
                                    glued: !spaceBefore))
            spaceBefore = false
            index = end
        }
        return result
    }

    private static func kind(of c: Character) -> Kind {
        if c.isASCII && c.isNumber { return .number }
        return c.isLetter ? .word : .symbol
    }
}

/// Reads tokens left to right; every `take` either consumes and succeeds or leaves the cursor alone.
struct TokenCursor: Backtracking {
    let tokens: [DateToken]
    private(set) var index: Int

    init(_ tokens: [DateToken], at index: Int) {
        self.tokens = tokens
        self.index = index
    }

    var current: DateToken? { index < tokens.count ? tokens[index] : nil }

    /// The word just before where this cursor started reading, if any.
    func word(before position: Int) -> String? {
        guard position > 0, tokens[position - 1].kind == .word else { return nil }
        return tokens[position - 1].text
    }

    mutating func take(_ words: Set<String>, glued: Bool = false) -> String? {
        guard let t = current, t.kind == .word, words.contains(t.text), !glued || t.glued else { return nil }
        index += 1
        return t.text
    }

    mutating func take(_ word: String, glued: Bool = false) -> Bool { take([word], glued: glued) != nil }

    mutating func take<V>(_ table: [String: V]) -> V? {
        guard let t = current, t.kind == .word, let value = table[t.text] else { return nil }
        index += 1
        return value
    }

    /// A number written with `digits` digits.
    mutating func takeNumber(digits: ClosedRange<Int> = 1...2, glued: Bool = false) -> DateToken? {
        guard let t = current, t.kind == .number, digits.contains(t.text.count), !glued || t.glued else { return nil }
        index += 1
        return t
    }

    mutating func takeSymbol(_ symbols: Set<String>, glued: Bool = true) -> Bool {
        guard let t = current, t.kind == .symbol, symbols.contains(t.text), !glued || t.glued else { return false }
        index += 1
        return true
    }
}
