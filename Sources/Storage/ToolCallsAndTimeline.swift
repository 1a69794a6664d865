import Foundation
import GRDB
import Core

/// The tool calls and Reason-Act steps of a turn, stored with the assistant message that made them.
extension AppDatabase {
    public func insertToolCall(_ call: ToolCallRecord) throws -> ToolCallRecord { try inserted(call) }

    public func updateToolCall(_ call: ToolCallRecord) throws {
        try pool.write { db in try call.update(db) }
    }

    /// In the order they were made.
    public func toolCalls(messageId: Int64) throws -> [ToolCallRecord] {
        try pool.read { db in
            try ToolCallRecord.filter(Column("messageId") == messageId).order(Column("id")).fetchAll(db)
        }
    }

    public func insertTimelineStep(_ step: TimelineStep) throws -> TimelineStep { try inserted(step) }

    public func updateTimelineStep(_ step: TimelineStep) throws {
        try pool.write { db in try step.update(db) }
    }

    /// The steps of several messages at once (one query), each list ordered by position.
    /// Messages without steps are absent from the result.
    public func timelineSteps(messageIds: [Int64]) throws -> [Int64: [TimelineStep]] {
        guard !messageIds.isEmpty else { return [:] }
        let steps = try pool.read { db in
            try TimelineStep.filter(messageIds.contains(Column("messageId")))
                .order(Column("messageId"), Column("position"), Column("id"))
                .fetchAll(db)
        }
        return Dictionary(grouping: steps, by: \.messageId)
    }
}
