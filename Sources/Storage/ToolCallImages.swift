import GRDB
import Core

extension AppDatabase {
    /// The pictures kept from the tool calls of several messages (a conversation's window):
    /// message id → call id → images in order; calls without images are absent.
    public func toolCallImages(messageIds: [Int64]) throws -> [Int64: [String: [StoredImage]]] {
        guard !messageIds.isEmpty else { return [:] }
        return try pool.read { db in
            var calls: [Int64: (messageId: Int64, callId: String)] = [:]
            try BoundIdentifiers.inParts(messageIds) { marks, arguments in
                for row in try Row.fetchAll(db, sql: """
                    SELECT t.id, t.messageId, t.callId FROM toolCall t
                    WHERE t.messageId IN (\(marks)) AND EXISTS (SELECT 1 FROM toolCallImage i WHERE i.toolCallId = t.id)
                    """, arguments: arguments) {
                    calls[row["id"]] = (row["messageId"], row["callId"])
                }
            }
            var result: [Int64: [String: [StoredImage]]] = [:]
            for (id, images) in try Self.images(owners: Array(calls.keys), table: "toolCallImage", owner: "toolCallId", db) {
                guard let call = calls[id] else { continue }
                result[call.messageId, default: [:]][call.callId] = images
            }
            return result
        }
    }
}
