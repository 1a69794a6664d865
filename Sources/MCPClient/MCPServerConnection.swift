import Foundation
import Core
import MCP
import Tools

/// One external server: its process, the SDK client over it, its state and tools. Every
/// request is bounded by the server's `timeout` and by its process's end.
actor MCPServerConnection {
    let config: MCPServerConfig
    private let parentEnvironment: [String: String]
    /// Told of every change: the status, and the tools the agent may call now.
    private let publish: @Sendable (MCPServerStatus, [any Tools.Tool]) -> Void
    private(set) var child: ChildProcess?
    /// A remote server's transport, which knows when the server could not be reached.
    private var remote: RemoteTransport?
    private(set) var client: Client?
    private(set) var status: MCPServerStatus
    private var tools: [any Tools.Tool] = []
    /// Bumped at each start, so a late exit of an earlier process is not taken for this one's.
    private var generation = 0
    /// What the server said it offers besides tools (asked only then).
    private var offers = Offers()
    /// Stopped for good: the app is exiting.
    private var closed = false
    struct Offers: Sendable { var prompts = false, resources = false }

    /// Python servers take up to a few seconds to answer their first request.
    static let minimumStartup: Duration = .seconds(15)

    init(config: MCPServerConfig, environment: [String: String],
         publish: @escaping @Sendable (MCPServerStatus, [any Tools.Tool]) -> Void) {
        self.config = config; self.parentEnvironment = environment; self.publish = publish
        status = MCPServerStatus(name: config.name, command: config.location, isRemote: config.url != nil,
                                 state: config.enabled ? .stopped : .disabled)
    }

    var currentStatus: MCPServerStatus { status }

    /// Starts the process, initializes it and lists what it offers; failures end in `.failed`.
    func start() async {
        guard config.enabled, !closed else { return set(config.enabled ? .stopped : .disabled) }
        let ticket = generation
        await shutDown(to: .stopped, announce: false)
        // A stop (or another start) while the old process ended wins: nothing is spawned after it.
        guard generation == ticket + 1, !closed else { return }
        generation += 1
        let generation = self.generation
        status = MCPServerStatus(name: config.name, command: config.location, isRemote: config.url != nil, state: .starting)
        set(.starting)
        let startup = max(config.timeout, Self.minimumStartup)
        let transport: any Transport
        var child: ChildProcess?
        if let url = config.url {
            let remote = RemoteTransport(url: url, headers: config.headers, limit: startup)
            (transport, self.remote) = (remote, remote)
        } else {
            let process = ChildProcess()
            transport = ChildTransport(child: process)
            do { try process.start(config, environment: config.environment(from: parentEnvironment)) } catch {
                return set(.failed(Race.describe(error)))
            }
            child = process
        }
        self.child = child
        let client = Client(name: "aihelper", version: "0.1.0")
        self.client = client
        await client.onNotification(ToolListChangedNotification.self) { [weak self] _ in
            // Not awaited: the SDK reads the answer to our tools/list on the loop that runs this.
            Task { await self?.refresh(generation) }
        }
        let outcome = await Race.first(timeout: startup, child: child) { () async throws -> Offers in
            let capabilities = try await client.connect(transport: transport).capabilities
            return Offers(prompts: capabilities.prompts != nil, resources: capabilities.resources != nil)
        }
        guard generation == self.generation else { return }
        guard case .value(let offers) = outcome else { return await fail(outcome, doing: "starting", limit: startup) }
        self.offers = offers
        await refresh(generation)
        if case .ready = status.state, let child { watchExit(child, generation) }
    }

    /// Lists tools, prompts and resources again (`notifications/tools/list_changed`).
    func refresh(_ generation: Int) async {
        guard generation == self.generation, let client else { return }
        let child = self.child
        let outcome = await Race.first(timeout: max(config.timeout, Self.minimumStartup), child: child) {
            try await Self.listTools(client)
        }
        guard generation == self.generation else { return }
        guard case .value(let listed) = outcome else { return await fail(outcome, doing: "listing its tools", limit: config.timeout) }
        tools = listed.filter { !config.disabledTools.contains($0.name) }
            .map { MCPTool($0, server: config.name, connection: self, timeout: config.timeout) }
        status.tools = listed.map { tool in
            MCPToolInfo(name: tool.name, agentName: ToolNames.agentName(server: config.name, tool: tool.name),
                        description: Sanitizer.clean(tool.description ?? ""), isDestructive: tool.annotations.destructiveHint == true,
                        isDisabled: config.disabledTools.contains(tool.name))
        }
        if case .value(let others) = await Race.first(timeout: config.timeout, child: child, { [offers] in
            await Self.listOthers(client, offers)
        }) { (status.prompts, status.resources) = others }
        set(.ready)
    }

    /// Calls one tool; every failure is an error result that says what happened to the server.
    func call(_ name: String, arguments: [String: Value]) async -> ToolResult {
        guard case .ready = status.state, let client else {
            return ToolResult(text: "The MCP server \(config.name) is not ready (\(Self.describe(status.state))). Tell the user; see /mcp.",
                              isError: true)
        }
        // Kept: an exit clears `self.child`, and its status says why.
        let child = self.child
        let request: RequestContext<CallTool.Result>
        do { request = try await client.send(CallTool.request(.init(name: name, arguments: arguments))) } catch {
            return ToolResult(text: "Could not send \(name) to the MCP server \(config.name): \(Race.describe(error))", isError: true)
        }
        switch await Race.first(timeout: config.timeout, child: child, { try await request.value }) {
        case .value(let result):
            return MCPResultText.toolResult(result)
        case .failed(let why):
            // A remote server gone (refused, connection dropped) fails, as a crashed process does.
            if let lost = await remote?.unreachable {
                await shutDown(to: .failed(lost), announce: false)
                set(.failed(lost))
                return ToolResult(text: "The MCP server \(config.name) could not be reached during \(name): \(lost)", isError: true)
            }
            return ToolResult(text: "The MCP server \(config.name) answered \(name) with an error: \(Sanitizer.clean(why))", isError: true)
        case .timedOut:
            try? await client.cancelRequest(request.requestID, reason: "timed out")
            var text = "The MCP server \(config.name) did not answer \(name) within \(Self.seconds(config.timeout)) (its timeout in mcp.json)."
            if let junk = child?.garbage.last { text += " It wrote to stdout what is not JSON-RPC: \(Sanitizer.clean(junk))" }
            set(status.state)  // its latest stderr, for the servers view
            return ToolResult(text: text, isError: true)
        case .exited:
            // The watcher of idle crashes may have recorded the exit already, or be recording it.
            var recorded: String? { if case .failed(let reason) = status.state { return reason } else { return nil } }
            let why = await exited(generation) ?? recorded ?? child?.status.map { "it exited with status \($0)" } ?? "its process ended"
            return ToolResult(text: "The MCP server \(config.name) stopped during \(name): \(why)", isError: true)
        case .cancelled:
            try? await client.cancelRequest(request.requestID, reason: "cancelled")
            return ToolResult(text: "\(name) was cancelled.", isError: true)
        }
    }

    /// Stops the process (bounded: about 1.5 s at most).
    /// With `forGood` (the app exits) no later start spawns anything.
    func stop(forGood: Bool = false) async {
        if forGood { closed = true }
        await shutDown(to: config.enabled ? .stopped : .disabled, announce: true)
    }

    private func shutDown(to state: MCPServerState, announce: Bool) async {
        generation += 1
        let (client, child) = (self.client, self.child)
        self.client = nil; self.child = nil; remote = nil; tools = []
        // Stopping waits on the process: on a thread of its own, not the shared pool's.
        if let child { await withCheckedContinuation { done in Thread.detachNewThread { child.stop(); done.resume() } } }
        await client?.disconnect()
        if announce { set(state) }
    }

    /// Marks the server failed when its process ended; returns why.
    @discardableResult
    private func exited(_ generation: Int) async -> String? {
        guard generation == self.generation, let child, !child.isRunning else { return nil }
        let why = failure
        await shutDown(to: .failed(why), announce: false)
        status.stderr = child.stderrLines.map(Sanitizer.clean)
        set(.failed(why))
        return why
    }

    /// Why the server is gone: its exit status (or signal).
    private var failure: String {
        guard let status = child?.status else { return "its process ended" }
        return "it exited with status \(status)"
    }

    private func fail(_ outcome: RaceOutcome<some Sendable>, doing what: String, limit: Duration) async {
        let why: String
        switch outcome {
        case .timedOut: why = "no answer within \(Self.seconds(limit)) while \(what)"
        case .exited: why = "\(failure) while \(what)"
        case .failed(let error): why = "\(Sanitizer.clean(error)) while \(what)"
        case .cancelled, .value: why = "stopped while \(what)"
        }
        let stderr = child?.stderrLines ?? []
        await shutDown(to: .failed(why), announce: false)
        status.stderr = stderr.map(Sanitizer.clean)
        set(.failed(why))
    }

    /// A server that crashes while idle shows as failed at once, not at its next call.
    private func watchExit(_ child: ChildProcess, _ generation: Int) {
        Task { [weak self] in
            while child.isRunning { try? await Task.sleep(for: .milliseconds(500)) }
            await self?.exited(generation)
        }
    }

    private func set(_ state: MCPServerState) {
        status.state = state
        if let child { status.stderr = child.stderrLines.map(Sanitizer.clean) }
        publish(status, state == .ready ? tools : [])
    }

    private static func listTools(_ client: Client) async throws -> [MCP.Tool] {
        var all: [MCP.Tool] = []
        var cursor: String?
        repeat {
            let page = try await client.listTools(cursor: cursor)
            all += page.tools
            cursor = page.nextCursor
        } while cursor != nil && all.count < 1000
        return all
    }

    /// Prompts and resources, for the servers view; a server without them lists none.
    private static func listOthers(_ client: Client, _ offers: Offers) async -> ([MCPItemInfo], [MCPItemInfo]) {
        let prompts = offers.prompts ? (try? await client.listPrompts().prompts) ?? [] : []
        let resources = offers.resources ? (try? await client.listResources().resources) ?? [] : []
        return (prompts.prefix(100).map { MCPItemInfo(name: Sanitizer.clean($0.name), detail: Sanitizer.clean($0.description ?? "")) },
                resources.prefix(100).map { MCPItemInfo(name: Sanitizer.clean($0.uri), detail: Sanitizer.clean($0.description ?? $0.name)) })
    }

    static func describe(_ state: MCPServerState) -> String {
        switch state {
        case .disabled: return "disabled"
        case .starting: return "still starting"
        case .ready: return "ready"
        case .failed(let why): return "failed: \(why)"
        case .stopped: return "stopped"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let s = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }
}
