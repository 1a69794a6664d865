/// Finds where a run of printable ASCII (0x20...0x7E) ends, eight bytes at a time: the common
/// case of streamed text, which wrapping and cleaning can then pass over without a branch
/// per byte.
public enum PrintableASCII {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte at or after `start` that is not printable ASCII, or `p.count`.
    public static func runEnd(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = UnsafeRawPointer(p.baseAddress) {
            while i + 8 <= p.count {
                let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // A byte below 0x20 borrows into its high bit; one of 0x7F or more sets it in x + 1 or x.
                let below = (x &- ones &* 0x20) & ~x & highBits
                let above = (x | (x &+ ones)) & highBits
                if below | above != 0 { break }
                i += 8
            }
        }
        while i < p.count, 0x20...0x7E ~= p[i] { i += 1 }
        return i
    }

    /// True when every byte is printable ASCII.
    public static func isAll(_ p: UnsafeBufferPointer<UInt8>) -> Bool { runEnd(p, from: 0) == p.count }
}
