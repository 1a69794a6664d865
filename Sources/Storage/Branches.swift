import Foundation
import GRDB
import Core

/// Where a user message sits among its siblings (edits of the same message): `‹ 2/3 ›`.
public struct BranchPosition: Equatable, Sendable {
    /// The siblings' ids, oldest first; the first is the message that was edited.
    public var siblings: [Int64]
    public var index: Int
    public init(siblings: [Int64], index: Int) { self.siblings = siblings; self.index = index }
}

/// Branches of a conversation (see `Schema.addBranchesAndSummaries`). Only the last user
/// message is edited, so a branch is that message and everything after it: editing hides
/// the active tail under its first message and writes the new message as a sibling;
/// switching hides the active tail again and shows the chosen sibling's.
extension AppDatabase {
    /// Hides the active branch from `userMessageId` on and writes `text` as its new sibling,
    /// in one transaction. Returns the new user message.
    public func branchEdit(of userMessageId: Int64, text: String) throws -> Message {
        try pool.write { db in
            guard let original = try Message.fetchOne(db, key: userMessageId) else { throw StorageError.missingMessage(userMessageId) }
            guard original.role == .user else {
                throw StorageError(kind: .other, path: "", message: "Only your own messages can be edited: select one of yours and press e.")
            }
            let group = try Self.group(of: userMessageId, db)
            try Self.hideActiveTail(conversationId: original.conversationId, group: group, db)
            var edited = Message(conversationId: original.conversationId, role: .user, content: text)
            try edited.insert(db)
            try db.execute(sql: "UPDATE message SET variantOf = ? WHERE id = ?", arguments: [group, edited.id])
            // The new version keeps the original's pictures: an edit (or a retry) changes the words.
            try db.execute(sql: """
                INSERT INTO messageImage (messageId, position, imageHash, fileName)
                SELECT ?, position, imageHash, fileName FROM messageImage WHERE messageId = ?
                """, arguments: [edited.id, userMessageId])
            try Self.touchConversation(id: original.conversationId, db)
            return edited
        }
    }

    /// Shows the branch that starts at `userMessageId` (a sibling of the active one) instead.
    public func switchBranch(to userMessageId: Int64) throws {
        try pool.write { db in
            guard let target = try Message.fetchOne(db, key: userMessageId) else { throw StorageError.missingMessage(userMessageId) }
            try Self.show(userMessageId, conversationId: target.conversationId, db)
            try Self.touchConversation(id: target.conversationId, db)
        }
    }

    private static func group(of id: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT variantOf FROM message WHERE id = ?", arguments: [id]) ?? id
    }

    private static func show(_ userMessageId: Int64, conversationId: Int64, _ db: Database) throws {
        try hideActiveTail(conversationId: conversationId, group: group(of: userMessageId, db), db)
        try db.execute(sql: "UPDATE message SET hiddenInBranch = NULL WHERE hiddenInBranch = ?", arguments: [userMessageId])
    }

    /// The active tail of `group`: every shown message from its first sibling on. It is
    /// tagged with the sibling that starts it, so switching back shows exactly it again.
    private static func hideActiveTail(conversationId: Int64, group: Int64, _ db: Database) throws {
        let active = try Int64.fetchOne(db, sql: """
            SELECT id FROM message WHERE conversationId = ? AND hiddenInBranch IS NULL AND (id = ? OR variantOf = ?)
            ORDER BY id DESC LIMIT 1
            """, arguments: [conversationId, group, group])
        guard let active else { return }
        try db.execute(sql: """
            UPDATE message SET hiddenInBranch = ? WHERE conversationId = ? AND hiddenInBranch IS NULL AND id >= ?
            """, arguments: [active, conversationId, group])
    }

    /// The sibling positions of those of `userMessageIds` that have siblings (one query by
    /// the partial index: nothing to read in a conversation that was never edited).
    public func branchPositions(of userMessageIds: [Int64]) throws -> [Int64: BranchPosition] {
        guard !userMessageIds.isEmpty else { return [:] }
        return try pool.read { db in
            let marks = databaseQuestionMarks(count: userMessageIds.count)
            // The groups the messages are in (as a later sibling, or as the first one)...
            let groupIds = try Int64.fetchSet(db, sql: """
                SELECT variantOf FROM message WHERE variantOf IS NOT NULL
                  AND (id IN (\(marks)) OR variantOf IN (\(marks)))
                """, arguments: StatementArguments(userMessageIds + userMessageIds))
            guard !groupIds.isEmpty else { return [:] }
            // ...and every sibling of those groups that still exists.
            let groupMarks = databaseQuestionMarks(count: groupIds.count)
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, COALESCE(variantOf, id) AS groupId FROM message
                WHERE (variantOf IS NOT NULL AND variantOf IN (\(groupMarks))) OR id IN (\(groupMarks))
                """, arguments: StatementArguments(Array(groupIds) + Array(groupIds)))
            var groups: [Int64: Set<Int64>] = [:]
            for row in rows {
                let id: Int64 = row["id"], group: Int64 = row["groupId"]
                groups[group, default: []].insert(id)
            }
            var positions: [Int64: BranchPosition] = [:]
            for members in groups.values where members.count > 1 {
                let siblings = members.sorted()
                for id in userMessageIds {
                    if let i = siblings.firstIndex(of: id) { positions[id] = BranchPosition(siblings: siblings, index: i) }
                }
            }
            return positions
        }
    }

    /// Deletes one message (its tool calls and steps go with it). A shown version of a
    /// message that has others goes with its branch, and a sibling is shown in its place, so
    /// the other versions stay reachable.
    public func deleteMessage(id: Int64) throws {
        try pool.write { db in
            guard let message = try Message.fetchOne(db, key: id) else { return }
            let group = try Self.group(of: id, db)
            let siblings = try Int64.fetchAll(db, sql: """
                SELECT id FROM message WHERE (id = ? OR variantOf = ?) AND id != ? ORDER BY id
                """, arguments: [group, group, id])
            let shown = try Bool.fetchOne(db, sql: "SELECT hiddenInBranch IS NULL FROM message WHERE id = ?", arguments: [id]) ?? false
            if shown, let other = siblings.last(where: { $0 < id }) ?? siblings.first {
                try Self.show(other, conversationId: message.conversationId, db)
            }
            try db.execute(sql: "DELETE FROM message WHERE hiddenInBranch = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [id])
        }
    }
}

extension StorageError {
    static func missingMessage(_ id: Int64) -> StorageError {
        StorageError(kind: .other, path: "", message: "Message \(id) is no longer in the database (deleted elsewhere?). Reopen the conversation.")
    }
}
