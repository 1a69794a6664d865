import XCTest
@testable import Core

final class PrintableASCIITests: XCTestCase {
    /// Every byte value at every offset of an eight-byte word, and in the byte-wise tail:
    /// the run ends exactly at the first byte outside 0x20...0x7E, never before, never after.
    func testRunEndsAtTheFirstByteOutsidePrintableASCII() {
        for length in [7, 8, 9, 16, 23] {
            for position in 0..<length {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(byte)
                    let printable = (0x20...0x7E).contains(byte)
                    bytes.withUnsafeBufferPointer { p in
                        XCTAssertEqual(PrintableASCII.runEnd(p, from: 0), printable ? length : position, "byte \(byte) at \(position) of \(length)")
                        XCTAssertEqual(PrintableASCII.isAll(p), printable)
                    }
                }
            }
        }
    }

    func testRunStartsWhereAsked() {
        let bytes = Array("\u{1}bc\u{7F}efghijklmnop".utf8)
        bytes.withUnsafeBufferPointer { p in
            XCTAssertEqual(PrintableASCII.runEnd(p, from: 0), 0)
            XCTAssertEqual(PrintableASCII.runEnd(p, from: 1), 3)
            XCTAssertEqual(PrintableASCII.runEnd(p, from: 4), p.count)
            XCTAssertEqual(PrintableASCII.runEnd(p, from: p.count), p.count)
        }
    }
}
