import XCTest
import Core
import Terminal
@testable import App

/// The interface language: chosen from the setting or the locale, and every pane drawn in
/// Simplified Chinese lines up as the English one does.
final class LanguageTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    func testTheSettingWinsThenLCAllThenLCMessagesThenLang() {
        XCTAssertEqual(Language.choose(setting: "zh-Hans", environment: ["LANG": "en_US.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(Language.choose(setting: "en", environment: ["LANG": "zh_CN.UTF-8"]), .english)
        XCTAssertEqual(Language.choose(setting: "auto", environment: ["LANG": "zh_CN.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(Language.choose(setting: nil, environment: ["LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"]), .english)
        XCTAssertEqual(Language.choose(setting: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "zh_SG.UTF-8", "LANG": "en_GB.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(Language.choose(setting: nil, environment: ["LANG": "zh_TW.UTF-8"]), .english, "Traditional Chinese is not offered")
        XCTAssertEqual(Language.choose(setting: nil, environment: [:]), .english)
    }

    func testChineseTasksPaneAndFormLineUp() {
        Strings.use(.simplifiedChinese)
        var state = SnapshotFixture.state(width: 80, height: 24, focus: .tasks)
        state.tasks.dayTasks.append(TaskItem(id: 3, title: "逾期的报税", notes: "带上收据\n第二行", dueDate: CivilDate(year: 2026, month: 11, day: 20),
                                             category: "Other", priority: .low))
        let pane = screenText(state)
        assertSnapshot(pane, named: "zh-tasks-80x24")
        XCTAssertTrue(pane.contains("2026年11月"), pane)
        XCTAssertTrue(pane.contains("全天") && pane.contains("!高") && pane.contains("[健康]") && pane.contains("已逾期"), pane)
        assertRowsFit(pane, width: 80)

        state[overlay: Form.self] = TaskForm.make(state.tasks.dayTasks[1], occurrence: nil, today: state.tasks.today)
        let form = screenText(state)
        assertSnapshot(form, named: "zh-task-form-80x24")
        XCTAssertTrue(form.contains("编辑任务") && form.contains("优先级") && form.contains("个人"), form)
    }

    func testAChineseFormReadsBackTheCategoryAndPriorityItShows() throws {
        Strings.use(.simplifiedChinese)
        var form = TaskForm.make(TaskItem(title: "看牙医", dueDate: CivilDate(year: 2026, month: 12, day: 1), category: "Health", priority: .high),
                                 occurrence: nil, today: CivilDate(year: 2026, month: 11, day: 24))
        XCTAssertEqual(form.text("Category"), "健康")
        XCTAssertEqual(form.text("Priority"), "高")
        form.focus = form.fields.firstIndex { $0.id == "Category" }!
        _ = form.handle(.right)  // the next category, shown in Chinese, stored in English
        let task = try XCTUnwrap(TaskForm.read(&form, base: TaskItem(title: ""), today: CivilDate(year: 2026, month: 11, day: 24)))
        XCTAssertEqual(task.category, "Shopping")
        XCTAssertEqual(task.priority, .high)

        form.fields[form.fields.firstIndex { $0.id == "Date" }!].editor.text = "某天"
        XCTAssertNil(TaskForm.read(&form, base: TaskItem(title: ""), today: CivilDate(year: 2026, month: 11, day: 24)))
        XCTAssertEqual(form.fields.first { $0.id == "Date" }?.error, "无法把“某天”读作日期：试试 2026-12-01、tomorrow 或 next friday。")
    }

    func testChineseTodosPaneAndQuestion() {
        Strings.use(.simplifiedChinese)
        var state = SnapshotFixture.state(width: 80, height: 24, focus: .todos)
        state[overlay: Choice.self] = .confirm(tr.todos.delete("Packing list", 3), [])
        let text = screenText(state)
        assertSnapshot(text, named: "zh-todos-80x24")
        XCTAssertTrue(text.contains("进行中 · 2") && text.contains("已完成 · 1") && text.contains("删除“Packing list”及其 3 个子任务？"), text)
        assertRowsFit(text, width: 80)
    }

    /// Wide characters take two columns: every bordered row still ends at the screen's edge.
    private func assertRowsFit(_ text: String, width: Int, file: StaticString = #filePath, line: UInt = #line) {
        for row in text.split(separator: "\n").map(String.init) where row.hasPrefix("│") {
            XCTAssertEqual(TextWidth.of(row), width, row, file: file, line: line)
        }
    }
}

/// The help and the frame around the panes in Chinese.
final class ChineseChromeTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    func testEveryKeyInTheKeymapIsDescribedInChinese() {
        let chinese = Strings.of(.simplifiedChinese).help
        let missing = Keymap.actions.map(\.does).filter { chinese.translations?[$0] == nil }
        XCTAssertEqual(missing, [], "add these to HelpStrings.chineseDescriptions")
    }

    func testTheHelpAndStatusBarInChinese() {
        Strings.use(.simplifiedChinese)
        var state = SnapshotFixture.state(width: 120, height: 40, focus: .tasks)
        state[overlay: HelpView.self] = HelpView()
        let text = screenText(state)
        assertSnapshot(text, named: "zh-help-120x40")
        for words in ["按键", "全局", "任务", "推迟到明天", "↑↓ PgUp PgDn 滚动", "a 添加 · e 编辑"] {
            XCTAssertTrue(text.contains(words), words)
        }
    }

    func testSettingsAndWizardInChineseReadBackWhatTheyShow() throws {
        Strings.use(.simplifiedChinese)
        var state = AppState(size: Size(width: 80, height: 24), today: SnapshotFixture.today, providerName: "Offline", modelName: "offline-assistant")
        var values = SettingsValues()
        values.provider = .openai
        values.model = "gpt-4.1-mini"
        values.autoApprove = true
        values.persona = "casual"
        state[overlay: SettingsScreen.self] = SettingsScreen(values, themes: ["dark", "light"], storedKeys: [.openai: "sk-…7f3a (credentials.toml)"])
        assertSnapshot(screenText(state), named: "zh-settings-80x24")
        // What the screen shows in Chinese is read back as the same settings.
        let read = try XCTUnwrap(state[overlay: SettingsScreen.self]?.read())
        XCTAssertEqual(read.autoApprove, true)
        XCTAssertEqual(read.persona, "casual")
        XCTAssertEqual(read.mouse, values.mouse)

        state[overlay: SettingsScreen.self] = nil
        state[overlay: Onboarding.self] = Onboarding(environmentKeys: [:])
        state[overlay: Onboarding.self]?.step = .provider
        state[overlay: Onboarding.self]?.setLocalServers([])
        let wizard = screenText(state)
        assertSnapshot(wizard, named: "zh-wizard-provider-80x24")
        XCTAssertTrue(wizard.contains("由哪个助手来回答？") && wizard.contains("离线助手"), wizard)
    }

}
