import Foundation
import Core
import Storage

/// The 1M-message data set (issue 18): 20,000 conversations × 50 messages over three years,
/// 100,000 tasks and 10,000 todos × 5 subtasks (BenchData's). Message text is drawn from a
/// fixed vocabulary with a Zipf law (rank r has weight 1/r), so "the" is clearly the commonest
/// word and words far down the list are rare; `rareWord` is planted in 20 messages only.
/// Deterministic (its own generator, fixed seed); made once per home folder, reused by stamp.
enum BigBenchData {
    static let conversations = 20_000, messagesPerConversation = 50
    static let commonestWord = "the"
    static let rareWord = "quokka"
    static let rareEvery = 50_000  // one message in 50,000 holds the rare word: 20 in all

    static func prepare(home: String) throws -> String {
        let path = home + "/aihelper.sqlite"
        let stamp = home + "/.bench-big-v1"
        if FileManager.default.fileExists(atPath: stamp) { return "\(path) (reused)" }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        let db = try AppDatabase.open(path: path)
        try db.bulkInsert(tasks: BenchData.makeTasks())
        try db.bulkInsert(todos: BenchData.makeTodos())
        var text = ZipfText(seed: 18)
        let base = Date().addingTimeInterval(-Double(conversations) * 4_800)  // one every 80 minutes: 3 years
        for chunk in stride(from: 0, to: conversations, by: 500) {  // 25,000 messages per transaction
            try db.bulkInsert(conversations: (chunk..<min(chunk + 500, conversations)).map { c in
                makeConversation(c, start: base.addingTimeInterval(Double(c) * 4_800), text: &text)
            })
            if chunk % 5_000 == 0 { print("  big data: \(chunk) of \(conversations) conversations…") }
        }
        _ = FileManager.default.createFile(atPath: stamp, contents: Data())
        return "\(path) (generated in \(ContinuousClock.now - started))"
    }

    private static func makeConversation(_ c: Int, start: Date, text: inout ZipfText) -> (conversation: Conversation, messages: [Message]) {
        let conversation = Conversation(title: "Conversation \(c) " + text.words(2), provider: "offline",
                                        model: "offline-assistant", createdAt: start, updatedAt: start)
        let messages = (0..<messagesPerConversation).map { m in
            let user = m % 2 == 0
            var content = text.sentences(words: user ? 3 + text.next(18) : 10 + text.next(51))
            if (c * messagesPerConversation + m) % rareEvery == 12_345 { content += " I saw a \(rareWord) today." }
            return Message(conversationId: 0, role: user ? .user : .assistant, content: content,
                           createdAt: start.addingTimeInterval(Double(m) * 30))
        }
        return (conversation, messages)
    }
}

/// Words in a Zipf distribution over `vocabulary`: common English words first (in rough order
/// of frequency), then made-up words of two or three syllables for the long tail.
struct ZipfText {
    private var state: UInt64
    private let cumulative: [Double]
    let vocabulary: [String]

    static let common = """
        the of and to a in is it you that he was for on are with as I his they be at one have this from or had by \
        not word but what some we can out other were all there when up use your how said an each she which do their \
        time if will way about many then them write would like so these her long make thing see him two has look more \
        day could go come did number sound no most people my over know water than call first who may down side been \
        now find any new work part take get place made live where after back little only round man year came show \
        every good me give our under name very through just form sentence great think say help low line differ turn \
        cause much mean before move right boy old too same tell does set three want air well also play small end put \
        home read hand port large spell add even land here must big high such follow act why ask men change went \
        light kind off need house picture try us again animal point mother world near build self earth father task \
        todo calendar meeting project answer question model code file test build release budget travel plan
        """.split(separator: " ").map(String.init)
    static let syllables = ["ba", "ce", "di", "fo", "gu", "ha", "je", "ki", "lo", "mu", "na", "pe", "ri", "so", "tu",
                            "va", "we", "xi", "yo", "zu", "bra", "cle", "dro", "fli", "gra", "plo", "sta", "tri"]

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15
        var seen = Set<String>()
        var words = Self.common.filter { seen.insert($0).inserted }
        for i in 0..<3_000 {  // made-up words, deterministic: 2 or 3 syllables from the index
            let n = Self.syllables.count
            var word = Self.syllables[i % n] + Self.syllables[(i / n) % n]
            if i >= n * n { word += Self.syllables[(i / (n * n) + i) % n] }
            if seen.insert(word).inserted { words.append(word) }
        }
        vocabulary = words
        var total = 0.0
        cumulative = words.indices.map { rank in total += 1 / Double(rank + 1); return total }
    }

    /// SplitMix64: a fixed sequence for a fixed seed on every machine.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func word() -> String {
        let x = Double(next(1 << 30)) / Double(1 << 30) * cumulative[cumulative.count - 1]
        var low = 0, high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] < x { low = mid + 1 } else { high = mid }
        }
        return vocabulary[low]
    }

    mutating func words(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }

    /// `words` words in sentences of 4–15 words, each capitalised and ended with a full stop.
    mutating func sentences(words total: Int) -> String {
        var out = "", left = total
        while left > 0 {
            let count = min(left, 4 + next(12))
            left -= count
            let sentence = words(count)
            if !out.isEmpty { out += " " }
            out += sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
        }
        return out
    }
}
