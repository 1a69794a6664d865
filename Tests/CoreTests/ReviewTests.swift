import XCTest
@testable import Core

/// `aihelper review`'s roll-up: the period's days, and one summary of the same schema.
final class ReviewTests: XCTestCase {
    private let wednesday = CivilDate(year: 2026, month: 11, day: 25)

    func testPeriodsEndTodayAndStartOnTheDayMondayOrTheFirst() {
        XCTAssertEqual(Review.Period.day.days(today: wednesday), wednesday...wednesday)
        XCTAssertEqual(Review.Period.week.days(today: wednesday), CivilDate(year: 2026, month: 11, day: 23)...wednesday)
        XCTAssertEqual(Review.Period.month.days(today: wednesday), CivilDate(year: 2026, month: 11, day: 1)...wednesday)
    }

    func testRollUpKeepsTheSchemaAndGathersThemesAndActionItems() {
        let trip = Summary(title: "Trip", keyInsights: ["Tuesday flights are cheaper"], mainThemes: ["Travel", "budget"],
                           actionItems: ["Book the flight", "Renew the passport"])
        let money = Summary(title: "Budget", keyInsights: [], mainThemes: ["budget"], actionItems: ["Book the flight", "Pay rent"])
        let review = Review.make(.week, days: Review.Period.week.days(today: wednesday), completedTasks: ["Dentist", "Call mom"],
                                 completedTodos: ["Passport photo"], summaries: [trip, money, Summary(title: "Notes", plainText: "We talked.")])
        XCTAssertEqual(review.title, "Review of the week: 2026-11-23 to 2026-11-25")
        XCTAssertEqual(review.keyInsights, ["Completed 2 tasks: Dentist, Call mom", "Completed 1 todo: Passport photo",
                                            "Trip: Tuesday flights are cheaper", "Budget", "Notes: We talked."])
        XCTAssertEqual(review.mainThemes, ["budget", "travel"], "most frequent first, case folded")
        XCTAssertEqual(review.actionItems, ["Book the flight", "Renew the passport", "Pay rent"], "each once")
        XCTAssertEqual(review.thoughtProcess,
                       "In this week you completed 2 tasks and 1 todo and summarized 3 conversations. The action items below come from those summaries.")
        XCTAssertEqual(Summary(jsonText: review.jsonText), review)
    }

    func testAnEmptyPeriodSaysHowToFillIt() {
        let review = Review.make(.day, days: wednesday...wednesday, completedTasks: [], completedTodos: [], summaries: [])
        XCTAssertEqual(review.title, "Review of the day: 2026-11-25")
        XCTAssertTrue(review.thoughtProcess.hasPrefix("Nothing was completed or summarized"))
        XCTAssertEqual(review.keyInsights, [])
    }
}
