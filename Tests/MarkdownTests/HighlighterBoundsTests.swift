import Foundation
import XCTest
import TestSupport
@testable import Markdown

/// Bad input: huge lines and blocks in bounded time, odd bytes passed through unchanged, and
/// the round trip on random text for every language.
final class HighlighterBoundsTests: XCTestCase {
    private let names = CodeLanguage.allCases.map(\.rawValue)

    private func seconds(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    // Budgets are for a debug build on a shared machine (measured: ~0.3 s a megabyte); a
    // quadratic scan would take minutes here.
    func testOneMegabyteLineIsQuick() {
        // Many short tokens, and no line comment (it would end the work at once).
        let piece = "let x = \"a\\\"b\" + 0x1F /* c */ f(y) @if 'q' `t` $v ${w} é漢😀 : [1.5e3]\t"
        let line = String(repeating: piece, count: 1_000_000 / piece.utf8.count)
        for name in names {
            var lines: [[HighlightToken]] = []
            XCTAssertLessThan(seconds { lines = Highlighter.tokens(code: line, language: name) }, 2, name)
            XCTAssertEqual(lines.first?.map(\.text).joined(), line, name)
        }
    }

    func testOpenerWithNoCloserOnALongLineIsQuick() {
        // Each opener scans to the end once; it must not rescan from every later position.
        for opener in ["\"", "'", "/*", "`", "#\"", "r#\"", "\"\"\"", "${"] {
            let line = opener + String(repeating: "a \\ ", count: 16_000)
            for name in names {
                XCTAssertLessThan(seconds { _ = Highlighter.tokens(code: line, language: name) }, 1, "\(name) \(opener)")
            }
        }
    }

    func testTenThousandLinesAreQuick() {
        let snippet = "func f(a: Int) -> String { /* x\n y */ return \"\\(a)\" } // z\n"
        let code = String(repeating: snippet, count: 5_000)
        for name in names {
            var lines: [[HighlightToken]] = []
            XCTAssertLessThan(seconds { lines = Highlighter.tokens(code: code, language: name) }, 3, name)
            XCTAssertEqual(lines.count, 10_000, name)
        }
    }

    func testControlCharactersComeOutPlainAndUnchanged() {
        let escape = "\u{1B}[2J\u{1B}]52;c;evil\u{07}"
        let code = "let s = \"a\(escape)b\" // c\u{9B}31m\u{7F}\n/* \u{0}\r */"
        for name in names {
            let lines = Highlighter.tokens(code: code, language: name)
            for run in lines.joined() where run.text.unicodeScalars.contains(where: isControl) {
                XCTAssertEqual(run.kind, .plain, "\(name): \(run.text.debugDescription)")
            }
            assertRoundTrip(code, name)
        }
        // A string around an escape stays a string on both sides.
        let runs = Highlighter.tokens(code: "\"a\u{1B}b\"", language: "json")[0]
        XCTAssertEqual(runs, [HighlightToken(.string, "\"a"), HighlightToken(.plain, "\u{1B}"), HighlightToken(.string, "b\"")])
    }

    private func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    func testRandomInputRoundTripsInEveryLanguage() {
        // Fragments that open and close every construct, plus odd scalars, in random order.
        let alphabet = ["\"", "'", "`", "\"\"\"", "'''", "/*", "*/", "//", "#", "--", "$", "${", "}", "\\", "r#\"", "\"#",
                        "@", "0x", "1", ".", "e-", "(", ":", "=", "[", "]", "|", ">", "- ", "+", "@@", " ", "\t", "\n",
                        "\r", "a", "if", "Foo", "é", "́", "😀", "漢", "\u{1B}", "\u{0}", "\u{85}", "\u{FEFF}"]
        var generator = SeededGenerator(seed: 15)
        for round in 0..<300 {
            let count = Int(generator.next() % 60)
            let code = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            for name in names + ["nil"] { assertRoundTrip(code, name == "nil" ? nil : name) }
            if round == 0 { XCTAssertGreaterThan(code.count, 0) }
        }
    }
}
