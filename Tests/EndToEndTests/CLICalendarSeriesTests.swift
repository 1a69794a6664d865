import Foundation
import XCTest

/// Issue 21 through the real binary: a rule the expander cannot read is imported (never an
/// error), listed as "repeats (rule kept as is)" on its first day and exported as it came; a
/// series' moved occurrence is listed on its new day and time with its own title, and exported
/// with its series.
final class CLICalendarSeriesTests: HomeFolderTestCase {
    private var cli: CLIRunner { CLIRunner(home: home) }

    func testKeptRulesAndMovedOccurrencesThroughImportTasksAndExport() throws {
        let file = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
            BEGIN:VEVENT\r\nUID:hourly\r\nSUMMARY:Hourly check\r\nDTSTART:20261201T090000\r\nRRULE:FREQ=HOURLY;INTERVAL=4;COUNT=5\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:weekno\r\nSUMMARY:Week ten\r\nDTSTART;VALUE=DATE:20261201\r\nRRULE:FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup\r\nDTSTART:20261201T090000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup (moved)\r\nRECURRENCE-ID:20261202T090000Z\r\nDTSTART:20261203T150000Z\r\nEND:VEVENT\r\n\
            END:VCALENDAR\r\n
            """
        try file.write(toFile: home + "/in.ics", atomically: true, encoding: .utf8)
        let env = ["TZ": "UTC"]
        let imported = try cli.run(["import", home + "/in.ics"], environment: env)
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.out.contains("Imported 3 tasks"), imported.out)

        let first = try cli.run(["tasks", "--date", "2026-12-01"], environment: env)
        XCTAssertTrue(first.out.contains("09:00 Hourly check ↻ repeats (rule kept as is)"), first.out)
        XCTAssertTrue(first.out.contains("all day Week ten ↻ repeats (rule kept as is)"), first.out)
        XCTAssertTrue(first.out.contains("09:00 Standup") && !first.out.contains("Standup ↻"), first.out)
        XCTAssertFalse(try cli.run(["tasks", "--date", "2026-12-02"], environment: env).out.contains("Standup"), "moved away")
        let third = try cli.run(["tasks", "--date", "2026-12-03"], environment: env).out
        XCTAssertTrue(third.contains("09:00 Standup #") && third.contains("15:00 Standup (moved) #"),
                      "its own and the moved one, with the override's title: \(third)")

        let exported = try cli.run(["export", "--ics", home + "/out.ics"], environment: env)
        XCTAssertEqual(exported.status, 0, exported.err)
        let out = try String(contentsOfFile: home + "/out.ics", encoding: .utf8)
        for line in ["RRULE:FREQ=HOURLY;INTERVAL=4;COUNT=5", "RRULE:FREQ=YEARLY;BYWEEKNO=10;BYDAY=MO", "DTSTART:20261201T090000Z",
                     "RECURRENCE-ID:20261202T090000Z", "DTSTART:20261203T150000Z", "SUMMARY:Standup (moved)"] {
            XCTAssertTrue(out.contains("\r\n" + line + "\r\n"), line + " in:\n" + out)
        }
        XCTAssertFalse(out.contains("X-AIHELPER-MOVED"), out)
    }
}
