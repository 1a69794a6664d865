import Foundation
import MCPClient

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
    /// Before a remote server's URL, where a local one has its command.
    var url: String
    var tools: String
    var prompts: String
    var resources: String
    var stderr: String
    var toolOff: String
    var destructive: String
    var configProblems: @Sendable (String) -> String
    var notSaved: @Sendable (String) -> String
    var startFailed: @Sendable (_ server: String, _ why: String) -> String
    /// `/attach` and the settings' line (docs/mcp.md).
    var attachUsage: String
    var attachCleared: String
    var reading: @Sendable (_ uri: String, _ server: String) -> String
    var attached: @Sendable (_ uri: String, _ server: String) -> String
    /// The header of the block the model sees before the user's text.
    var attachedBlock: @Sendable (_ uri: String, _ server: String) -> String
    var attachFailed: @Sendable (MCPResourceError) -> String
    var settingsLine: @Sendable (_ configured: Int, _ ready: Int) -> String
    /// A server's details taller than the view: which lines show, and that PgUp / PgDn scroll them.
    var moreDetails: @Sendable (_ first: Int, _ last: Int, _ total: Int) -> String

    static let english = MCPStrings(
        title: "MCP servers", keys: "↑↓ server · Tab resource · a attach · r restart · e enable/disable · Esc close",
        starting: "starting…", ready: { $0 == 1 ? "ready · 1 tool" : "ready · \($0) tools" }, failed: "failed",
        stopped: "stopped", disabled: "disabled",
        noServers: { "No MCP servers. Add them to \($0) (see docs/mcp.md)." },
        command: "Command: ", url: "URL: ", tools: "Tools", prompts: "Prompts", resources: "Resources", stderr: "Last lines of its stderr",
        toolOff: " (off)", destructive: " (asks first)",
        configProblems: { "MCP servers: \($0)" }, notSaved: { "Could not change mcp.json: \($0)" },
        startFailed: { "The MCP server \($0) failed: \($1). /mcp shows more." },
        attachUsage: "Usage: /attach SERVER URI (the servers and their resources are in /mcp); /attach alone removes the pending one.",
        attachCleared: "Attachment removed.",
        reading: { "Reading \($0) from \($1)…" },
        attached: { "📎 \($0) from \($1) goes with your next message (/attach alone removes it)." },
        attachedBlock: { "Attached resource \($0) (from \($1)):" },
        attachFailed: { error in
            switch error {
            case .unknownServer(let name, let known):
                return "No MCP server \(name) in mcp.json" + (known.isEmpty ? "." : " (there are: \(known.joined(separator: ", ")))." ) + " Nothing attached."
            case .notReady(let name, let state): return "The MCP server \(name) is not ready (\(state)). See /mcp; nothing attached."
            case .unknownResource(let uri, let server, let known):
                return "\(server) has no resource \(uri)" + (known.isEmpty ? "." : " (it lists: \(known.prefix(5).joined(separator: ", "))).") + " Nothing attached."
            case .timedOut(let server, let seconds):
                return "\(server) did not answer within \(seconds) (its timeout in mcp.json). Nothing attached; try again or raise the timeout."
            case .failed(let server, let why): return "\(server) could not read it: \(why). Nothing attached."
            }
        },
        settingsLine: { "MCP servers: \($0) configured, \($1) ready · F3 opens the servers view" },
        moreDetails: { "↓ \($0)–\($1) of \($2) lines · PgUp PgDn scroll" })

    static let chinese = MCPStrings(
        title: "MCP 服务器", keys: "↑↓ 服务器 · Tab 资源 · a 附加 · r 重启 · e 启用/停用 · Esc 关闭",
        starting: "启动中…", ready: { "就绪 · \($0) 个工具" }, failed: "失败",
        stopped: "已停止", disabled: "已停用",
        noServers: { "没有 MCP 服务器。请在 \($0) 中添加（见 docs/mcp.md）。" },
        command: "命令：", url: "地址：", tools: "工具", prompts: "提示词", resources: "资源", stderr: "标准错误输出的最后几行",
        toolOff: "（已关闭）", destructive: "（先询问）",
        configProblems: { "MCP 服务器：\($0)" }, notSaved: { "无法修改 mcp.json：\($0)" },
        startFailed: { "MCP 服务器 \($0) 出错：\($1)。/mcp 查看详情。" },
        attachUsage: "用法：/attach 服务器 URI（服务器及其资源见 /mcp）；单独输入 /attach 可移除待发送的附件。",
        attachCleared: "已移除附件。",
        reading: { "正在从 \($1) 读取 \($0)…" },
        attached: { "📎 \($1) 的 \($0) 将随下一条消息发送（单独输入 /attach 可移除）。" },
        attachedBlock: { "附加的资源 \($0)（来自 \($1)）：" },
        attachFailed: { error in
            switch error {
            case .unknownServer(let name, let known):
                return "mcp.json 中没有 MCP 服务器 \(name)" + (known.isEmpty ? "。" : "（现有：\(known.joined(separator: "、"))）。") + "未附加任何内容。"
            case .notReady(let name, let state): return "MCP 服务器 \(name) 尚未就绪（\(state)）。请查看 /mcp；未附加任何内容。"
            case .unknownResource(let uri, let server, let known):
                return "\(server) 没有资源 \(uri)" + (known.isEmpty ? "。" : "（它列出：\(known.prefix(5).joined(separator: "、"))）。") + "未附加任何内容。"
            case .timedOut(let server, let seconds):
                return "\(server) 在 \(seconds) 内没有回应（mcp.json 中的超时）。未附加任何内容；请重试或调大超时。"
            case .failed(let server, let why): return "\(server) 无法读取：\(why)。未附加任何内容。"
            }
        },
        settingsLine: { "MCP 服务器：已配置 \($0) 个，就绪 \($1) 个 · F3 打开服务器视图" },
        moreDetails: { "↓ 第 \($0)–\($1) 行，共 \($2) 行 · PgUp PgDn 滚动" })
}
