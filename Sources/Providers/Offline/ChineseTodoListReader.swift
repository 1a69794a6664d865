import Foundation

/// Reads "帮我列一个写求职信的待办清单：调研、草稿、修改" into a titled list of items.
struct ChineseTodoListReader {
    typealias Words = ChineseVocabulary

    func read(_ message: String) -> (title: String, items: [String])? {
        guard let (header, listBody) = headerAndBody(message) else { return nil }
        let words = header.lowercased()
        // "提醒我更新清单：…" asks for a task that mentions a list.
        guard Words.listWords.contains(where: words.contains) || header.afterChineseOpening(Words.listOpenings) != nil,
              !Words.taskMarkers.contains(where: header.contains) else { return nil }
        var (title, body) = (title(from: header), listBody)
        // "列一个待办清单：学习 Rust：所有权、特性" (what `/list 学习 Rust：…` becomes): the body's
        // own header names the list.
        if title == Words.genericListTitle, let (topic, rest) = Self.namedBody(body) { (title, body) = (topic, rest) }
        let items = Self.items(in: body)
        guard !items.isEmpty else { return nil }
        return (title, items)
    }

    /// "学习 Rust：所有权、特性" → ("学习 Rust", "所有权、特性"): a short header before the body's
    /// first colon, holding no item separator.
    private static func namedBody(_ body: String) -> (topic: String, rest: String)? {
        guard let colon = body.firstIndex(where: { "：:".contains($0) }) else { return nil }
        let topic = String(body[..<colon]).trimmingChineseEdges
        guard !topic.isEmpty, topic.count <= 40, !topic.contains(where: Words.itemSeparators.contains) else { return nil }
        return (topic, String(body[body.index(after: colon)...]))
    }

    /// Splits at the first colon or line break, else at 包括 after a list word ("清单，包括牛奶、面包").
    private func headerAndBody(_ message: String) -> (header: String, body: String)? {
        if let cut = message.firstIndex(where: { "：:\n".contains($0) }) {
            let header = String(message[..<cut]).trimmingChineseEdges
            return header.isEmpty ? nil : (header, String(message[message.index(after: cut)...]))
        }
        for marker in Words.listItemsMarkers {
            guard let cut = message.range(of: marker) else { continue }
            let header = String(message[..<cut.lowerBound]).trimmingChineseEdges
            guard Words.listWords.contains(where: header.lowercased().hasSuffix) else { continue }
            return (header, String(message[cut.upperBound...]))
        }
        return nil
    }

    /// "列一个学习 Swift 的计划" → "学习 Swift"; "做个购物清单" → "购物清单"; "待办清单" → "待办清单".
    private func title(from header: String) -> String {
        let title = header.droppingChineseOpenings(ChineseVocabulary.politeOpenings + Words.listOpenings)
        guard let (_, topic) = title.beforeChineseEnding(Words.listWords) else { return title }
        if topic.isEmpty { return Words.genericListTitle }
        guard topic.hasSuffix("的") else { return title }
        let named = String(topic.dropLast()).droppingChineseOpenings(["关于", "为了", "为"]).trimmingChineseEdges
        return named.isEmpty ? Words.genericListTitle : named
    }

    /// Items split at 、，；, and line breaks, the last also at 和/还有; numbering ("1、", "2.") and bullets dropped.
    static func items(in body: String) -> [String] {
        let unnumbered = body.replacing(/(?m)^\s*(?:[-*•·]|\d+[.)、．])\s*/, with: "")
        var pieces = unnumbered.split(whereSeparator: Words.itemSeparators.contains).map(String.init)
            .map { $0.trimmingChineseEdges }.filter { !$0.isEmpty }
        if let last = pieces.last, let (first, second) = last.splitAtLastJoiner {
            pieces[pieces.count - 1] = first
            pieces.append(second)
        }
        return pieces.map(\.droppingJoiner).map(\.withoutChineseSentenceEnd).filter { !$0.isEmpty }
    }
}

private extension String {
    /// "面包和鸡蛋" → ("面包", "鸡蛋"): split at the last 和/还有, when there is something on both sides.
    var splitAtLastJoiner: (String, String)? {
        for joiner in ChineseVocabulary.lastItemJoiners {
            guard let range = range(of: joiner, options: .backwards), range.lowerBound > startIndex,
                  range.upperBound < endIndex else { continue }
            return (String(self[..<range.lowerBound]).trimmingChineseEdges,
                    String(self[range.upperBound...]).trimmingChineseEdges)
        }
        return nil
    }

    /// "还有鸡蛋" → "鸡蛋": a joiner after a comma joins, it is not part of the item.
    var droppingJoiner: String {
        afterChineseOpening(ChineseVocabulary.lastItemJoiners)?.rest.trimmingChineseEdges ?? self
    }
}
