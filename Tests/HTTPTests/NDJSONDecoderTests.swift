import XCTest
@testable import HTTP

final class NDJSONDecoderTests: XCTestCase {
    private func lines(_ stream: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var expected: [String]?
        for chunks in Chunkings.of(stream) {
            var decoder = NDJSONDecoder()
            let lines = chunks.flatMap { decoder.feed($0) } + decoder.finish()
            if let expected {
                XCTAssertEqual(lines, expected, "chunks \(chunks.map(\.count))", file: file, line: line)
                if lines != expected { break }
            } else {
                expected = lines
            }
        }
        return expected ?? []
    }

    func testOneValuePerLine() {
        XCTAssertEqual(lines("{\"a\":1}\n{\"b\":\"日本🙂\"}\n"), ["{\"a\":1}", "{\"b\":\"日本🙂\"}"])
    }

    func testCRLFEndingsAndBlankLines() {
        XCTAssertEqual(lines("{\"a\":1}\r\n\r\n  \n{\"b\":2}\r\n"), ["{\"a\":1}", "{\"b\":2}"])
    }

    func testALoneCRIsNotALineEnd() {
        XCTAssertEqual(lines("{\"a\":\"x\ry\"}\n"), ["{\"a\":\"x\ry\"}"])
    }

    func testTheLastLineWithoutNewlineComesFromFinish() {
        var decoder = NDJSONDecoder()
        XCTAssertEqual(decoder.feed(Data("{\"a\":1}\n{\"done\":true}".utf8)), ["{\"a\":1}"])
        XCTAssertEqual(decoder.finish(), ["{\"done\":true}"])
        XCTAssertEqual(decoder.finish(), [])
    }

    func testOllamaStreamInEveryChunking() {
        let stream = """
        {"model":"llama3.2","message":{"role":"assistant","content":"café"},"done":false}
        {"model":"llama3.2","message":{"role":"assistant","content":" 日本"},"done":false}
        {"model":"llama3.2","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}

        """
        let decoded = lines(stream)
        XCTAssertEqual(decoded.count, 3)
        XCTAssertTrue(decoded[1].contains("日本"))
    }
}
