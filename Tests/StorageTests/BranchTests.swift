import XCTest
import GRDB
import Core
@testable import Storage

/// Branches (edit-and-resend) and stored summaries, on a real SQLite file.
final class BranchTests: XCTestCase {
    private var db: AppDatabase!
    private var conversation: Int64!

    override func setUpWithError() throws {
        db = try AppDatabase.temporary()
        conversation = try db.createConversation().id!
    }

    @discardableResult
    private func add(_ role: Role, _ text: String) throws -> Message {
        try db.appendMessage(Message(conversationId: conversation, role: role, content: text))
    }

    private func shown() throws -> [String] {
        try db.recentMessages(conversationId: conversation, limit: 100).map(\.content)
    }

    func testEditHidesTheOldTailAndSwitchingBringsItBack() throws {
        try add(.user, "q1"); try add(.assistant, "a1")
        let q2 = try add(.user, "q2"); try add(.assistant, "a2")

        let edited = try db.branchEdit(of: q2.id!, text: "q2 edited")
        try add(.assistant, "a2 edited")
        XCTAssertEqual(try shown(), ["q1", "a1", "q2 edited", "a2 edited"])
        XCTAssertEqual(try db.messageCount(conversationId: conversation), 4, "hidden messages are not counted")
        XCTAssertEqual(try db.messages(conversationId: conversation).count, 6, "but kept")

        let positions = try db.branchPositions(of: [edited.id!])
        XCTAssertEqual(positions[edited.id!], BranchPosition(siblings: [q2.id!, edited.id!], index: 1))

        try db.switchBranch(to: q2.id!)
        XCTAssertEqual(try shown(), ["q1", "a1", "q2", "a2"])
        XCTAssertEqual(try db.branchPositions(of: [q2.id!])[q2.id!]?.index, 0)

        try db.switchBranch(to: edited.id!)
        XCTAssertEqual(try shown(), ["q1", "a1", "q2 edited", "a2 edited"])
    }

    func testEditingAnEditMakesAThirdSiblingAndEachBranchKeepsItsOwnContinuation() throws {
        let q = try add(.user, "q"); try add(.assistant, "a")
        let second = try db.branchEdit(of: q.id!, text: "q v2"); try add(.assistant, "a v2")
        try add(.user, "follow-up on v2"); try add(.assistant, "answer on v2")
        // Editing the follow-up nests a group inside the second branch.
        let followUp = try db.recentMessages(conversationId: conversation, limit: 2).first!
        _ = try db.branchEdit(of: followUp.id!, text: "follow-up edited"); try add(.assistant, "answer edited")
        // Switch the outer group to the first version, then to a third.
        try db.switchBranch(to: q.id!)
        XCTAssertEqual(try shown(), ["q", "a"])
        let third = try db.branchEdit(of: q.id!, text: "q v3"); try add(.assistant, "a v3")
        XCTAssertEqual(try db.branchPositions(of: [third.id!])[third.id!], BranchPosition(siblings: [q.id!, second.id!, third.id!], index: 2))

        try db.switchBranch(to: second.id!)
        XCTAssertEqual(try shown(), ["q v2", "a v2", "follow-up edited", "answer edited"], "the second branch comes back as it was left")
        try db.switchBranch(to: followUp.id!)
        XCTAssertEqual(try shown(), ["q v2", "a v2", "follow-up on v2", "answer on v2"])
    }

