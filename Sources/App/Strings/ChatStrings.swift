import Foundation

/// The Chat pane's own words (the transcript's labels and markers are in the transcript's catalog).
struct ChatStrings: Sendable {
    var placeholder: String
    var placeholderStreaming: String
    var moreBelow: String
    /// Ctrl-R's prompt over the input, readline's words: the query, and whether nothing holds it.
    var reverseSearch: @Sendable (_ query: String, _ failing: Bool) -> String

    static let english = ChatStrings(placeholder: "Message (Enter sends, Alt-Enter newline, Ctrl-G editor)",
                                     placeholderStreaming: "Esc cancels the answer", moreBelow: " ↓ more below (End) ",
                                     reverseSearch: { "(\($1 ? "failing " : "")reverse-i-search)`\($0)': " })
    static let chinese = ChatStrings(placeholder: "输入消息（Enter 发送，Alt-Enter 换行，Ctrl-G 编辑器）",
                                     placeholderStreaming: "Esc 取消回答", moreBelow: " ↓ 下面还有（End） ",
                                     reverseSearch: { "（\($1 ? "无匹配：" : "")反向搜索历史）`\($0)'：" })
}
