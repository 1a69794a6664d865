import XCTest
import Core
import Storage
import Sync
@testable import App

/// Issue 21: why a sync failed, and why an item was skipped, are worded in the screen's
/// language (the catalog words each kind of reason); what a server or a file said stays as it
/// came, cleaned. Runs go through the real service and engine (`SyncConnection`, a vdir folder),
/// or the service over a server that refuses the password.
final class SyncReasonLanguageTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private func state() -> AppState {
        var state = SnapshotFixture.state(width: 100, height: 30, focus: .chat)
        state.clock = Date(timeIntervalSince1970: 1_795_428_000)
        return state
    }

    private func statusLine(_ state: AppState) -> String {
        screenText(state).split(separator: "\n").last.map(String.init) ?? ""
    }

    /// The /sync view's text, with the wrapped lines joined (the box's edges taken off).
    private func syncView(_ state: AppState) -> String {
        var state = state
        _ = openSyncView(&state)
        return screenText(state).split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined()
    }

    func testAMissingFolderAndAnUnreadableItemAreSaidInChinese() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("syncreason-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/vdir/tasks", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/config.toml"
        try "[[sync.accounts]]\nname = \"home\"\nkind = \"vdir\"\npath = \"\(home)/vdir\"\ntasks = \"tasks\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let database = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let sync = SyncConnection(database: database, configPath: config)
        var state = state()
        _ = update(&state, .sync(.accountsRead(sync.accounts(), conflicts: [])))

        // An item holding a NUL byte: skipped, the run ends well; /sync lists it in Chinese.
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:nul\r\nDTSTART;VALUE=DATE:20261201\r\nSUMMARY:A \u{0} B\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
            .write(to: URL(fileURLWithPath: home + "/vdir/tasks/nul.ics"))
        var runs = await sync.run(account: nil)
        XCTAssertEqual(runs.first?.problems.map(\.reason?.code), [.unreadableFile])
        _ = update(&state, .sync(.finished(runs, conflicts: [])))
        Strings.use(.simplifiedChinese)
        var view = syncView(state)
        XCTAssertTrue(view.contains("nul.ics — 已跳过，无法读取（line 5: this line holds a NUL byte"), view)
        XCTAssertTrue(view.contains("请修正或删除文件夹中该项的文件"), view)
        Strings.use(.english)
        XCTAssertTrue(syncView(state).contains("fix or delete this item's file in the folder"), "English as before")

        // The folder gone: the run cannot start; the bar and /sync say why in Chinese.
        try FileManager.default.removeItem(atPath: home + "/vdir/tasks")
        runs = await sync.run(account: nil)
        _ = update(&state, .sync(.finished(runs, conflicts: [])))
        XCTAssertTrue(statusLine(state).contains("⚠ the folder"), statusLine(state))
        Strings.use(.simplifiedChinese)
        XCTAssertTrue(statusLine(state).contains("⚠ 文件夹不存在"), statusLine(state))
        view = syncView(state)
        XCTAssertTrue(view.contains("⚠ 文件夹不存在（\(home)/vdir/tasks）"), view)
        XCTAssertFalse(view.contains("does not exist"), view)

        // Read back from the run journal (another process's run, or the next start): the same words.
        var fresh = self.state()
        _ = update(&fresh, .sync(.accountsRead(sync.accounts(), conflicts: [])))
        XCTAssertTrue(syncView(fresh).contains("⚠ 文件夹不存在"), syncView(fresh))
    }

    func testAWrongPasswordIsSaidInChineseWithTheServersWordsAsTheyCame() async throws {
        var settings = SyncSettings(); settings.passwords = ["cloud": "pw"]
        let refused = SyncError.unauthorized("http://h/ refused user ann (HTTP 401) \u{1B}[31m")
        let backends = SyncBackends(discover: { _ in throw refused }, create: { _, _, _ in throw refused },
                                    davCollection: { _, _, _ in throw refused }, vdirCollection: { _, _ in throw refused },
                                    run: { _, account, _, _ in SyncReport(account: account, startedAt: Date(), finishedAt: Date()) },
                                    lastRun: { _, _ in nil }, openConflicts: { _, _ in 0 }, pendingChanges: { _, _ in 0 })
        var account = SyncAccount(name: "cloud", kind: .caldav)
        account.url = "http://h/"; account.user = "ann"; account.collections = [.tasks: "Work"]
        let outcome = await SyncService(backends: backends).run(account, settings: settings, database: try AppDatabase.temporary())
        var state = state()
        _ = update(&state, .sync(.accountsRead([SyncAccountSummary(name: "cloud", kind: "caldav", intervalMinutes: 5, conflicts: "ask")], conflicts: [])))
        _ = update(&state, .sync(.finished([SyncConnection.summary(outcome)], conflicts: [])))
        Strings.use(.simplifiedChinese)
        let view = syncView(state)
        XCTAssertTrue(view.contains("⚠ 用户名或密码错误（http://h/ refused user ann (HTTP 401)"), view)
        XCTAssertFalse(view.contains("wrong user or password") || view.contains("\u{1B}"), view)
        XCTAssertTrue(statusLine(state).contains("⚠ 用户名或密码"), statusLine(state))
        XCTAssertFalse(view.contains("pw）"), "no password")
    }

    /// Every kind of reason has Chinese words; English shows sync's own sentence.
    func testEveryReasonHasChineseWords() {
        for code in SyncReason.Code.allCases {
            XCTAssertNil(SyncStrings.english.reason(SyncReason(code, "x")))
            let chinese = SyncStrings.chinese.reason(SyncReason(code, "x"))
            XCTAssertTrue(chinese?.contains("（x）") == true, "\(code): \(chinese ?? "nil")")
        }
    }
}
