import Foundation
import XCTest

/// Any terminal (issue 19): with a TERM this machine has no terminfo entry for — kitty, alacritty,
/// foot, wezterm, ghostty, or unset, empty or a path — the app starts with a close entry and says
/// so once. ncurses always searches the system's terminfo folders (TERMINFO only adds one), so
/// the app runs in a mount namespace where they are empty and TERMINFO holds only xterm,
/// xterm-256color and vt100: the fallback is exercised whether or not ncurses-term is installed.
final class TUITerminalFallbackTests: HomeFolderTestCase {
    static let systemFolders = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
    static let hideScript = "for d in " + systemFolders.joined(separator: " ")
        + "; do if [ -d \"$d\" ]; then mount -t tmpfs none \"$d\" || exit 97; fi; done; exec \"$@\""
    static let hidingLauncher = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", hideScript, "sh"]

    /// Whether the launcher works here (user namespaces may be disabled).
    static let canHide: Bool = {
        let out = NSTemporaryDirectory() + "aih-unshare-\(UUID().uuidString)"
        defer { unlink(out) }
        return (try? TmuxSession.spawnAndWait(hidingLauncher + ["true"], outputPath: out, timeout: 10)) == 0
    }()

    /// A terminfo folder with only xterm, xterm-256color and vt100, copied from the system's.
    private func smallTerminfo() throws -> String {
        let folder = home + "/terminfo"
        for name in ["xterm", "xterm-256color", "vt100"] {
            let relative = "\(name.first!)/\(name)"
            guard let source = Self.systemFolders.map({ $0 + "/" + relative }).first(where: FileManager.default.fileExists) else {
                throw XCTSkip("no terminfo entry \(name) on this machine")
            }
            try FileManager.default.createDirectory(atPath: folder + "/\(name.first!)", withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: folder + "/" + relative) { continue }
            try FileManager.default.copyItem(atPath: source, toPath: folder + "/" + relative)
        }
        return folder
    }

    /// Starts the app with `term` (nil: unset), waits for the first frame and the notice, and
    /// checks the notice is on the screen once. Returns the session, still running.
    @discardableResult
    private func start(term: String?, expecting notice: String, arguments: [String] = [],
                       environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> TmuxSession {
        var launcher: [String] = []
        if Self.canHide {
            launcher = Self.hidingLauncher
        } else if let term, TerminalTypeProbe.systemHas(term, in: Self.systemFolders) {
            throw XCTSkip("terminfo has \(term) and user namespaces are unavailable to hide it")
        }
        var env = environment.merging(["TERMINFO": try smallTerminfo()]) { $1 }
        if let term { env["TERM"] = term }
        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 30, environment: env, arguments: arguments,
                          unset: ["NO_COLOR"] + (term == nil ? ["TERM"] : []), launcher: launcher)  // `swift test` may set NO_COLOR
        let screen = session.waitFor("the first frame and the notice", timeout: 10, file: file, line: line) {
            $0.contains("Offline assistant") && $0.contains(notice)
        }
        XCTAssertEqual(screen.components(separatedBy: notice).count - 1, 1, "the notice once:\n\(screen)", file: file, line: line)
        return session
    }

    private func quit(_ session: TmuxSession, file: StaticString = #filePath, line: UInt = #line) throws {
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(), "the app quits", file: file, line: line)
    }

    func testKittyFallsBackToXterm256colorWithItsColors() throws {
        // COLORTERM=truecolor over the fallback entry: colors as with xterm-256color itself (256).
        let session = try start(term: "xterm-kitty", expecting: "Terminal “xterm-kitty” unknown here: using xterm-256color (install its terminfo entry).",
                                arguments: ["--theme", "gruvbox"], environment: ["COLORTERM": "truecolor"])
        let colored = try session.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        XCTAssertTrue(colored.contains("\u{1B}[38;5;"), "256-color foregrounds from the fallback entry:\n\(colored)")
        try quit(session)
    }

    func testOtherModernTerminalsFallBackToXterm256color() throws {
        for term in ["alacritty", "foot", "wezterm", "xterm-ghostty", "screen-256color"] {
            try quit(try start(term: term, expecting: "Terminal “\(term)” unknown here: using xterm-256color (install its terminfo entry)."))
        }
    }

    func testAnUnknownNameFallsBackToXterm() throws {
        try quit(try start(term: "nosuchterm", expecting: "Terminal “nosuchterm” unknown here: using xterm (install its terminfo entry)."))
        // linux is in every base terminfo: unknown here only because the system's folders are hidden.
        if Self.canHide {
            try quit(try start(term: "linux", expecting: "Terminal “linux” unknown here: using xterm (install its terminfo entry)."))
        }
    }

    func testAPathInTermIsNotLookedUp() throws {
        // A real entry at the path: looked up as a path, it would be found and no notice shown.
        let planted = NSTemporaryDirectory() + "aih-\(UUID().uuidString.prefix(6))"  // short: shown whole
        defer { unlink(planted) }
        try FileManager.default.copyItem(atPath: try smallTerminfo() + "/x/xterm-256color", toPath: planted)
        for term in ["../../etc/x", planted] {
            try quit(try start(term: term, expecting: "TERM “\(term)” is not a terminal name: using xterm."))
        }
    }

    /// Not even vt100 known: a clear message and exit code 2, not a crash or a blank screen.
    func testNoEntryAtAllIsAClearError() throws {
        guard Self.canHide else { throw XCTSkip("user namespaces are unavailable to hide the system's terminfo") }
        let empty = home + "/empty-terminfo"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let session = TmuxSession(home: home)
        try session.start(environment: ["TERM": "xterm-kitty", "TERMINFO": empty],
                          launcher: Self.hidingLauncher + ["sh", "-c", "\"$@\"; echo \"[exit $?]\"; sleep 30", "sh"])
        let screen = session.waitFor(text: "[exit 2]")
        XCTAssertTrue(screen.contains("Unknown terminal type \"xterm-kitty\": no terminfo entry for it, nor for xterm or vt100."), screen)
    }

    func testUnsetOrEmptyTermStartsWithXterm() throws {
        try quit(try start(term: nil, expecting: "TERM is not set: using xterm."))
        try quit(try start(term: "", expecting: "TERM is not set: using xterm."))
    }
}

/// Whether the system's terminfo has an entry (to skip, not fail, where it cannot be hidden).
enum TerminalTypeProbe {
    static func systemHas(_ term: String, in folders: [String]) -> Bool {
        guard let first = term.first, !term.contains("/") else { return false }
        return folders.contains { FileManager.default.fileExists(atPath: "\($0)/\(first)/\(term)") }
    }
}
