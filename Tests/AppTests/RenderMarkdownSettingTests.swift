import XCTest
import Core
import Storage
import Providers
import Terminal
@testable import App

/// `render_markdown`: read from config.toml, chosen on the settings screen (Answers), written
/// back line by line, and applied to the transcript: false shows the answer's source.
final class RenderMarkdownSettingTests: XCTestCase {
    private static let answer = "# Plan\n\nSome **bold** words.\n\n```python\nprint(1)\n```\n"

    func testTheSettingIsReadTrueByDefaultAndABadValueIsNamed() {
        XCTAssertTrue(AppConfig().renderMarkdown)
        XCTAssertTrue(AppConfig.parse("", path: "c.toml").config.renderMarkdown)
        let (off, warning) = AppConfig.parse("render_markdown = false\n", path: "c.toml")
        XCTAssertFalse(off.renderMarkdown)
        XCTAssertNil(warning)
        let (bad, badWarning) = AppConfig.parse("render_markdown = \"no\"\n", path: "c.toml")
        XCTAssertTrue(bad.renderMarkdown, "a bad value keeps the default")
        XCTAssertEqual(badWarning, "c.toml: 'render_markdown' must be true or false (ignored).")
    }

    func testTheScreenChoosesPlainTextAndOnlyThatKeyIsWritten() throws {
        var state = SnapshotFixture.state(width: 80, height: 24)
        state[overlay: SettingsScreen.self] = SettingsScreen(SettingsValues(), themes: ["dark"], storedKeys: [:])
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.answers), "as Markdown")
        while state[overlay: SettingsScreen.self].map({ $0.form.fields[$0.form.focus].id }) != "Answers" { _ = update(&state, .key(.tab)) }
        XCTAssertTrue(screenText(state).contains("plain text shows the Markdown as the model wrote it"), "the field's hint")
        _ = update(&state, .key(.right))
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.text(.answers), "as plain text")
        guard case .saveSettings(let values, let previous)? = update(&state, .key(.enter)).first else { return XCTFail("not saved") }
        XCTAssertFalse(values.renderMarkdown)
        let edits = TUIApp.configEdits(values, previous: previous)
        XCTAssertEqual(edits.map(\.0), ["render_markdown"])
        XCTAssertEqual(edits.first?.1, "false")

        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        let zh = SettingsScreen(values, themes: ["dark"], storedKeys: [:])
        XCTAssertEqual(zh.text(.answers), "纯文本")
    }

    /// The real runtime: config.toml says false at start (the source shows), the screen's save
    /// writes true and applies it (the Markdown is drawn), keeping the file's other lines.
    func testTheRuntimeAppliesTheSettingAtStartAndWhenSaved() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aih-md-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let paths = AppPaths(environment: ["AIHELPER_HOME": home, "HOME": home])
        try "# mine\nrender_markdown = false  # the source, please\nmouse = true\n".write(toFile: paths.config, atomically: true, encoding: .utf8)
        let config = AppConfig.load(path: paths.config).config
        let switcher = ProviderSwitcher(config: config, flags: ProviderFlags(), environment: [:], cacheFolder: home, paths: paths)
        let harness = try AppTestHarness(switcher: switcher), app = harness.app
        app.state.chat.messages = [Message(id: 1, conversationId: 1, role: .assistant, content: Self.answer, status: .complete)]
        XCTAssertFalse(app.state.renderMarkdown)
        var text = harness.screen()
        for raw in ["# Plan", "**bold**", "```python"] { XCTAssertTrue(text.contains(raw), "\(raw) shown as written:\n\(text)") }

        var values = SettingsValues()
        values.renderMarkdown = false
        var on = values
        on.renderMarkdown = true
        app.perform(.saveSettings(on, previous: values))
        XCTAssertTrue(app.state.renderMarkdown)
        XCTAssertEqual(try String(contentsOfFile: paths.config, encoding: .utf8), "# mine\nrender_markdown = true\nmouse = true\n")
        text = harness.screen()
        for raw in ["# Plan", "**", "```"] { XCTAssertFalse(text.contains(raw), "\(raw) drawn as Markdown:\n\(text)") }
        XCTAssertTrue(text.contains("Some bold words.") && text.contains("print(1)") && text.contains("[1]"), text)
    }
}
