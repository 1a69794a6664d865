import XCTest
import Core
import Storage
import Terminal
@testable import App

/// Panes drawn in several themes, color depths and NO_COLOR; `/theme` switching live.
final class ThemeRenderingTests: XCTestCase {
    private let shipped = ThemeCatalog(userFolder: nil)
    private let others = ["light", "solarized-dark", "solarized-light", "gruvbox", "high-contrast"]

    private func theme(_ name: String) throws -> Theme { try shipped.load(name).get() }


    /// Canvas text does not show colors: each theme's snapshot is the text plus a map with a
    /// letter per cell for its style, and the styles' legend.
    func testTasksPaneInEveryTheme() throws {
        let state = SnapshotFixture.state(width: 80, height: 24, focus: .tasks)
        let darkText = screenText(state)
        for name in ["dark"] + others {
            let canvas = screenCanvas(state, theme: try theme(name))
            XCTAssertEqual(canvas.text(), darkText, "\(name): a theme changes colors, never the text")
            assertSnapshot(StyleMap.of(canvas), named: "theme-\(name)-tasks-80x24")
        }
    }

    /// The status bar's badge, the high-priority mark and the chat's labels are drawn in each
    /// theme's own style, and those differ from theme to theme.
    func testChosenCellsTakeTheThemesStyles() throws {
        var seen: [StyleName: Set<Style>] = [:]
        for name in ["dark"] + others {
            let theme = try theme(name)
            var state = SnapshotFixture.state(width: 80, height: 24, focus: .tasks)
            state.tasks.selectedTask = 1  // Call mom: Dentist's row shows its own styles
            let tasks = screenCanvas(state, theme: theme)
            let chat = screenCanvas(SnapshotFixture.state(width: 80, height: 24), theme: theme)
            let checks: [(Canvas, String, StyleName)] = [
                (tasks, "!high", .priorityHigh), (tasks, "[Health]", .category), (tasks, "Call mom", .selection),
                (chat, "You", .userLabel), (chat, "Assistant", .assistantLabel), (chat, "Offline", .badge),
            ]
            for (canvas, needle, style) in checks {
                let at = try XCTUnwrap(StyleMap.find(needle, in: canvas), "\(name): \(needle) not drawn")
                XCTAssertEqual(canvas[at.x, at.y].style, theme[style], "\(name): \(needle)")
                seen[style, default: []].insert(theme[style])
            }
            let bar = tasks[79, 23].style
            XCTAssertEqual(bar, theme[.statusBar], "\(name): the status bar's right end")
            seen[.statusBar, default: []].insert(bar)
        }
        for (style, styles) in seen { XCTAssertEqual(styles.count, 1 + others.count, "\(style.fileKey) differs by theme") }
    }

    func testEveryDepthGetsColorsItCanShow() throws {
        for name in ["dark"] + others {
            let theme = try theme(name)
            for depth in ColorDepth.allCases {
                let adapted = theme.adapted(to: depth)
                for style in StyleName.allCases {
                    let s = adapted[style], original = theme[style]
                    for color in [s.fg, s.bg] { XCTAssertTrue(Self.fits(color, depth), "\(name) \(style.fileKey) at \(depth): \(color)") }
                    if depth > .none, original.fg != original.bg {
                        XCTAssertNotEqual(s.fg, s.bg, "\(name) \(style.fileKey) at \(depth): text in its background's color")
                    }
                    XCTAssertEqual([s.bold, s.dim, s.italic, s.underline, s.reverse],
                                   [original.bold, original.dim, original.italic, original.underline, original.reverse])
                }
            }
        }
        let light = try theme("light")
        let white: [(ColorDepth, Color)] = [(.trueColor, .rgb(255, 255, 255)), (.palette256, .palette(231)), (.ansi16, .ansi(15)),
                                            (.ansi8, .ansi(7)), (.none, .terminalDefault)]
        for (depth, expected) in white { XCTAssertEqual(light.adapted(to: depth)[.text].bg, expected, "\(depth)") }
        let dark = Theme.dark.adapted(to: .ansi8)
        XCTAssertEqual(dark[.muted].fg, .ansi(7), "bright black is shown as white, not as black on black")
        XCTAssertEqual(dark[.statusBar], Style(fg: .ansi(7), bg: .ansi(4)))
    }

    /// The background of most cells: the `text` style's.
    private static func commonestBackground(_ canvas: Canvas) -> Color? {
        Dictionary(grouping: canvas.cells, by: \.style.bg).max { $0.value.count < $1.value.count }?.key
    }

    private static func fits(_ color: Color, _ depth: ColorDepth) -> Bool {
        switch (color, depth) {
        case (.terminalDefault, _), (_, .trueColor): return true
        case (.palette, .palette256), (.ansi, .palette256): return true
        case (.ansi(let n), .ansi16): return n < 16
        case (.ansi(let n), .ansi8): return n < 8
        default: return false
        }
    }

    private func makeApp(depth: ColorDepth = .trueColor, noColor: Bool = false, theme: String?) throws -> (TUIApp, MemoryBackend) {
        let harness = try AppTestHarness(width: 80, height: 24, colorDepth: depth, noColor: noColor, themeName: theme)
        return (harness.app, harness.backend)
    }

    func testTheAppDrawsInTheTerminalsDepth() throws {
        let (app, backend) = try makeApp(depth: .ansi16, theme: "solarized-dark")
        app.render()
        let frame = try XCTUnwrap(backend.lastFrame)
        XCTAssertEqual(Self.commonestBackground(frame), .ansi(0), "solarized's base03 on 16 colors")
        for cell in frame.cells { XCTAssertTrue(Self.fits(cell.style.fg, .ansi16) && Self.fits(cell.style.bg, .ansi16), "\(cell)") }
    }