    func testAConversationNeverEditedHasNoBranchColumnsSetAndNoPositions() throws {
        let q = try add(.user, "q"); try add(.assistant, "a")
        XCTAssertEqual(try db.branchPositions(of: [q.id!]), [:])
        let set = try db.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM message WHERE variantOf IS NOT NULL OR hiddenInBranch IS NOT NULL") }
        XCTAssertEqual(set, 0)
        // The window is still read newest first by the conversation's index.
        let plan = try db.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM message WHERE conversationId = 1 AND hiddenInBranch IS NULL AND id <= 9 ORDER BY id DESC LIMIT 200")
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("message_on_conversationId_id"), plan)
    }

    func testEditingSomethingThatIsNotAUserMessageFailsAndChangesNothing() throws {
        try add(.user, "q")
        let a = try add(.assistant, "a")
        XCTAssertThrowsError(try db.branchEdit(of: a.id!, text: "x")) { XCTAssertTrue("\($0)".contains("Only your own messages"), "\($0)") }
        XCTAssertEqual(try shown(), ["q", "a"])
    }

    func testDeleteRemovesTheMessageWithItsSteps() throws {
        try add(.user, "q")
        let a = try add(.assistant, "a")
        try db.pool.write { db in
            var step = TimelineStep(messageId: a.id!, position: 0, kind: .toolCall, title: "t")
            try step.insert(db)
        }
        try db.deleteMessage(id: a.id!)
        XCTAssertEqual(try shown(), ["q"])
        XCTAssertEqual(try db.timelineSteps(messageIds: [a.id!])[a.id!] ?? [], [])
    }

    func testDeletingAShownVersionDeletesItsBranchAndShowsAnother() throws {
        let q = try add(.user, "q"); try add(.assistant, "a")
        let v2 = try db.branchEdit(of: q.id!, text: "q v2"); try add(.assistant, "a v2")
        try db.deleteMessage(id: v2.id!)
        XCTAssertEqual(try shown(), ["q", "a"], "the first version comes back; v2's answer went with it")
        XCTAssertEqual(try db.messages(conversationId: conversation).count, 2, "v2 and its answer are gone, q and its answer stay")
        XCTAssertEqual(try db.branchPositions(of: [q.id!]), [:], "one version left: no marker")

        let v3 = try db.branchEdit(of: q.id!, text: "q v3"); try add(.assistant, "a v3")
        try db.switchBranch(to: q.id!)
        try db.deleteMessage(id: q.id!)
        XCTAssertEqual(try shown(), ["q v3", "a v3"], "deleting the first version shows a later one")
        XCTAssertEqual(try db.branchPositions(of: [v3.id!]), [:], "the deleted first version is not counted")
    }

    func testSummariesAreStoredAndFoundByMessageByConversationAndByPeriod() throws {
        try add(.user, "q")
        let answer = try add(.assistant, "summary")
        let summary = Summary(title: "Trip", keyInsights: ["Book early"], mainThemes: ["travel"], thoughtProcess: "Planned.", actionItems: ["Buy tickets"])
        let day = Date(timeIntervalSince1970: 1_795_428_000)
        try db.saveSummary(summary, conversationId: conversation, messageId: answer.id, kind: .manual, coversThroughId: answer.id! - 1, at: day)
        try db.saveSummary(Summary(title: "old part"), conversationId: conversation, messageId: nil, kind: .auto, coversThroughId: 5, at: day)
        try db.saveSummary(Summary(title: "newer part"), conversationId: conversation, messageId: nil, kind: .auto, coversThroughId: 9, at: day)

        XCTAssertEqual(try db.summaries(shownBy: [answer.id!])[answer.id!]?.summary, summary)
        XCTAssertEqual(try db.latestAutoSummary(conversationId: conversation)?.summary.title, "newer part")
        XCTAssertEqual(try db.summaries(from: day, to: day.addingTimeInterval(1)).count, 3)
        XCTAssertEqual(try db.summaries(from: day.addingTimeInterval(1), to: day.addingTimeInterval(86_400)).count, 0)
        try db.deleteConversation(id: conversation)
        XCTAssertEqual(try db.summaries(from: day, to: day.addingTimeInterval(1)).count, 0, "they go with their conversation")
    }
}

/// Search and opening a conversation at a message see the branch that is shown, not the hidden ones.
final class BranchVisibilityTests: XCTestCase {
    func testSearchAndTheWindowAroundAHitLeaveHiddenBranchesOut() throws {
        let db = try AppDatabase.temporary()
        let conversation = try db.createConversation().id!
        func add(_ role: Role, _ text: String) throws -> Message {
            try db.appendMessage(Message(conversationId: conversation, role: role, content: text))
        }
        let q1 = try add(.user, "plan the zeppelin trip")
        _ = try add(.assistant, "zeppelin tours leave at noon")
        let edited = try db.branchEdit(of: q1.id!, text: "plan the balloon trip")
        _ = try add(.assistant, "balloon rides start at dawn")

        XCTAssertEqual(try db.search("zeppelin").count, 0, "the hidden branch is not found")
        XCTAssertEqual(try db.search("balloon").count, 2)
        let window = try db.messages(conversationId: conversation, from: edited.id!, context: 20, minimum: 200)
        XCTAssertEqual(window.map(\.content), ["plan the balloon trip", "balloon rides start at dawn"])

        try db.switchBranch(to: q1.id!)
        XCTAssertEqual(try db.search("zeppelin").count, 2, "switching back makes it findable again")
        XCTAssertEqual(try db.search("balloon").count, 0)
    }
}
