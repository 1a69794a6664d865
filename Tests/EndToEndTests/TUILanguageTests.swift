import Foundation
import XCTest
import Core
import Storage

/// The real binary in tmux for a person whose locale is Chinese: the interface speaks Simplified
/// Chinese even where that locale is not installed, and the Offline assistant understands a
/// Chinese request and answers in Chinese.
final class TUILanguageTests: HomeFolderTestCase {
    func testAChineseLocaleGetsTheChineseInterfaceAndAChineseAnswer() throws {
        let session = TmuxSession(home: home)
        try session.start(environment: ["LANG": "zh_CN.UTF-8"])
        let first = session.waitFor(text: "欢迎使用 AI Helper")
        for words in ["对话", "任务", "待办", "试试这些", "离线助手"] { XCTAssertTrue(first.contains(words), "\(words):\n\(first)") }

        try session.type("明天下午5点提醒我给妈妈打电话")
        try session.press("Enter")
        let answered = session.waitFor("the Chinese answer and the task on tomorrow's list") {
            $0.contains("已创建任务") && $0.contains("给妈妈打电话") && $0.contains("17:00")
        }
        XCTAssertTrue(answered.contains("✓ create_task"), answered)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(), "Ctrl-Q quits")

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let task = try XCTUnwrap(try db.findTasks(matching: "给妈妈打电话", includeCompleted: true).first)
        XCTAssertEqual(task.dueDate, CivilDate.today().adding(days: 1))
        XCTAssertEqual(task.dueTime, TimeOfDay(hour: 17, minute: 0))
    }

    /// The settings' Language switches what is already on the screen too: the Todos' section
    /// header (built when the todos loaded) and the step line under the answer (stored in English).
    func testSwitchingTheLanguageInTheSettingsRedrawsTheTodosAndTheStepsAtOnce() throws {
        let session = TmuxSession(home: home)
        try session.start(environment: ["LANG": "C.UTF-8"])
        session.waitFor(text: "Welcome to AI Helper")
        try session.type("make a shopping list: eggs, milk")
        try session.press("Enter")
        session.waitFor("the list in Todos") { $0.contains("In Progress · 1") && $0.contains("✓ result") }

        try session.press("F2")
        session.waitFor(text: "Language")
        for _ in 0..<14 { try session.press("Down") }   // to Language
        try session.press("Right", "Right")
        session.waitFor(text: "zh-Hans")
        try session.press("Enter")
        let chinese = session.waitFor("the saved settings in Chinese") { $0.contains("设置已保存") }
        XCTAssertTrue(chinese.contains("进行中 · 1") && chinese.contains("✓ 结果"), chinese)
        XCTAssertFalse(chinese.contains("In Progress") || chinese.contains("✓ result"), chinese)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
