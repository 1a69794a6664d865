import Foundation

/// Reads "make a packing list: passport, charger and socks" into a titled list of items.
struct TodoListReader {
    let vocabulary: OfflineVocabulary

    func read(_ message: String) -> (title: String, items: [String])? {
        guard let (header, listBody, byMarker) = headerAndBody(message) else { return nil }
        let headerWords = header.lowercaseWords
        // "remind me to update the list: ..." asks for a task that mentions a list.
        guard headerWords.contains(where: vocabulary.listWords.contains),
              header.afterOpening(vocabulary.createTaskOpenings) == nil else { return nil }
        // "with" also joins ordinary sentences ("check the list with Bob"): only right after the list word.
        if byMarker, !vocabulary.listWords.contains(headerWords.last ?? "") { return nil }
        var (title, body) = (title(from: header), listBody)
        // "make a todo list: learn Rust: ownership, traits" (what `/list learn Rust: …` becomes):
        // the list names no topic, the body's own header does.
        if title == vocabulary.genericListTitle, let (topic, rest) = Self.namedBody(body) { (title, body) = (topic, rest) }
        let items = Self.items(in: body)
        guard !items.isEmpty else { return nil }
        return (title, items)
    }

    /// "learn Rust: ownership, traits" → ("Learn Rust", " ownership, traits"): a short header
    /// before the body's first colon, holding no item separator.
    private static func namedBody(_ body: String) -> (topic: String, rest: String)? {
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let topic = body[..<colon].trimmingCharacters(in: .whitespaces)
        guard !topic.isEmpty, topic.count <= 80, !topic.contains(where: { "\n;,".contains($0) }) else { return nil }
        return (topic.withoutTrailingPunctuation.capitalizingFirstLetter, String(body[body.index(after: colon)...]))
    }

    /// Splits at the first colon, else at the first line break, else at " with " ("a list with eggs, milk").
    private func headerAndBody(_ message: String) -> (header: String, body: String, byMarker: Bool)? {
        let marker = " \(vocabulary.listItemsMarker) "
        for separator in [":", "\n", marker] {
            if let cut = message.range(of: separator, options: .caseInsensitive) {
                let header = message[..<cut.lowerBound].trimmingCharacters(in: .whitespaces)
                let body = String(message[cut.upperBound...])
                guard !header.isEmpty, !header.contains("\n") else { continue }
                return (header, body, separator == marker)
            }
        }
        return nil
    }

    /// "make a packing list" → "Packing list"; "todo list for the party" → "Party"; "todo" → "Todo list".
    private func title(from header: String) -> String {
        var title = header.afterOpening(vocabulary.listOpenings)?.rest ?? header
        if vocabulary.genericListHeaders.contains(title.matchingKey) { return vocabulary.genericListTitle }
        let marker = " \(vocabulary.listTopicMarker) "
        if let cut = title.range(of: marker, options: .caseInsensitive),
           String(title[..<cut.lowerBound]).lowercaseWords.contains(where: vocabulary.listWords.contains) {
            var topic = String(title[cut.upperBound...])
            while let (_, rest) = topic.afterOpening(vocabulary.titleArticles), !rest.isEmpty { topic = rest }
            title = topic
        }
        return title.withoutTrailingPunctuation.capitalizingFirstLetter
    }

    /// Items split at line breaks, semicolons and commas, and at " and " in the last item;
    /// bullets ("- ", "* ", "1. ") dropped; each trimmed and capitalized.
    static func items(in body: String) -> [String] {
        var pieces = body.components(separatedBy: CharacterSet(charactersIn: "\n;,"))
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        if let last = pieces.last {
            let lastParts = last.components(separatedBy: " and ").map { $0.trimmingCharacters(in: .whitespaces) }
            if lastParts.count > 1 {
                pieces.removeLast()
                pieces += lastParts
            }
        }
        return pieces.map(withoutBullet)
            .map { $0.withoutTrailingPunctuation.capitalizingFirstLetter }
            .filter { !$0.isEmpty }
    }

    private static func withoutBullet(_ item: String) -> String {
        let bullet = item.prefixMatch(of: /^(?:[-*•]|\d+[.)])\s+/)
        let rest = bullet.map { String(item[$0.range.upperBound...]) } ?? item
        // "and cake" after a comma: the "and" joins, it is not part of the item.
        return rest.hasPrefix("and ") ? String(rest.dropFirst(4)) : rest
    }
}
