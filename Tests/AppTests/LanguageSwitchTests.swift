import XCTest
import Core
import Storage
import Providers
import Terminal
@testable import App

/// Switching the language while the app runs (the settings' Language): what was built in
/// English before the switch is drawn in Chinese after it, and no English word is left in the
/// help's key labels, the `/theme` list or the answers' step lines.
final class LanguageSwitchTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    func testTodoSectionsFollowTheLanguageWithoutAReload() {
        var state = SnapshotFixture.state(width: 80, height: 24, focus: .todos)
        XCTAssertTrue(screenText(state).contains("In Progress · 2"))
        Strings.use(.simplifiedChinese)
        let text = screenText(state)
        XCTAssertTrue(text.contains("进行中 · 2") && text.contains("已完成 · 1"), text)
        XCTAssertFalse(text.contains("In Progress") || text.contains("Completed"), text)
        state.todos.setFilter("pack")
        let filtered = screenText(state)
        XCTAssertTrue(filtered.contains("进行中 · 1 · 筛选“pack”"), filtered)
        XCTAssertFalse(filtered.contains("filter"), filtered)
    }

    /// Key names (Ctrl-T, PgUp, Esc) are written as on the keyboard; every other word of a label
    /// ("(selected)", "wheel", "[file]") is the language's. A lowercase English word of three
    /// letters or more left in a Chinese label is one that was missed.
    func testNoEnglishWordIsLeftInTheHelpsKeyLabels() {
        Strings.use(.simplifiedChinese)
        let english = try! NSRegularExpression(pattern: "(?<![-/:A-Za-z])[a-z]{3,}")
        var left: [String] = []
        for action in Keymap.actions {
            let label = tr.help.keys(action.label)
            let words = label.split(whereSeparator: { $0 == " " || $0 == "," }).filter { !$0.hasPrefix("/") }.joined(separator: " ")
            if english.firstMatch(in: words, range: NSRange(words.startIndex..., in: words)) != nil { left.append(label) }
        }
        XCTAssertEqual(left, [], "add these words to HelpStrings.chineseLabelWords")
        XCTAssertEqual(tr.help.keys("y  p  d (selected)"), "y  p  d（选中时）")
        XCTAssertEqual(tr.help.keys("PgUp / PgDn, wheel"), "PgUp / PgDn, 滚轮")
    }

    func testStepLinesAndTheTimelineViewNameTheirStepsInChinese() {
        Strings.use(.simplifiedChinese)
        let t0 = Date(timeIntervalSince1970: 1_795_428_000)
        let steps = [
            TimelineStep(id: 1, messageId: 2, position: 0, kind: .modelCall, title: "model call 1", detail: "m", status: .done, startedAt: t0, duration: 0.2),
            TimelineStep(id: 2, messageId: 2, position: 1, kind: .thought, title: "thinking", detail: "let me see", status: .done, startedAt: t0, duration: 0),
            TimelineStep(id: 3, messageId: 2, position: 2, kind: .toolCall, title: "create_task", detail: "title: \"Call mom\"", status: .done, startedAt: t0, duration: 0.004),
            TimelineStep(id: 4, messageId: 2, position: 3, kind: .toolResult, title: "result", detail: "Created task", status: .done, startedAt: t0, duration: 0),
            TimelineStep(id: 5, messageId: 2, position: 4, kind: .error, title: "stopped", detail: "step limit", status: .failed, startedAt: t0, duration: 0),
        ]
        let lines = TimelineLines.make(steps, spinnerFrame: 0, width: 80, theme: .dark).map { $0.segments.map(\.text).joined() }
        XCTAssertEqual(lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }, ["思考", "create_task", "结果", "已停止"], "\(lines)")
        let view = TimelineOverlay.lines(steps, width: 80, timeZone: SnapshotFixture.utc, theme: .dark).map { $0.segments.map(\.text).joined() }.joined(separator: "\n")
        XCTAssertTrue(view.contains("模型调用 1") && view.contains("工具 create_task") && view.contains("结果") && view.contains("已停止"), view)
        XCTAssertFalse(view.contains("model call") || view.contains("result") || view.contains("stopped"), view)
    }

    func testTheRetryCountdownIsInChinese() {
        Strings.use(.simplifiedChinese)
        let now = Date()
        let notice = Notice(text: "OpenAI 限流（429）。", kind: .info, expires: nil, countdownTo: now.addingTimeInterval(3))
        XCTAssertEqual(notice.display(at: now), "3 秒后重试 · OpenAI 限流（429）。")
    }

    /// "Undid: …" names the journal entry Storage wrote in English: in Chinese, read back into
    /// Chinese, from real entries of real changes.
    func testUndoNamesTheChangeInChinese() throws {
        let harness = try AppTestHarness(), database = harness.database, app = harness.app
        Strings.use(.simplifiedChinese)
        let day = CivilDate(year: 2026, month: 11, day: 24)
        func undid(_ area: JournalArea) -> String? {
            app.perform(.undo(area))
            return app.state.notice?.text
        }
        app.perform(.changeTask(.save(TaskItem(title: "Gym", dueDate: day), label: nil)))
        XCTAssertEqual(undid(.tasks), "已撤销：添加“Gym” · Ctrl-R 重做")
        let standup = try database.insertTask(TaskItem(title: "Standup", dueDate: day, recurrence: "RRULE:FREQ=DAILY"))
        app.perform(.changeTask(.deleteOccurrence(seriesId: standup.id!, day: day, scope: .this)))
        XCTAssertEqual(undid(.tasks), "已撤销：删除“Standup”（仅 2026-11-24） · Ctrl-R 重做")
        app.perform(.changeTask(.deleteOccurrence(seriesId: standup.id!, day: day.adding(days: 2), scope: .future)))
        XCTAssertEqual(undid(.tasks), "已撤销：删除“Standup”（2026-11-26 起） · Ctrl-R 重做")

        app.perform(.changeTodo(.addTodo(title: "Packing", afterPosition: nil)))
        let packing = try XCTUnwrap(app.state.todos.trees.first?.todo.id)
        app.perform(.changeTodo(.addSubtask(todoId: packing, parentId: nil, title: "Socks")))
        app.perform(.changeTodo(.setCompleted(todoId: packing, subtaskId: nil, completed: true, withChildren: true)))
        XCTAssertEqual(undid(.todos), "已撤销：完成“Packing”及其子任务 · Ctrl-R 重做")
        app.perform(.changeTodo(.setDue(todoId: packing, subtaskId: nil, day: day)))
        XCTAssertEqual(undid(.todos), "已撤销：设置截止日期：“Packing” 2026-11-24 · Ctrl-R 重做")
        app.perform(.changeTodo(.addTodo(title: "Groceries", afterPosition: nil)))
        app.perform(.changeTodo(.move(todoId: packing, subtaskId: nil, by: 1)))
        XCTAssertEqual(undid(.todos), "已撤销：下移“Packing” · Ctrl-R 重做")
        app.perform(.changeTodo(.rename(todoId: packing, subtaskId: nil, title: "Suitcase")))
        XCTAssertEqual(undid(.todos), "已撤销：重命名为“Suitcase” · Ctrl-R 重做")
        XCTAssertEqual(tr.notices.journalLabel("import calendar.ics"), "导入 calendar.ics")
        XCTAssertEqual(tr.notices.journalLabel("sync home"), "同步 home", "a sync run's entry (issue 21)")
        XCTAssertEqual(tr.notices.journalLabel("sync home: keep server"), "同步 home：采用服务器版本")
        XCTAssertEqual(tr.notices.journalLabel("sync home: keep both"), "同步 home：两者都保留")
        XCTAssertEqual(tr.notices.journalLabel("something “odd” else"), "something “odd” else", "an unknown shape is shown as it is")
    }

    /// The `/provider` and `/model` lists say what a provider needs and what a model costs in
    /// the interface's language (key variable names and prices stay as they are).
    func testTheProviderAndModelListsAreInChinese() {
        Strings.use(.simplifiedChinese)
        let switcher = ProviderSwitcher(config: AppConfig(), flags: ProviderFlags(), environment: ["OPENAI_API_KEY": "sk-test"], cacheFolder: "/tmp")
        let details = Dictionary(uniqueKeysWithValues: switcher.providerItems().map { ($0.id, $0) })
        XCTAssertEqual(details["offline"]?.label, "离线助手")
        XCTAssertEqual(details["offline"]?.detail, "内置，无需网络")
        XCTAssertEqual(details["openai"]?.detail, "已设置密钥")
        XCTAssertEqual(details["ollama"]?.detail, "本地服务器")
        XCTAssertTrue(details["anthropic"]?.detail.hasPrefix("需要 ANTHROPIC_API_KEY") == true, details["anthropic"]?.detail ?? "")
        let prices = ProviderSwitcher.catalogItems(.openai, words: tr.notices).map(\.detail)
        XCTAssertFalse(prices.isEmpty)
        XCTAssertTrue(prices.allSatisfy { $0.hasPrefix("每百万 token $") || $0 == "免费" }, "\(prices)")
        XCTAssertEqual(tr.notices.builtInList(nil), "内置列表：在线列表不可用。")
    }

    func testTheThemeListSaysInUseInChinese() throws {
        let app = try AppTestHarness().app
        Strings.use(.simplifiedChinese)
        app.perform(.openThemePicker)
        let details = try XCTUnwrap(app.state[overlay: Picker.self]?.items).map(\.detail).filter { !$0.isEmpty }
        XCTAssertEqual(details, ["使用中"])
    }

    /// A theme that does not load, and a key refused while the other settings were saved.
    func testTheThemeAndKeyFailuresAreInChinese() throws {
        let app = try AppTestHarness().app
        Strings.use(.simplifiedChinese)
        app.perform(.switchTheme("no-such-theme"))
        XCTAssertTrue(app.state.notice?.text.contains("继续使用 dark") == true, app.state.notice?.text ?? "no notice")
        XCTAssertFalse(app.state.notice?.text.contains("keeping") == true)

        var state = app.state
        state[overlay: SettingsScreen.self] = SettingsScreen(SettingsValues(), themes: ["dark"], storedKeys: [:])
        _ = update(&state, .settingsSaved(text: "✗", ok: false, keyRejected: true, keySaved: false))
        XCTAssertEqual(state[overlay: SettingsScreen.self]?.form.status, "其他设置已保存，密钥未保存。")
    }
}
