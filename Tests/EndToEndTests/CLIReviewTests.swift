import Foundation
import XCTest
import Core
import Storage

/// `aihelper review`: the real binary over a database with finished work and a summary.
final class CLIReviewTests: HomeFolderTestCase {
    func testWeekReviewRollsUpCompletedWorkAndSummariesAsJSONAndText() throws {
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let task = try db.insertTask(TaskItem(title: "Dentist", dueDate: CivilDate.today()))
        try db.setTaskCompleted(id: task.id!, true)
        _ = try db.insertTask(TaskItem(title: "Still open", dueDate: CivilDate.today()))
        let todo = try db.insertTodo(title: "Passport photo", afterPosition: nil)
        try db.setTodoCompleted(id: todo.id!, true, includingSubtasks: true)
        let conversation = try db.createConversation()
        try db.saveSummary(Summary(title: "Trip", keyInsights: ["Tuesday is cheaper"], mainThemes: ["travel"], actionItems: ["Book the flight"]),
                           conversationId: conversation.id!, messageId: nil, kind: .manual, coversThroughId: 1)

        let json = try CLIRunner(home: home).run(["review", "--week", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let review = try XCTUnwrap(Summary(jsonText: json.out), json.out)
        XCTAssertTrue(review.title.hasPrefix("Review of the week: "), review.title)
        XCTAssertEqual(review.keyInsights, ["Completed 1 task: Dentist", "Completed 1 todo: Passport photo", "Trip: Tuesday is cheaper"])
        XCTAssertEqual(review.mainThemes, ["travel"])
        XCTAssertEqual(review.actionItems, ["Book the flight"])

        let text = try CLIRunner(home: home).run(["review"])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.hasPrefix("Review of the day: \(CivilDate.today().iso)"), text.out)
        XCTAssertTrue(text.out.contains("Action items:\n☐ Book the flight"), text.out)

        let both = try CLIRunner(home: home).run(["review", "--day", "--month"])
        XCTAssertEqual(both.status, 64, "one period at a time (ArgumentParser's usage error)")
        XCTAssertTrue(both.err.contains("had already been set"), both.err)
    }
}
