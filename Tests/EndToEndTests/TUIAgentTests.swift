import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// The Reason-Act loop in the full-screen app: a provider on the loopback peer calls the tools,
/// the timeline shows each step, the Tasks pane shows what changed, and a restart shows it all again.
final class TUIAgentTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try "provider = \"openai\"\nmodel = \"gpt-4.1-mini\"\n".write(toFile: home + "/config.toml", atomically: true, encoding: .utf8)
    }

    private func start() throws -> TmuxSession {
        let session = TmuxSession(home: home)
        try session.start(width: 160, height: 40, environment: ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"])
        session.waitFor("the OpenAI badge") { $0.contains(" OpenAI ") }
        return session
    }

    func testAReminderMadeByTheModelShowsInTheTimelineAndTheCalendarAndAfterARestart() throws {
        var session = try start()
        try session.type("remind me to call mom on wednesday at 5pm [script:agent:reminder]")
        try session.press("Enter")
        let done = session.waitFor("the timeline and the answer", timeout: 15) {
            $0.contains("✓ create_reminder") && $0.contains("I will remind you on Wednesday at 17:00.") && !$0.contains("Esc cancel")
        }
        XCTAssertTrue(done.contains("due_date: \"2026-11-25\""), "the call's arguments on its step:\n\(done)")
        XCTAssertTrue(done.contains("✓ result"), done)
        XCTAssertTrue(done.contains("Wed 25 November 2026"), "the Tasks pane went to the reminder's day:\n\(done)")
        XCTAssertTrue(done.contains("17:00") && done.contains("Call mom"), done)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())

        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let reminder = try XCTUnwrap(try db.reminders(list: "Reminders").first)
        XCTAssertEqual(reminder.title, "Call mom")
        XCTAssertEqual(reminder.dueTime?.hhmm, "17:00")

        session = try start()
        let reopened = session.waitFor("the same timeline after a restart") { $0.contains("✓ create_reminder") }
        XCTAssertTrue(reopened.contains("I will remind you on Wednesday at 17:00."), reopened)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }

    func testADestructiveCallWaitsForYesOnItsStep() throws {
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        _ = try db.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate(year: 2026, month: 11, day: 25)))
        let session = try start()
        try session.type("delete the dentist [script:agent:delete]")
        try session.press("Enter")
        let asking = session.waitFor("the question on the step", timeout: 15) { $0.contains("? delete_task") && $0.contains("Run it? [y] yes  [n] no") }
        XCTAssertTrue(asking.contains("[y] allow"), "the status bar asks too:\n\(asking)")
        XCTAssertEqual(try db.tasks(on: CivilDate(year: 2026, month: 11, day: 25)).count, 1, "nothing deleted before the answer")
        try session.press("y")
        session.waitFor("the step done and the answer", timeout: 15) { $0.contains("✓ delete_task") && $0.contains("Done.") && !$0.contains("Esc cancel") }
        XCTAssertEqual(try db.tasks(on: CivilDate(year: 2026, month: 11, day: 25)).count, 0)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited())
    }
}
