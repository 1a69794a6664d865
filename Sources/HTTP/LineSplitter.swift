import Foundation

/// Cuts a byte stream into lines, whatever sizes the chunks arrive in.
///
/// Lines are handed out as bytes, without their ending: CR and LF never occur inside a UTF-8
/// sequence, so a character split across two chunks is whole again in its line. Each byte is
/// scanned once (by `memchr`) and copied at most once (only the unfinished tail of a chunk is
/// kept), so long streams fed in tiny chunks stay linear.
struct LineSplitter: Sendable {
    enum LineEndings {
        /// Event streams: CR, LF or CRLF each end a line.
        case crOrLfOrCrlf
        /// JSON lines: LF ends a line (a CR before it stays in the line).
        case lf
    }

    private let endings: LineEndings
    /// Bytes of the line still waiting for its end.
    private var pending: [UInt8] = []
    /// The previous chunk ended in CR, so an LF opening the next chunk belongs to that line end.
    private var skipLeadingLF = false

    init(endings: LineEndings) {
        self.endings = endings
    }

    /// Hands each line `data` completes to `line`, in order. The bytes are valid only during the call.
    mutating func feed(_ data: Data, _ line: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            var index = 0
            if skipLeadingLF, bytes[0] == UInt8(ascii: "\n") { index = 1 }
            skipLeadingLF = false
            var lineStart = index
            while index < bytes.count, let end = lineEnd(in: base, from: index, to: bytes.count) {
                try take(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]), line)
                index = end + 1
                if bytes[end] == UInt8(ascii: "\r") {
                    if index == bytes.count {
                        skipLeadingLF = true
                    } else if bytes[index] == UInt8(ascii: "\n") {
                        index += 1
                    }
                }
                lineStart = index
            }
            pending.append(contentsOf: bytes[lineStart..<bytes.count])
        }
    }

    /// The unterminated last line, if any, and a fresh start.
    mutating func finish(_ line: (UnsafeRawBufferPointer) -> Void) {
        defer {
            pending.removeAll()
            skipLeadingLF = false
        }
        if !pending.isEmpty { pending.withUnsafeBytes(line) }
    }

    /// Where the first line ending in `from..<to` is, if any.
    private func lineEnd(in base: UnsafeRawPointer, from: Int, to: Int) -> Int? {
        let lf = memchr(base + from, Int32(UInt8(ascii: "\n")), to - from).map { $0 - UnsafeMutableRawPointer(mutating: base) }
        guard endings == .crOrLfOrCrlf else { return lf }
        let cr = memchr(base + from, Int32(UInt8(ascii: "\r")), (lf ?? to) - from).map { $0 - UnsafeMutableRawPointer(mutating: base) }
        return cr ?? lf
    }

    /// Joins the kept tail of earlier chunks with the start of this one.
    private mutating func take(_ tail: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        if pending.isEmpty { return try line(tail) }
        pending.append(contentsOf: tail)
        defer { pending.removeAll(keepingCapacity: true) }
        try pending.withUnsafeBytes(line)
    }
}
