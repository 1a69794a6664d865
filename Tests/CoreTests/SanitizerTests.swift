import XCTest
@testable import Core

final class SanitizerTests: XCTestCase {
    func testRemovesCSIColorCodes() {
        XCTAssertEqual(Sanitizer.clean("\u{1B}[31;1mred\u{1B}[0m text"), "red text")
        XCTAssertEqual(Sanitizer.clean("a\u{1B}[2Jb\u{1B}[?1049hc"), "abc")
    }

    func testRemovesOSCSequences() {
        // OSC 52 would set the clipboard; OSC 0 the title, ended by BEL or by ST.
        XCTAssertEqual(Sanitizer.clean("x\u{1B}]52;c;ZXZpbA==\u{7}y"), "xy")
        XCTAssertEqual(Sanitizer.clean("x\u{1B}]0;evil title\u{7}y"), "xy")
        XCTAssertEqual(Sanitizer.clean("x\u{1B}]0;evil title\u{1B}\\y"), "xy")
        XCTAssertEqual(Sanitizer.clean("x\u{1B}]8;;http://e.vil\u{1B}\\link\u{1B}]8;;\u{1B}\\"), "xlink")
    }

    func testRemovesStringSequencesAndTwoByteEscapes() {
        XCTAssertEqual(Sanitizer.clean("a\u{1B}P1$qm\u{1B}\\b"), "ab")
        XCTAssertEqual(Sanitizer.clean("a\u{1B}_apc\u{1B}\\b\u{1B}cc\u{1B}(Bd"), "abcd")
    }

    func testCarriageReturnsAndControls() {
        XCTAssertEqual(Sanitizer.clean("one\r\ntwo\rthree"), "one\ntwothree")
        XCTAssertEqual(Sanitizer.clean("a\u{0}b\u{8}c\u{7F}d\u{7}"), "abcd")
        XCTAssertEqual(Sanitizer.clean("\tx"), "    x")
    }

    func testC1ControlsAndBidi() {
        XCTAssertEqual(Sanitizer.clean("a\u{9B}31mb"), "ab")
        XCTAssertEqual(Sanitizer.clean("a\u{85}b"), "ab")
        XCTAssertEqual(Sanitizer.clean("file\u{202E}txt.exe"), "filetxt.exe")
        XCTAssertEqual(Sanitizer.clean("\u{2066}x\u{2069}"), "x")
    }

    func testKeepsTextUnchanged() {
        let s = "Hello 世界 👩‍💻 🇫🇷\nnext line é"
        XCTAssertEqual(Sanitizer.clean(s), s)
        XCTAssertTrue(Sanitizer.isClean(s))
    }

    func testCleanExtensionChecksOnlyTheNewText() {
        let previous = "Hello 世界 t1 "
        XCTAssertTrue(Sanitizer.isClean(previous + "t2 👩‍💻 ", extending: previous))
        XCTAssertTrue(Sanitizer.isClean(previous, extending: previous))
        XCTAssertFalse(Sanitizer.isClean(previous + "\u{1B}[2J", extending: previous), "an escape in the new text")
        XCTAssertFalse(Sanitizer.isClean(previous + "\u{202E}x", extending: previous), "a bidi control in the new text")
        XCTAssertFalse(Sanitizer.isClean("Hellx 世界 t1 t2", extending: previous), "not an extension")
        XCTAssertFalse(Sanitizer.isClean("Hello", extending: previous), "shorter")
        // Wherever the text is split, the answer is the whole text's.
        let text = "ab\u{C2}\u{85}é\u{1B}[31mc 世\u{2066}d"
        let scalars = Array(text.unicodeScalars)
        for cut in 0...scalars.count {
            var head = String.UnicodeScalarView(); head.append(contentsOf: scalars[..<cut])
            let prefix = String(head)
            guard Sanitizer.isClean(prefix) else { continue }
            XCTAssertEqual(Sanitizer.isClean(text, extending: prefix), Sanitizer.isClean(text), "cut at \(cut)")
        }
    }

    func testUnterminatedSequenceIsDropped() {
        XCTAssertEqual(Sanitizer.clean("ok\u{1B}]0;never ends"), "ok")
        XCTAssertEqual(Sanitizer.clean("ok\u{1B}"), "ok")
    }

    /// JSON for a terminal: C1, DEL and bidi controls become \u escapes (encoders leave them raw);
    /// the text decodes to the same value.
    func testJSONKeepsItsStringsWithTheirControlsEscaped() throws {
        let value = "a\u{9B}31m\u{9D}0;t\u{9C}\u{7F}\u{202E}b\u{2066}c é 日本 🙂"
        let encoded = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
        XCTAssertTrue(encoded.unicodeScalars.contains("\u{9B}"), "the encoder leaves C1 raw")
        let escaped = Sanitizer.escapingJSON(encoded)
        XCTAssertEqual(escaped, #"["a\u009b31m\u009d0;t\u009c\u007f\u202eb\u2066c é 日本 🙂"]"#)
        XCTAssertEqual(try JSONDecoder().decode([String].self, from: Data(escaped.utf8)), [value])
        XCTAssertEqual(Sanitizer.escapingJSON("{\n  \"a\": 1\n}"), "{\n  \"a\": 1\n}", "clean JSON is left as it is")
    }
}
