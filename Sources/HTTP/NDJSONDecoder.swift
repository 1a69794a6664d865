import Foundation

/// Cuts a newline-delimited JSON body (Ollama's streaming format) into one string per JSON
/// value, whatever sizes the chunks arrive in. Parsing the JSON is the caller's business.
public struct NDJSONDecoder: Sendable {
    private var lines = LineSplitter(endings: .lf)

    public init() {}

    /// The complete, non-blank lines `data` finishes.
    public mutating func feed(_ data: Data) -> [String] {
        var out: [String] = []
        lines.feed(data) { Self.keep($0, in: &out) }
        return out
    }

    /// The last line when the body did not end in a newline; a value on it is still whole.
    public mutating func finish() -> [String] {
        var out: [String] = []
        lines.finish { Self.keep($0, in: &out) }
        return out
    }

    /// A line with anything but white space, without a CR before its LF. Invalid UTF-8
    /// becomes U+FFFD: stream bytes are untrusted.
    private static func keep(_ bytes: UnsafeRawBufferPointer, in out: inout [String]) {
        let body = bytes.last == UInt8(ascii: "\r") ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes
        let line = String(decoding: body, as: UTF8.self)
        if line.contains(where: { !$0.isWhitespace }) { out.append(line) }
    }
}
