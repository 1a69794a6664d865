import Foundation

/// The Chat pane's own words (the transcript's labels and markers are in the transcript's catalog).
struct ChatStrings: Sendable {
    var placeholder: String
    var placeholderStreaming: String
    var moreBelow: String

    static let english = ChatStrings(placeholder: "Message (Enter sends, Alt-Enter newline, Ctrl-E editor)",
                                     placeholderStreaming: "Esc cancels the answer", moreBelow: " ↓ more below (End) ")
    static let chinese = ChatStrings(placeholder: "输入消息（Enter 发送，Alt-Enter 换行，Ctrl-E 编辑器）",
                                     placeholderStreaming: "Esc 取消回答", moreBelow: " ↓ 下面还有（End） ")
}
