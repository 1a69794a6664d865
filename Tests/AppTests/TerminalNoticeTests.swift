import XCTest
import Core
import Terminal
@testable import App

/// What the status bar says when TERM was replaced at start (issue 19), in both languages.
final class TerminalNoticeTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    func testEnglish() {
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "xterm-kitty", used: "xterm-256color")),
                       "Terminal “xterm-kitty” unknown here: using xterm-256color (install its terminfo entry).")
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "", used: "xterm")), "TERM is not set: using xterm.")
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "../../etc/x", used: "xterm")),
                       "TERM “../../etc/x” is not a terminal name: using xterm.")
    }

    func testChinese() {
        Strings.use(.simplifiedChinese)
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "alacritty", used: "xterm-256color")),
                       "本机不认识终端“alacritty”：改用 xterm-256color（可安装该终端的 terminfo 条目）。")
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "", used: "vt100")), "未设置 TERM：改用 vt100。")
        XCTAssertEqual(TUIApp.terminalNotice(TerminalFallback(asked: "/tmp/x", used: "xterm")), "TERM“/tmp/x”不是终端名称：改用 xterm。")
    }

    /// TERM is the user's, but it is drawn on the screen: no escape sequence gets through, and a long one is cut.
    func testAHostileNameIsCleanedAndCut() {
        let notice = TUIApp.terminalNotice(TerminalFallback(asked: "x\u{1B}]52;c;ZXZpbA==\u{07}" + String(repeating: "y", count: 200), used: "xterm"))
        XCTAssertTrue(Sanitizer.isClean(notice), notice.debugDescription)
        XCTAssertFalse(notice.contains("\u{1B}"))
        XCTAssertLessThan(notice.count, 100, notice)
        XCTAssertTrue(notice.contains("…”"), notice)
    }
}
