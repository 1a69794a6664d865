import XCTest
@testable import Markdown

/// The kind of the one run that covers the first `needle` in the block, or nil when none
/// covers it whole (it is split across kinds) or the text is absent.
func kind(of needle: String, in lines: [[HighlightToken]]) -> HighlightKind? {
    for runs in lines {
        let line = Array(runs.map(\.text).joined().utf8)
        let target = Array(needle.utf8)
        guard let start = firstIndex(of: target, in: line) else { continue }
        var offset = 0
        for run in runs {
            let next = offset + run.text.utf8.count
            if start >= offset, start < next { return start + target.count <= next ? run.kind : nil }
            offset = next
        }
    }
    return nil
}

private func firstIndex(of target: [UInt8], in line: [UInt8]) -> Int? {
    guard !target.isEmpty, target.count <= line.count else { return nil }
    return (0...(line.count - target.count)).first { Array(line[$0..<($0 + target.count)]) == target }
}

/// Joining every line's runs (with `\n`) gives the code back, minus one final newline.
func assertRoundTrip(_ code: String, _ language: String?, file: StaticString = #filePath, line: UInt = #line) {
    let lines = Highlighter.tokens(code: code, language: language)
    var expected = Array(code.utf8)
    if expected.last == 0x0A { expected.removeLast() }
    let joined = lines.map { $0.map(\.text).joined() }.joined(separator: "\n")
    XCTAssertEqual(Array(joined.utf8), expected, "round trip, language \(language ?? "nil")", file: file, line: line)
    for runs in lines { XCTAssertFalse(runs.contains { $0.text.isEmpty }, "an empty run, language \(language ?? "nil"): \(runs)", file: file, line: line) }
}

/// Checks each `needle: kind` in `code` highlighted as `language`, and the round trip.
func assertKinds(_ code: String, _ language: String, _ expected: KeyValuePairs<String, HighlightKind?>,
                 file: StaticString = #filePath, line: UInt = #line) {
    let lines = Highlighter.tokens(code: code, language: language)
    for (needle, want) in expected {
        XCTAssertEqual(kind(of: needle, in: lines), want, "\(language): \(needle)", file: file, line: line)
    }
    assertRoundTrip(code, language, file: file, line: line)
}
