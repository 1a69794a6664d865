import XCTest
@testable import Terminal

/// The choice of terminfo entry when TERM names one this machine lacks (issue 19).
final class TerminalTypeTests: XCTestCase {
    /// Debian's base terminfo (ncurses-base): no kitty, alacritty, foot, wezterm or ghostty entry.
    let base: Set = ["xterm", "xterm-256color", "vt100", "linux", "screen", "screen-256color", "tmux-256color"]

    private func chosen(_ term: String?, known: Set<String>) -> (String, TerminalFallback?)? {
        TerminalType.choose(term, isKnown: known.contains).map { ($0.name, $0.fallback) }
    }

    func testAKnownTermIsUsedAsItIsWithNoNotice() {
        for term in ["xterm", "xterm-256color", "linux", "tmux-256color", "screen"] {
            let result = chosen(term, known: base)
            XCTAssertEqual(result?.0, term)
            XCTAssertNil(result?.1, term)
        }
        // Installed (ncurses-term): the real entry, not a fallback.
        XCTAssertEqual(chosen("xterm-kitty", known: base.union(["xterm-kitty"]))?.0, "xterm-kitty")
    }

    func testModernTerminalsFallBackToXterm256color() {
        for term in ["xterm-kitty", "kitty", "alacritty", "alacritty-direct", "foot", "foot-extra", "foot-direct",
                     "wezterm", "xterm-ghostty", "ghostty", "rxvt-unicode-256color", "konsole-256color", "st-direct"] {
            let result = chosen(term, known: base)
            XCTAssertEqual(result?.0, "xterm-256color", term)
            XCTAssertEqual(result?.1, TerminalFallback(asked: term, used: "xterm-256color"), term)
        }
    }

    func testOtherNamesFallBackToXtermThenVt100() {
        XCTAssertEqual(chosen("nosuchterm", known: base)?.1, TerminalFallback(asked: "nosuchterm", used: "xterm"))
        XCTAssertEqual(chosen("footloose", known: base)?.0, "xterm", "only foot itself and its variants are foot")
        // The order holds when the closer entries are missing too.
        XCTAssertEqual(chosen("xterm-kitty", known: ["xterm", "vt100"])?.0, "xterm")
        XCTAssertEqual(chosen("xterm-kitty", known: ["vt100"])?.0, "vt100")
        XCTAssertEqual(chosen("nosuchterm", known: ["vt100"])?.0, "vt100")
        XCTAssertNil(chosen("xterm-kitty", known: []), "nothing known: the caller says so and stops")
    }

    func testUnsetOrEmptyTermFallsBackToXterm() {
        XCTAssertEqual(chosen(nil, known: base)?.1, TerminalFallback(asked: "", used: "xterm"))
        XCTAssertEqual(chosen("", known: base)?.1, TerminalFallback(asked: "", used: "xterm"))
        XCTAssertEqual(chosen("", known: ["vt100"])?.0, "vt100")
    }

    /// A path in TERM is never handed to ncurses, even when an entry of that name would be "known".
    func testPathLikeNamesAreNeverLookedUp() {
        for term in ["../../etc/x", "/tmp/x", "x/y", "..", ".", ".hidden", "xterm\u{1B}[31m", "xterm 256", "ксterm",
                     String(repeating: "x", count: 129)] {
            var asked: [String] = []
            let result = TerminalType.choose(term) { name in asked.append(name); return true }
            XCTAssertEqual(asked, ["xterm"], "only the fallback is looked up for \(term.debugDescription)")
            XCTAssertEqual(result?.1, TerminalFallback(asked: term, used: "xterm"))
        }
        // A path ending in -256color is still not a name: no 256-color guess from it.
        XCTAssertEqual(chosen("/tmp/evil-256color", known: base)?.0, "xterm")
    }

    func testEntriesAreAskedInOrderAndNotAfterTheFirstKnown() {
        var asked: [String] = []
        let result = TerminalType.choose("xterm-kitty") { name in asked.append(name); return name == "xterm" }
        XCTAssertEqual(asked, ["xterm-kitty", "xterm-256color", "xterm"])
        XCTAssertEqual(result?.0, "xterm")
    }

    func testValidNames() {
        for name in ["xterm", "xterm-256color", "rxvt-unicode", "xterm+256color", "screen.xterm-256color", "vt100", "Eterm"] {
            XCTAssertTrue(TerminalType.isValidName(name), name)
        }
    }
}
