import Foundation
import TestSupport

/// Ways to cut one byte stream into chunks: whole, byte by byte, and `randomCount` random
/// cuts (chunk sizes 1...17), the way a network might deliver it.
enum Chunkings {
    static func of(_ text: String, randomCount: Int = 60, seed: UInt64 = 7) -> [[Data]] {
        of(Data(text.utf8), randomCount: randomCount, seed: seed)
    }

    static func of(_ data: Data, randomCount: Int = 60, seed: UInt64 = 7) -> [[Data]] {
        let bytes = [UInt8](data)
        var result = [[data], bytes.map { Data([$0]) }]
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<randomCount {
            var chunks: [Data] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...17, using: &generator))
                chunks.append(Data(bytes[start..<end]))
                start = end
            }
            // An empty chunk now and then: a decoder must take those too.
            chunks.insert(Data(), at: Int.random(in: 0...chunks.count, using: &generator))
            result.append(chunks)
        }
        return result
    }
}
