import XCTest
import Core
@testable import Providers

/// A repeat said in a sentence (`aihelper add`, the Offline assistant): found by
/// `RecurrencePhrases` before the date phrases, taken out of the title, and sent as `repeat`.
/// Now is Monday 2026-11-23 10:00 UTC.
final class RepeatSentenceTests: XCTestCase {
    private struct Row {
        let sentence: String, title: String, date: String?, time: String?, rule: String?
        init(_ sentence: String, _ title: String, _ date: String?, _ time: String?, _ rule: String?) {
            self.sentence = sentence; self.title = title; self.date = date; self.time = time; self.rule = rule
        }
    }

    private let weekdays = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

    func testSentencesToTitleDateTimeAndRule() throws {
        let rows = [
            // The two: a one-off titled "Standup every weekday" before.
            Row("standup every weekday at 9:30", "Standup", "2026-11-24", "09:30", weekdays),
            Row("add a task gym every weekday at 7am", "Gym", "2026-11-24", "07:00", weekdays),
            Row("gym on weekdays at 7pm", "Gym", "2026-11-23", "19:00", weekdays),
            Row("call mom daily", "Call mom", nil, nil, "FREQ=DAILY"),
            Row("stretch every day until friday", "Stretch", nil, nil, "FREQ=DAILY;UNTIL=20261127"),
            Row("take pills daily at 8pm 10 times", "Take pills", "2026-11-23", "20:00", "FREQ=DAILY;COUNT=10"),
            Row("remind me to call mom every sunday at 6pm", "Call mom", "2026-11-23", "18:00", "FREQ=WEEKLY;BYDAY=SU"),
            Row("yoga every tuesday and thursday", "Yoga", nil, nil, "FREQ=WEEKLY;BYDAY=TU,TH"),
            Row("yoga every tue & thu at 6pm", "Yoga", "2026-11-23", "18:00", "FREQ=WEEKLY;BYDAY=TU,TH"),
            Row("call grandma every week", "Call grandma", nil, nil, "FREQ=WEEKLY"),
            Row("team sync weekly", "Team sync", nil, nil, "FREQ=WEEKLY"),
            Row("water plants every 2 weeks until 2027-03-01", "Water plants", nil, nil, "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270301"),
            Row("pay rent monthly", "Pay rent", nil, nil, "FREQ=MONTHLY"),
            Row("pay rent every month on the 1st", "Pay rent", nil, nil, "FREQ=MONTHLY;BYMONTHDAY=1"),
            Row("review monthly on the last friday", "Review", nil, nil, "FREQ=MONTHLY;BYDAY=-1FR"),
            Row("renew insurance yearly", "Renew insurance", nil, nil, "FREQ=YEARLY"),
            Row("backup every year on jan 5", "Backup", "2027-01-05", nil, "FREQ=YEARLY"),
            // The end said after the time is the series' end, not the task's day.
            Row("standup every weekday at 9:30 until 2027-01-31", "Standup", "2026-11-24", "09:30", "FREQ=WEEKLY;UNTIL=20270131;BYDAY=MO,TU,WE,TH,FR"),
            // A part of the day said with it gives the time, and puts an hour on its side of noon.
            Row("take out the trash every tuesday evening", "Take out the trash", "2026-11-23", "18:00", "FREQ=WEEKLY;BYDAY=TU"),
            Row("take pills every morning", "Take pills", "2026-11-24", "09:00", "FREQ=DAILY"),
            Row("take pills every evening at 7", "Take pills", "2026-11-23", "19:00", "FREQ=DAILY"),
            Row("walk every night until friday", "Walk", "2026-11-23", "20:00", "FREQ=DAILY;UNTIL=20261127"),
            // No repeat: "every" before something that is no cadence, a weekday on its own.
            Row("read every chapter tomorrow", "Read every chapter", "2026-11-24", nil, nil),
            // A lone cadence word before a noun names a kind of thing: no repeat, kept in the title.
            Row("submit the weekly report on friday", "Submit the weekly report", "2026-11-27", nil, nil),
            Row("the daily mail renewal tomorrow", "The daily mail renewal", "2026-11-24", nil, nil),
            Row("pay rent monthly on the 1st", "Pay rent", nil, nil, "FREQ=MONTHLY;BYMONTHDAY=1"),
            Row("stretch daily at 7am", "Stretch", "2026-11-24", "07:00", "FREQ=DAILY"),
            Row("meeting on monday", "Meeting", "2026-11-30", nil, nil),
            Row("dentist friday 9am", "Dentist", "2026-11-27", "09:00", nil),
            // Issue 17's own sentences, and more a person says.
            Row("remind me to water the plants every monday at 8am", "Water the plants", "2026-11-24", "08:00", "FREQ=WEEKLY;BYDAY=MO"),
            Row("pay rent every month on the 15th", "Pay rent", nil, nil, "FREQ=MONTHLY;BYMONTHDAY=15"),
            Row("standup every weekday at 10:30", "Standup", "2026-11-23", "10:30", weekdays),
            Row("call dad every saturday", "Call dad", nil, nil, "FREQ=WEEKLY;BYDAY=SA"),
            Row("clean the kitchen every 3 days", "Clean the kitchen", nil, nil, "FREQ=DAILY;INTERVAL=3"),
            Row("check the mail every weekday", "Check the mail", nil, nil, weekdays),
            Row("dentist checkup every 6 months", "Dentist checkup", nil, nil, "FREQ=MONTHLY;INTERVAL=6"),
            Row("book club every first thursday", "Book club", nil, nil, "FREQ=MONTHLY;BYDAY=1TH"),
            Row("team lunch every last friday of the month at noon", "Team lunch", "2026-11-23", "12:00", "FREQ=MONTHLY;BYDAY=-1FR"),
        ]
        for row in rows {
            // As `aihelper add` reads its words: a task whatever they start with.
            let recognizer = IntentRecognizer()
            let draft = try XCTUnwrap(recognizer.taskDraft(row.sentence, now: offlineNow, timeZone: utc)
                ?? recognizer.taskDraft("remind me to " + row.sentence, now: offlineNow, timeZone: utc), row.sentence)
            let got = [draft.title, draft.date?.iso ?? "-", draft.time?.hhmm ?? "-", draft.recurrence?.text ?? "-"]
            XCTAssertEqual(got, [row.title, row.date ?? "-", row.time ?? "-", row.rule ?? "-"], row.sentence)
        }
    }

