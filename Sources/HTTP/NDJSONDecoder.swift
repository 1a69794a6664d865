import Foundation

/// Cuts a newline-delimited JSON body (Ollama's streaming format) into one string per JSON
/// value, whatever sizes the chunks arrive in. Parsing the JSON is the caller's business.
public struct NDJSONDecoder: Sendable {
    private var lines = LineSplitter(endings: .lf)

    public init() {}

    /// The complete, non-blank lines `data` finishes.
    public mutating func feed(_ data: Data) -> [String] {
        lines.feed(data).filter(Self.isContent)
    }

    /// The last line when the body did not end in a newline; a value on it is still whole.
    public mutating func finish() -> [String] {
        guard let last = lines.finish(), Self.isContent(last) else { return [] }
        return [last]
    }

    private static func isContent(_ line: String) -> Bool {
        line.contains { !$0.isWhitespace }
    }
}
