import Foundation
import TestSupport
@testable import Sync

// The two-device scenarios of VdirSyncTests and ConflictSyncTests (create, edit, complete,
// delete, subtask trees and their order, a series with a moved occurrence, contacts, conflicts
// under each policy, a 412 on push) run again through a real server: each class starts one
// server, and each test makes its own calendar, task list and address book on it.
// Each test is named again here because test discovery on Linux lists only the methods a class
// declares itself, not inherited ones.

final class RadicaleSyncTests: VdirSyncTests {
    override class var server: SharedDAVServer? { radicale }
    override func testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() async throws { try await super.testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() }
    override func testASubtaskTreeAndItsOrderSync() async throws { try await super.testASubtaskTreeAndItsOrderSync() }
    override func testAChildArrivingBeforeItsParentBecomesItsSubtask() async throws { try await super.testAChildArrivingBeforeItsParentBecomesItsSubtask() }
    override func testMovesBetweenParentsSync() async throws { try await super.testMovesBetweenParentsSync() }
    override func testContactsSync() async throws { try await super.testContactsSync() }
    override func testASeriesWithAMovedOccurrenceSyncsAsOneItem() async throws { try await super.testASeriesWithAMovedOccurrenceSyncsAsOneItem() }
}

final class XandikosSyncTests: VdirSyncTests {
    override class var server: SharedDAVServer? { xandikos }
    override func testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() async throws { try await super.testATaskIsCreatedEditedCompletedAndDeletedOnBothSides() }
    override func testASubtaskTreeAndItsOrderSync() async throws { try await super.testASubtaskTreeAndItsOrderSync() }
    override func testAChildArrivingBeforeItsParentBecomesItsSubtask() async throws { try await super.testAChildArrivingBeforeItsParentBecomesItsSubtask() }
    override func testMovesBetweenParentsSync() async throws { try await super.testMovesBetweenParentsSync() }
    override func testContactsSync() async throws { try await super.testContactsSync() }
    override func testASeriesWithAMovedOccurrenceSyncsAsOneItem() async throws { try await super.testASeriesWithAMovedOccurrenceSyncsAsOneItem() }
}

final class RadicaleConflictSyncTests: ConflictSyncTests {
    override class var server: SharedDAVServer? { radicale }
    override func testEditsOfDifferentFieldsMergeSilently() async throws { try await super.testEditsOfDifferentFieldsMergeSilently() }
    override func testServerWins() async throws { try await super.testServerWins() }
    override func testLocalWins() async throws { try await super.testLocalWins() }
    override func testAskKeepsBothUntilASideIsPicked() async throws { try await super.testAskKeepsBothUntilASideIsPicked() }
    override func testDeletingAnItemInConflictKeepsTheServersVersion() async throws { try await super.testDeletingAnItemInConflictKeepsTheServersVersion() }
    override func testDeleteVersusEditKeepsTheEdit() async throws { try await super.testDeleteVersusEditKeepsTheEdit() }
    override func testAPreconditionFailureOnPushMerges() async throws { try await super.testAPreconditionFailureOnPushMerges() }
}

final class XandikosConflictSyncTests: ConflictSyncTests {
    override class var server: SharedDAVServer? { xandikos }
    override func testEditsOfDifferentFieldsMergeSilently() async throws { try await super.testEditsOfDifferentFieldsMergeSilently() }
    override func testServerWins() async throws { try await super.testServerWins() }
    override func testLocalWins() async throws { try await super.testLocalWins() }
    override func testAskKeepsBothUntilASideIsPicked() async throws { try await super.testAskKeepsBothUntilASideIsPicked() }
    override func testDeletingAnItemInConflictKeepsTheServersVersion() async throws { try await super.testDeletingAnItemInConflictKeepsTheServersVersion() }
    override func testDeleteVersusEditKeepsTheEdit() async throws { try await super.testDeleteVersusEditKeepsTheEdit() }
    override func testAPreconditionFailureOnPushMerges() async throws { try await super.testAPreconditionFailureOnPushMerges() }
}