    /// Chinese: 每天, 每个工作日, 每周一(和周四), 每两周, 每月15号, 每年, read before the day and time.
    func testChineseSentences() throws {
        let rows = [
            Row("每个工作日早上7点提醒我去健身房", "去健身房", "2026-11-24", "07:00", weekdays),
            Row("提醒我每周一和周四晚上8点打篮球", "打篮球", "2026-11-23", "20:00", "FREQ=WEEKLY;BYDAY=MO,TH"),
            Row("每天提醒我吃药", "吃药", nil, nil, "FREQ=DAILY"),
            Row("提醒我每周日给妈妈打电话", "给妈妈打电话", nil, nil, "FREQ=WEEKLY;BYDAY=SU"),
            Row("提醒我每两周打扫卫生", "打扫卫生", nil, nil, "FREQ=WEEKLY;INTERVAL=2"),
            Row("提醒我每月15号交房租", "交房租", nil, nil, "FREQ=MONTHLY;BYMONTHDAY=15"),
            Row("每年提醒我续保险", "续保险", nil, nil, "FREQ=YEARLY"),
            Row("明天下午5点提醒我给妈妈打电话", "给妈妈打电话", "2026-11-24", "17:00", nil),
            // Issue 17's own: 每周一, 每个月1号, 每个工作日; and more.
            Row("每周一早上8点提醒我浇花", "浇花", "2026-11-24", "08:00", "FREQ=WEEKLY;BYDAY=MO"),
            Row("每个月1号提醒我交房租", "交房租", nil, nil, "FREQ=MONTHLY;BYMONTHDAY=1"),
            Row("每个工作日9点半提醒我开站会", "开站会", "2026-11-24", "09:30", weekdays),
            Row("每周六提醒我给爸爸打电话", "给爸爸打电话", nil, nil, "FREQ=WEEKLY;BYDAY=SA"),
            Row("每天晚上10点提醒我睡觉", "睡觉", "2026-11-23", "22:00", "FREQ=DAILY"),
            Row("每三天提醒我打扫厨房", "打扫厨房", nil, nil, "FREQ=DAILY;INTERVAL=3"),
            Row("每周三下午3点提醒我开会", "开会", "2026-11-23", "15:00", "FREQ=WEEKLY;BYDAY=WE"),
            Row("每年1月5号提醒我备份", "备份", "2027-01-05", nil, "FREQ=YEARLY"),
        ]
        for row in rows {
            let draft = try XCTUnwrap(IntentRecognizer().taskDraft(row.sentence, now: offlineNow, timeZone: utc), row.sentence)
            let got = [draft.title, draft.date?.iso ?? "-", draft.time?.hhmm ?? "-", draft.recurrence?.text ?? "-"]
            XCTAssertEqual(got, [row.title, row.date ?? "-", row.time ?? "-", row.rule ?? "-"], row.sentence)
            if let rule = draft.recurrence {  // the reply's words read back as the same rule
                XCTAssertEqual(RecurrencePhrases.find(in: rule.chineseSummary, today: CivilDate(iso: "2026-11-23")!)?.rule, rule,
                               rule.chineseSummary)
            }
        }
    }

    /// The Offline assistant sends the repeat as RRULE text in its create_task call.
    func testTheOfflineAssistantSendsTheRepeat() async throws {
        try await assertToolCall("add a task gym every weekday at 7am", "create_task",
                                 ["title": "Gym", "date": "2026-11-24", "time": "07:00", "category": "Health",
                                  "repeat": .string(weekdays)])
        try await assertToolCall("remind me to water the plants every 3 days", "create_task",
                                 ["title": "Water the plants", "category": "Home", "repeat": "FREQ=DAILY;INTERVAL=3"])
    }

    func testTheFinderAlone() throws {
        let today = CivilDate(iso: "2026-11-23")!
        let text = "standup every weekday at 9:30 until 2027-01-31"
        let match = try XCTUnwrap(RecurrencePhrases.find(in: text, today: today))
        XCTAssertEqual(match.parts.map { String(text[$0]) }, ["every weekday", "until 2027-01-31"])
        XCTAssertEqual(RecurrencePhrases.removing(match, from: text), "standup at 9:30")
        XCTAssertNil(RecurrencePhrases.find(in: "call mom on monday at 5", today: today))
        // A series starts on its first day from the given one: Monday's "every thursday" on Thursday.
        XCTAssertEqual(RecurrenceRule.weekly(on: [.thursday]).firstDay(from: today)?.iso, "2026-11-26")
        XCTAssertNil(try RecurrenceRule.parsePhrase("daily until 2020-01-01")?.firstDay(from: today))
        // Said on a Thursday, "every other week on wednesday" starts the next Wednesday (not a
        // week later, as counting the weeks from Thursday's would).
        let thursday = CivilDate(iso: "2026-11-26")!
        XCTAssertEqual(try RecurrenceRule.parsePhrase("every other week on wednesday")?.firstDay(from: thursday)?.iso, "2026-12-02")
    }
}
