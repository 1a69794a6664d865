import Foundation

/// A whole conversation as stored: what export writes and import brings back.
public struct ConversationRecords: Sendable, Equatable {
    public var conversation: Conversation
    /// Oldest first.
    public var messages: [Message]
    /// Per message id, in the order they were made.
    public var toolCalls: [Int64: [ToolCallRecord]]
    /// Per message id, by position.
    public var steps: [Int64: [TimelineStep]]
    /// Per message id, in order: the pictures sent with it, bytes and all.
    public var images: [Int64: [ImageAttachment]]
    /// Per message id, then per tool call (its `callId`), in order: the pictures the tool gave.
    public var toolCallImages: [Int64: [String: [ImageAttachment]]]

    public init(conversation: Conversation, messages: [Message], toolCalls: [Int64: [ToolCallRecord]] = [:],
                steps: [Int64: [TimelineStep]] = [:], images: [Int64: [ImageAttachment]] = [:],
                toolCallImages: [Int64: [String: [ImageAttachment]]] = [:]) {
        self.conversation = conversation; self.messages = messages; self.toolCalls = toolCalls; self.steps = steps
        self.images = images; self.toolCallImages = toolCallImages
    }
}
