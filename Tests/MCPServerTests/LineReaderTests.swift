import Foundation
import XCTest
@testable import MCPServer

/// `LineReader` splits what stdin gives in any chunks into the same lines, and skips a line
/// over its limit without keeping it. (`mcp serve` as a whole: EndToEndTests/MCPServeTests.)
final class LineReaderTests: XCTestCase {
    private func lines(_ text: String, chunk: Int, limit: Int = 16) -> [LineReader.Line] {
        var reader = LineReader(limit: limit)
        let bytes = Array(text.utf8)
        var out: [LineReader.Line] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            out += bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { reader.feed($0) }
        }
        return out + [reader.finish()].compactMap { $0 }
    }

    func testLinesAreTheSameWhateverTheChunks() {
        let text = "{\"a\":1}\n\n  \r\n{\"b\":2}\r\n0123456789abcdef\n0123456789abcdefg\nok\nlast"
        let expected: [LineReader.Line] = [.text(Data("{\"a\":1}".utf8)), .text(Data("{\"b\":2}\r".utf8)),
                                           .text(Data("0123456789abcdef".utf8)), .tooLong, .text(Data("ok".utf8)), .text(Data("last".utf8))]
        for chunk in [1, 2, 3, 7, 16, 17, 1000] {
            XCTAssertEqual(lines(text, chunk: chunk), expected, "chunks of \(chunk)")
        }
    }

    /// A long line costs time in proportion to its length: 8 MB in 1 KB chunks, well within a second.
    func testALongLineIsReadInLinearTime() {
        var reader = LineReader(limit: 16 << 20)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
        let started = Date()
        for _ in 0..<(8 << 10) { XCTAssertTrue(chunk.withUnsafeBytes { reader.feed($0) }.isEmpty) }
        let last = [UInt8]("\n".utf8).withUnsafeBytes { reader.feed($0) }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        guard case .text(let line)? = last.first else { return XCTFail("no line") }
        XCTAssertEqual(line.count, 8 << 20)
    }
}
