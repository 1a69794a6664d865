import Foundation

/// The transcript: who wrote each message, markers under it, the timeline's words, the welcome.
struct TranscriptStrings: Sendable {
    var you: String, assistant: String
    var userSelectedHint: String, assistantSelectedHint: String
    /// Before `assistantSelectedHint` when the answer holds code blocks.
    var codeHint: String
    var thinking: String, interrupted: String, failed: String
    /// After a failed or cut-off answer's error: how to ask again.
    var retryHint: String
    var summaryShown: String, summaryFolded: String
    var welcome: String
    var welcomeHint: String
    var runIt: String, yesNo: String
    var moreLines: @Sendable (Int) -> String
    /// The timeline view (F3, t).
    var timelineTitle: String, timelineMore: String, timelineKeys: String, running: String
    var detailMoreLines: @Sendable (Int) -> String
    var tool: @Sendable (String) -> String
    var result: String, thought: String
    var error: String, stopped: String, answer: String, modelCall: @Sendable (Int) -> String
    /// The step noting that the question was spoken (`TimelineKind.dictated`).
    var dictated: String
    /// An image in a Markdown answer, by its alt text (the URL follows in parentheses).
    var markdownImage: @Sendable (String) -> String

    static let english = TranscriptStrings(
        you: "You", assistant: "Assistant",
        userSelectedHint: "e: edit · < >: versions", assistantSelectedHint: "Enter: steps · t: timeline",
        codeHint: "c: copy code · o: open it",
        thinking: "thinking…", interrupted: "Interrupted.", failed: "The request failed.",
        retryHint: "Press r or type /retry to ask again.",
        summaryShown: "≡ The model sees this summary instead of the messages up to here:",
        summaryFolded: "≡ Messages up to here are summarized for the model (select, Enter: show)",
        welcome: "Welcome to AI Helper.",
        welcomeHint: "Type a message and press Enter · F1 keys · Tab panes · Ctrl-Q quits",
        runIt: "Run it? ", yesNo: "[y] yes  [n] no", moreLines: { "…\($0) more lines (F3)" },
        timelineTitle: " Timeline ", timelineMore: "↓ more · ", timelineKeys: "↑↓ PgUp PgDn scroll · Esc close", running: "running",
        detailMoreLines: { "…\($0) more lines" }, tool: { "tool \($0)" }, result: "result", thought: "thinking",
        error: "error", stopped: "stopped", answer: "answer", modelCall: { "model call \($0)" }, dictated: "dictated",
        markdownImage: { "[image: \($0)]" })

    static let chinese = TranscriptStrings(
        you: "你", assistant: "助手",
        userSelectedHint: "e：编辑 · < >：切换版本", assistantSelectedHint: "Enter：步骤 · t：时间线",
        codeHint: "c：复制代码 · o：打开代码",
        thinking: "思考中…", interrupted: "已中断。", failed: "请求失败。",
        retryHint: "按 r 或输入 /retry 重新提问。",
        summaryShown: "≡ 模型看到的是这段总结，而不是到这里为止的消息：",
        summaryFolded: "≡ 到这里为止的消息已为模型总结（选中后按 Enter 查看）",
        welcome: "欢迎使用 AI Helper。",
        welcomeHint: "输入消息后按 Enter · F1 按键 · Tab 切换面板 · Ctrl-Q 退出",
        runIt: "要执行吗？", yesNo: "[y] 是  [n] 否", moreLines: { "…还有 \($0) 行（F3）" },
        timelineTitle: " 时间线 ", timelineMore: "↓ 还有 · ", timelineKeys: "↑↓ PgUp PgDn 滚动 · Esc 关闭", running: "进行中",
        detailMoreLines: { "…还有 \($0) 行" }, tool: { "工具 \($0)" }, result: "结果", thought: "思考",
        error: "错误", stopped: "已停止", answer: "回答", modelCall: { "模型调用 \($0)" }, dictated: "语音输入",
        markdownImage: { "[图片：\($0)]" })
}
