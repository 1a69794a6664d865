import Foundation

/// Cuts a byte stream into text lines, whatever sizes the chunks arrive in.
///
/// Lines are cut on bytes, then decoded: CR and LF never occur inside a UTF-8 sequence, so a
/// character split across two chunks is whole again by the time its line is decoded. Each
/// byte is scanned once and copied at most once (only the unfinished tail of a chunk is kept),
/// so long streams fed in tiny chunks stay linear.
struct LineSplitter: Sendable {
    enum LineEndings {
        /// Event streams: CR, LF or CRLF each end a line.
        case crOrLfOrCrlf
        /// JSON lines: LF ends a line; a CR just before it is dropped.
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

    /// The lines `data` completes, in order.
    mutating func feed(_ data: Data) -> [String] {
        var lines: [String] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var lineStart = 0
            var index = 0
            if skipLeadingLF, bytes.first == UInt8(ascii: "\n") {
                lineStart = 1
                index = 1
            }
            if !bytes.isEmpty { skipLeadingLF = false }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && endings == .crOrLfOrCrlf) {
                    lines.append(takeLine(bytes[lineStart..<index]))
                    index += 1
                    if byte == UInt8(ascii: "\r") {
                        if index == bytes.count {
                            skipLeadingLF = true
                        } else if bytes[index] == UInt8(ascii: "\n") {
                            index += 1
                        }
                    }
                    lineStart = index
                } else {
                    index += 1
                }
            }
            pending.append(contentsOf: bytes[lineStart..<bytes.count])
        }
        return lines
    }

    /// The unterminated last line, if any, and a fresh start.
    mutating func finish() -> String? {
        defer {
            pending.removeAll()
            skipLeadingLF = false
        }
        return pending.isEmpty ? nil : decode(pending[...])
    }

    /// Joins the kept tail of earlier chunks with the start of this one.
    private mutating func takeLine(_ tail: Slice<UnsafeRawBufferPointer>) -> String {
        if pending.isEmpty {
            return decode(tail)
        }
        pending.append(contentsOf: tail)
        defer { pending.removeAll(keepingCapacity: true) }
        return decode(pending[...])
    }

    /// Invalid UTF-8 becomes U+FFFD: stream bytes are untrusted.
    private func decode<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if endings == .lf, bytes.last == UInt8(ascii: "\r") {
            return String(decoding: bytes.dropLast(), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
