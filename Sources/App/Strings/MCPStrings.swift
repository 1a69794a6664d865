import Foundation

/// The servers view (`/mcp`) and what the app says about external MCP servers.
struct MCPStrings: Sendable {
    var title: String
    var keys: String
    var starting: String
    var ready: @Sendable (Int) -> String
    var failed: String
    var stopped: String
    var disabled: String
    var noServers: @Sendable (String) -> String
    var command: String
    var tools: String
    var prompts: String
    var resources: String
    var stderr: String
    var toolOff: String
    var destructive: String
    var configProblems: @Sendable (String) -> String
    var notSaved: @Sendable (String) -> String

    static let english = MCPStrings(
        title: "MCP servers", keys: "↑↓ server · r restart · e enable/disable · Esc close",
        starting: "starting…", ready: { $0 == 1 ? "ready · 1 tool" : "ready · \($0) tools" }, failed: "failed",
        stopped: "stopped", disabled: "disabled",
        noServers: { "No MCP servers. Add them to \($0) (see docs/mcp.md)." },
        command: "Command: ", tools: "Tools", prompts: "Prompts", resources: "Resources", stderr: "Last lines of its stderr",
        toolOff: " (off)", destructive: " (asks first)",
        configProblems: { "MCP servers: \($0)" }, notSaved: { "Could not change mcp.json: \($0)" })

    static let chinese = MCPStrings(
        title: "MCP 服务器", keys: "↑↓ 服务器 · r 重启 · e 启用/停用 · Esc 关闭",
        starting: "启动中…", ready: { "就绪 · \($0) 个工具" }, failed: "失败",
        stopped: "已停止", disabled: "已停用",
        noServers: { "没有 MCP 服务器。请在 \($0) 中添加（见 docs/mcp.md）。" },
        command: "命令：", tools: "工具", prompts: "提示词", resources: "资源", stderr: "标准错误输出的最后几行",
        toolOff: "（已关闭）", destructive: "（先询问）",
        configProblems: { "MCP 服务器：\($0)" }, notSaved: { "无法修改 mcp.json：\($0)" })
}
