import XCTest
import Terminal
@testable import App

/// The slash-command popup and the command palette drawn at 80×24 and 160×45, in English and
/// Chinese (`Snapshots/`; `AIHELPER_RECORD_SNAPSHOTS=1` records).
final class PaletteSnapshotTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private static let sizes = [(80, 24), (160, 45)]

    private func each(_ draw: (Int, Int, String) -> Void) {
        for language in [Language.english, .simplifiedChinese] {
            Strings.use(language)
            for (width, height) in Self.sizes { draw(width, height, language == .english ? "" : "zh-") }
        }
        Strings.use(.english)
    }

    func testTheCompletionPopup() {
        each { width, height, prefix in
            var state = SnapshotFixture.state(width: width, height: height)
            state.chat.input.text = "/se"
            assertSnapshot(screenText(state), named: "\(prefix)completion-\(width)x\(height)")
        }
    }

    func testAnArgumentsPopupAndOneWithNoMatch() {
        var state = SnapshotFixture.state(width: 80, height: 24)
        state.chat.input.text = "/theme so"
        state.chat.completion.lists[.themes] = ["dark", "light", "solarized-dark", "solarized-light"].map { Picker.Item(id: $0, label: $0, detail: "") }
        assertSnapshot(screenText(state), named: "completion-theme-80x24")
        state.chat.input.text = "/zzz"
        let text = screenText(state)
        XCTAssertTrue(text.contains("no command matches “/zzz”"), text)
    }

    func testThePalette() {
        each { width, height, prefix in
            var state = SnapshotFixture.state(width: width, height: height)
            state[overlay: Picker.self] = CommandPalette.picker(state, conversations: [Picker.Item(id: "7", label: "Trip to Kyoto", detail: "yesterday")])
            assertSnapshot(screenText(state), named: "\(prefix)palette-\(width)x\(height)")
            state[overlay: Picker.self]?.filter = prefix.isEmpty ? "theme" : "主题"
            assertSnapshot(screenText(state), named: "\(prefix)palette-filtered-\(width)x\(height)")
        }
    }
}