    func testNoColorKeepsOnlyAttributes() throws {
        let (app, backend) = try makeApp(noColor: true, theme: "high-contrast")
        XCTAssertEqual(app.renderer.theme.name, "high-contrast")
        XCTAssertEqual(app.renderer.theme[.accent], Style(bold: true))
        XCTAssertEqual(app.renderer.theme[.today], Style(bold: true, underline: true))
        app.render()
        let cells = try XCTUnwrap(backend.lastFrame).cells
        XCTAssertTrue(cells.allSatisfy { $0.style.fg == .terminalDefault && $0.style.bg == .terminalDefault })
        XCTAssertTrue(cells.contains { $0.style.bold }, "attributes remain")
    }

    func testAnUnknownThemeAtStartWarnsOnTheStatusBarAndDrawsTheDefault() throws {
        let (app, backend) = try makeApp(theme: "neon")
        XCTAssertEqual(app.renderer.theme, .dark)
        app.render()
        let bar = try XCTUnwrap(backend.lastFrame).row(23)
        XCTAssertTrue(bar.contains("No theme named 'neon'; using dark."), bar)
    }

    func testSwitchingThemesRedrawsEverythingInTheNewOne() throws {
        let (app, backend) = try makeApp(theme: nil)
        app.render()
        let fullFrames = app.renderer.fullFrames
        app.perform(.switchTheme("gruvbox"))
        app.render()
        let frame = try XCTUnwrap(backend.lastFrame)
        let gruvbox = try theme("gruvbox")
        XCTAssertEqual(app.renderer.theme, gruvbox)
        XCTAssertEqual(app.renderer.fullFrames, fullFrames + 1)
        XCTAssertEqual(Self.commonestBackground(frame), gruvbox[.text].bg)
        XCTAssertEqual(backend.lastCellsWritten, frame.cells.filter { !$0.isContinuation }.count, "every cell repainted")
        XCTAssertEqual(app.state.notice?.text, "Theme: gruvbox.")

        app.perform(.switchTheme("neon"))
        XCTAssertEqual(app.renderer.theme.name, "gruvbox", "a theme that does not load leaves the current one")
        XCTAssertEqual(app.state.notice?.kind, .error)
        XCTAssertTrue(app.state.notice?.text.hasPrefix("No theme named 'neon'; keeping gruvbox. Themes: dark,") == true, app.state.notice?.text ?? "")

        app.perform(.openThemePicker)
        XCTAssertEqual(app.state[overlay: Picker.self]?.items.map(\.id), shipped.names)
        XCTAssertEqual(app.state[overlay: Picker.self]?.visible[app.state[overlay: Picker.self]!.selected].id, "gruvbox", "the current theme is chosen")
    }

    func testThemeCommandAndPicker() {
        var state = AppState(size: Size(width: 80, height: 24), today: SnapshotFixture.today, providerName: "Offline", modelName: "m")
        _ = update(&state, .key(.text("/theme solarized-light")))
        XCTAssertEqual(update(&state, .key(.enter)), [.switchTheme("solarized-light"), .rememberInput("/theme solarized-light")])
        _ = update(&state, .key(.text("/theme")))
        XCTAssertEqual(update(&state, .key(.enter)), [.openThemePicker, .rememberInput("/theme")])
        state[overlay: Picker.self] = Picker(purpose: .theme, title: "Theme", items: ["dark", "light"].map { Picker.Item(id: $0, label: $0, detail: "") },
                              current: "dark")
        _ = update(&state, .key(.down))
        XCTAssertEqual(update(&state, .key(.enter)), [.switchTheme("light")])
        XCTAssertNil(state[overlay: Picker.self])
    }
}

/// A canvas's styles as text, for snapshots: a letter per cell and a legend of the styles.
enum StyleMap {
    static func of(_ canvas: Canvas) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var index: [Style: Int] = [:], legend: [String] = [], rows: [String] = []
        for y in 0..<canvas.height {
            var row = ""
            for x in 0..<canvas.width {
                let style = canvas[x, y].style
                if index[style] == nil {
                    index[style] = index.count
                    legend.append("\(letters[min(index.count - 1, letters.count - 1)]) \(describe(style))")
                }
                row.append(letters[min(index[style]!, letters.count - 1)])
            }
            rows.append(row)
        }
        return canvas.text() + "\n\n" + rows.joined(separator: "\n") + "\n\n" + legend.joined(separator: "\n") + "\n"
    }

    static func describe(_ s: Style) -> String {
        let attributes = [("bold", s.bold), ("dim", s.dim), ("italic", s.italic), ("underline", s.underline), ("reverse", s.reverse)]
        return (["fg=" + name(s.fg), "bg=" + name(s.bg)] + attributes.filter(\.1).map(\.0)).joined(separator: " ")
    }

    static func name(_ c: Color) -> String {
        switch c {
        case .terminalDefault: return "default"
        case .ansi(let n): return (n >= 8 ? "bright-" : "") + ThemeColor.standardNames[Int(n & 7)]
        case .palette(let n): return "\(n)"
        case let .rgb(r, g, b): return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Where `needle` starts on the canvas (cell by cell, so wide characters count right).
    static func find(_ needle: String, in canvas: Canvas) -> (x: Int, y: Int)? {
        let parts = needle.map(String.init)
        for y in 0..<canvas.height {
            for x in 0...max(0, canvas.width - parts.count) where (0..<parts.count).allSatisfy({ canvas[x + $0, y].text == parts[$0] }) {
                return (x, y)
            }
        }
        return nil
    }
}
