import Foundation

/// Splits the bytes read from stdin into lines, in time linear in the input: each byte is looked
/// at once (the SDK's stdio transport searched its whole buffer again after every 4 KB read,
/// so one 5 MB line took 20 s). A line longer than `limit` is not kept: its bytes are dropped
/// as they come and it is reported once its end is read, so memory stays bounded.
struct LineReader {
    enum Line: Equatable {
        case text(Data)
        /// A line of more than `limit` bytes, skipped.
        case tooLong
    }

    let limit: Int
    private var current = Data()
    private var skipping = false

    init(limit: Int) { self.limit = limit }

    /// The lines `chunk` completes; blank lines are left out.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [Line] {
        var lines: [Line] = []
        var start = 0
        while start < chunk.count {
            let rest = UnsafeRawBufferPointer(rebasing: chunk[start...])
            guard let found = memchr(rest.baseAddress!, Int32(UInt8(ascii: "\n")), rest.count) else {
                take(rest)
                break
            }
            let length = rest.baseAddress!.distance(to: UnsafeRawPointer(found))
            take(UnsafeRawBufferPointer(rebasing: rest[..<length]))
            if let line = endLine() { lines.append(line) }
            start += length + 1
        }
        return lines
    }

    /// At end of input: the last line, when it had no newline.
    mutating func finish() -> Line? { endLine() }

    private mutating func take(_ bytes: UnsafeRawBufferPointer) {
        guard !skipping else { return }
        if current.count + bytes.count > limit {
            skipping = true
            current = Data()
        } else {
            current.append(contentsOf: bytes)
        }
    }

    private mutating func endLine() -> Line? {
        defer { current = Data(); skipping = false }
        if skipping { return .tooLong }
        let blank = current.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        return blank ? nil : .text(current)
    }
}
