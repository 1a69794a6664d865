import Foundation
import Core
#if canImport(Glibc)
import Glibc
#endif

/// stdin as lines and stdout as a place to write them, for `mcp serve`. A thread of its own
/// blocks in read(2), so end of input is seen the moment it comes (no polling), and lines are
/// split by `LineReader`, linearly and up to `lineLimit` bytes.
final class StdioChannel: Sendable {
    static let lineLimit = 4 << 20

    private let input: Int32
    private let output: Int32
    private let writeLock = NSLock()

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Starts reading; the stream ends at end of input or on a read error.
    func lines(limit: Int = StdioChannel.lineLimit) -> AsyncStream<LineReader.Line> {
        let (stream, continuation) = AsyncStream<LineReader.Line>.makeStream()
        let fd = input
        let thread = Thread {
            var reader = LineReader(limit: limit)
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    let lines = buffer.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                    for line in lines { continuation.yield(line) }
                } else if count < 0 && errno == EINTR {
                    continue
                } else if count < 0 && errno == EAGAIN {
                    Self.wait(fd, for: Int16(POLLIN))  // stdin was left non-blocking by whoever started us
                } else {
                    break
                }
            }
            if let last = reader.finish() { continuation.yield(last) }
            continuation.finish()
        }
        thread.name = "mcp-stdin"
        thread.start()
        return stream
    }

    /// Writes `data` and a newline, whole, before any other message. C1 and bidi controls in
    /// its strings are escaped, as in every `--json` output: a person may run this in a terminal.
    func write(_ data: Data) throws {
        var message = Data(Sanitizer.escapingJSON(String(decoding: data, as: UTF8.self)).utf8)
        message.append(UInt8(ascii: "\n"))
        try writeLock.withLock {
            try message.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Glibc.write(output, bytes.baseAddress! + offset, bytes.count - offset)
                    if written >= 0 {
                        offset += written
                    } else if errno == EINTR {
                        continue
                    } else if errno == EAGAIN {
                        Self.wait(output, for: Int16(POLLOUT))
                    } else {
                        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                    }
                }
            }
        }
    }

    private static func wait(_ fd: Int32, for events: Int16) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        _ = poll(&entry, 1, 1000)
    }
}
