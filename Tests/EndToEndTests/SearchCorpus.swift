import Foundation
import Core
import Storage

/// A generated history to search: `conversations` × `perConversation` messages of 8–47 words
/// drawn from 2,000 made-up words with a Zipf-like spread ("the" is in ~90% of messages,
/// "message" and "conversation" in all), and "xylophone" in one message in 50,000. The same
/// recipe made the 1M-message database of docs/conversations.md's figures.
enum SearchCorpus {
    private static let syllables = ["ta", "ne", "ri", "so", "ka", "lu", "mo", "pe", "vi", "da", "go", "fe", "zu", "bi", "ha", "xe", "jo", "wy", "qu", "ce"]
    static let vocabulary: [String] = ["the"] + (1..<2_000).map { k in
        syllables[k % 20] + syllables[(k / 20) % 20] + (k >= 400 ? syllables[(k / 400) % 20] : "")
    }

    /// Word families: thousands of words sharing four letters ("zeta1234"). A query of such a
    /// prefix merges them all (the index keeps prefixes of two and three letters only): the
    /// slowest kind of query there is.
    static let families = ["zeta", "beta", "iota", "kapa", "sigm", "omeg", "delt", "gamm", "lamb", "thet"]

    static func text(_ c: Int, _ m: Int, perConversation: Int, families: Bool = false) -> String {
        let i = c * perConversation + m
        var x = UInt64(i) &* 2_654_435_761 &+ 1
        var words: [String] = []
        for _ in 0..<(8 + (i * 7) % 40) {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Double(x >> 11) / Double(UInt64(1) << 53)
            words.append(vocabulary[min(vocabulary.count - 1, Int(pow(Double(vocabulary.count), u)) - 1)])
        }
        if families {
            for (k, family) in Self.families.enumerated() { words += (1...3).map { j in family + String((i * (k + 7) + j * 7_919) % 20_000) } }
        }
        return "Message \(m) of conversation \(c): " + words.joined(separator: " ") + (i % 50_000 == 777 ? " xylophone" : "")
    }

    /// Creates the database at `path` (bulk inserts, one transaction).
    static func generate(path: String, conversations: Int, perConversation: Int, families: Bool = false) throws {
        let db = try AppDatabase.open(path: path)
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        try db.bulkInsert(conversations: (0..<conversations).map { c in
            let start = base.addingTimeInterval(Double(c) * 3_600)
            return (Conversation(title: "Conversation \(c)", provider: "offline", model: "offline-assistant", createdAt: start, updatedAt: start),
                    (0..<perConversation).map { m in
                        Message(conversationId: 0, role: m % 2 == 0 ? .user : .assistant, content: text(c, m, perConversation: perConversation, families: families),
                                createdAt: start.addingTimeInterval(Double(m)))
                    })
        })
    }
}
