import Foundation

/// What saving the settings and checking a key say (the settings screen, the wizard, `/keys`).
struct KeyCheckStrings: Sendable {
    var savedTo: @Sendable (String) -> String
    var mouseNextStart: String
    var keptUnchecked: String
    var savedAs: @Sendable (String) -> String
    var builtInList: @Sendable (String?) -> String
    var liveList: @Sendable (Int) -> String
    var skipped: String
    var ready: @Sendable (String) -> String
    var readyKeys: String
    var keysCreatedAt: @Sendable (String) -> String
    var valid: @Sendable (String) -> String
    var rateLimited: @Sendable (_ provider: String, _ retrySeconds: Int?) -> String
    var refused: @Sendable (_ provider: String, _ message: String) -> String
    var unreachable: @Sendable (_ provider: String, _ message: String) -> String
    var failed: @Sendable (String) -> String

    static let english = KeyCheckStrings(
        savedTo: { "Settings saved to \($0)." }, mouseNextStart: " Mouse: at the next start.",
        keptUnchecked: " The key is kept unchecked; /keys checks it later.", savedAs: { " Saved as \($0)." },
        builtInList: { "Built-in list: " + ($0 ?? "the live list is unavailable.") }, liveList: { "\($0) models, live list." },
        skipped: "Skipped: the Offline assistant answers. ", ready: { "Ready: \($0). " }, readyKeys: "F2 settings · ? keys.",
        keysCreatedAt: { " Keys are created at \($0)." },
        valid: { "✓ The \($0) key is valid." },
        rateLimited: { "✓ The \($0) key is valid, but rate limited right now" + ($1.map { " (retry in \($0) s)" } ?? "") + "; answers may wait a little." },
        refused: { "✗ \($0) refused the key: \($1) Check it and paste it again." },
        unreachable: { "? Could not reach \($0) to check the key: \($1)" },
        failed: { "✗ The key check failed: \($0)" })

    static let chinese = KeyCheckStrings(
        savedTo: { "设置已保存到 \($0)。" }, mouseNextStart: " 鼠标设置：下次启动时生效。",
        keptUnchecked: " 密钥已保存但未检查；之后可用 /keys 检查。", savedAs: { " 已保存为 \($0)。" },
        builtInList: { "内置列表：" + ($0 ?? "在线列表不可用。") }, liveList: { "\($0) 个模型，在线列表。" },
        skipped: "已跳过：由离线助手回答。", ready: { "准备就绪：\($0)。" }, readyKeys: "F2 设置 · ? 按键。",
        keysCreatedAt: { " 密钥可在 \($0) 创建。" },
        valid: { "✓ \($0) 密钥有效。" },
        rateLimited: { "✓ \($0) 密钥有效，但目前受到速率限制" + ($1.map { "（\($0) 秒后重试）" } ?? "") + "；回答可能需要稍等。" },
        refused: { "✗ \($0) 拒绝了这个密钥：\($1) 请检查后重新粘贴。" },
        unreachable: { "? 无法连接 \($0) 来检查密钥：\($1)" },
        failed: { "✗ 密钥检查失败：\($0)" })
}
