import Foundation
import Core
import Providers
import Tools
import Storage

/// The state of one running turn. Lives only inside `Agent.run`.
struct TurnRunner {
    let agent: Agent
    /// The agent's tools when the turn started (external ones may change meanwhile).
    let tools: ToolRegistry
    let turn: Turn
    let now: Date
    let timeZone: TimeZone
    let approve: ApprovalHandler
    let emit: @Sendable (AgentEvent) -> Void
    let beforeStoring: @Sendable () async -> Void

    var message: Message
    var context: [ChatMessage] = []
    /// Who answers this turn's model calls, and with which model: the agent's, until a fallback
    /// chain hands over; then the one that answered, for every later call of the turn.
    private var provider: any ChatProvider
    private var model: String
    private var steps = TimelineRecorder()
    private var callIds = CallIds()
    /// The tools offered in this turn's model calls (`ToolRouter`).
    private var offered: [ToolSchema] = []
    /// How often each call (name and arguments) was asked for in this turn.
    private var repeats: [String: Int] = [:]
    /// The same call asked for this often stops the turn: the model is going round in circles.
    static let repeatLimit = 3
    /// The system prompt of every model call in this turn: built once (it looks up the host
    /// name); a structured command has its own.
    var system = ""
    /// The reply is JSON for us, not text for the user: it is not streamed to the screen.
    var quiet = false
    /// How the front end asks again, after a failure worth another try (`Agent.run`).
    var retryHint: String?
    private var lastCheckpoint = ContinuousClock.now
    private let clock = ContinuousClock()
    private let startedAt = Date()

    init(agent: Agent, turn: Turn, now: Date, timeZone: TimeZone, approve: @escaping ApprovalHandler,
         emit: @escaping @Sendable (AgentEvent) -> Void, beforeStoring: @escaping @Sendable () async -> Void) {
        self.agent = agent; self.tools = agent.tools; self.turn = turn; self.now = now; self.timeZone = timeZone
        self.approve = approve; self.emit = emit; self.beforeStoring = beforeStoring; self.message = turn.assistant
        self.provider = agent.provider; self.model = agent.model
    }

    mutating func run() async -> Message {
        if let dictation = turn.dictation {
            var step = steps.begin(kind: .dictated, title: "dictated", detail: dictation.detail, callId: nil,
                                   messageId: message.id!, in: agent.database)
            steps.finish(&step, status: .done, duration: dictation.transcriptionSeconds ?? 0, in: agent.database)
            emit(.step(step))
        }
        var userText = turn.user.content
        if SummaryTurn.isCommand(userText) { return await runSummarize() }
        if let command = StructuredCommand(userText) {
            // The Offline assistant reads the plain request itself; a model is asked for JSON.
            if agent.provider.id == "offline" { userText = command.plainRequest } else { return await runStructured(command) }
        }
        let earlier = (try? agent.database.recentMessages(conversationId: turn.user.conversationId,
                                                          limit: agent.config.historyLimit + 2)) ?? []
        let history = Array(earlier.filter { $0.id! < turn.user.id! }.suffix(agent.config.historyLimit))
        // Routed on this message and the two before it: "yes, move it to friday" follows up.
        let recent = history.filter { $0.role == .user }.suffix(2).map(\.content) + [userText]
        offered = ToolRegistry.schemas(tools.definitions(for: recent.joined(separator: "\n"), offerAll: agent.config.offerAllTools))
        system = ContextBuilder.systemPrompt(persona: agent.config.persona, now: now, timeZone: timeZone)
        // The history that fits the model's window after everything else it must hold.
        let budget = ContextBuilder.historyBudget(
            model: ModelCatalog.find(agent.model, provider: ProviderKind(rawValue: agent.provider.id)),
            system: system,
            tools: offered, message: userText)
        context = ContextBuilder.fitting(ContextBuilder.history(history), budget: budget)
        if let earlierSummary = autoSummary(history: history, budget: budget) {
            system += "\n\n" + earlierSummary
            context = ContextBuilder.fitting(ContextBuilder.history(history), budget: budget - ContextBuilder.tokens(earlierSummary))
        }
        context.append(ChatMessage(role: .user, content: userText))
        var consecutiveErrors = 0

        for step in 0..<max(1, agent.config.stepLimit) {
            let calls: [ToolCallRequest]
            do {
                calls = callIds.unique(try await callModel(), step: step + 1)
            } catch {
                return finish(failure: error)
            }
            if calls.isEmpty { return finish(status: .complete) }
            if let looping = calls.first(where: { call in
                let key = call.name + "\u{0}" + (JSONValue(parsing: call.arguments)?.jsonText ?? call.arguments)
                repeats[key, default: 0] += 1
                return repeats[key]! >= Self.repeatLimit
            }) {
                return stop(because: "Stopped: the model asked for \(looping.name) with the same arguments \(Self.repeatLimit) times. Try rephrasing the request.")
            }
            context.append(ChatMessage(role: .assistant, content: "", toolCalls: calls))
            for call in calls {
                if Task.isCancelled { return finish(failure: CancellationError()) }
                let result = await runTool(call)
                context.append(ChatMessage(role: .tool, content: result.text, toolCallId: call.id,
                                           toolName: call.name, isError: result.isError))
                consecutiveErrors = result.isError ? consecutiveErrors + 1 : 0
            }
            if consecutiveErrors >= 3 {
                return stop(because: "Stopped after three tool errors in a row. Try rephrasing the request.")
            }
        }
        let calls = agent.config.stepLimit == 1 ? "1 model call" : "\(agent.config.stepLimit) model calls"
        return stop(because: "Stopped at the step limit (\(calls)) before a final answer.")
    }

    // MARK: model

    /// Streams one model call; returns the tool calls it asked for (empty: a final answer).
    mutating func callModel() async throws -> [ToolCallRequest] {
        let request = ChatRequest(
            system: system,
            messages: context, tools: offered, model: model, maxTokens: agent.config.maxTokens,
            temperature: agent.config.temperature, now: now, timeZone: timeZone)
        var calls = ToolCallAccumulator()
        var thought: TimelineStep?
        var modelCall = steps.begin(kind: .modelCall, title: "model call \(steps.modelCalls + 1)", detail: model, callId: nil,
                                    messageId: message.id!, in: agent.database)
        var usage = CallUsage()
        for try await event in provider.stream(request) {
            try Task.checkCancellation()
            switch event {
            case .textDelta(let text):
                message.content += text
                if !quiet { emit(.textDelta(messageId: message.id!, text)) }
                checkpointIfDue()
            case .reasoningDelta(let text):
                thought = steps.appendThought(text, to: thought, messageId: message.id!, in: agent.database)
                if let thought { emit(.step(thought)) }
            case .toolCallStart(let index, let id, let name): calls.start(index: index, id: id, name: name)
            case .toolCallArgumentsDelta(let index, let text): calls.append(index: index, text)
            case .toolCallEnd: break
            case .usage(let input, let output):
                message.inputTokens = (message.inputTokens ?? 0) + input
                message.outputTokens = (message.outputTokens ?? 0) + output
                var cost: Double?
                if let kind = ProviderKind(rawValue: message.provider ?? agent.provider.id) {
                    cost = ModelCatalog.cost(of: TokenUsage(inputTokens: input, outputTokens: output), model: model, provider: kind)
                    message.cost = (message.cost ?? 0) + cost!
                }
                usage.add(input: input, output: output, cost: cost)
            case .done: break
            case .waiting(let seconds, let reason): emit(.waiting(seconds: seconds, reason: reason))
            case .answering(let id, let name): answering(id, name: name)
            }
        }
        emit(.modelCallEnded(messageId: message.id!))
        await beforeStoring()
        if var t = thought { steps.finish(&t, status: .done, in: agent.database); emit(.step(t)) }
        modelCall.detail = "\(model) · " + usage.summary
        steps.finish(&modelCall, status: .done, in: agent.database)
        emit(.step(modelCall))
        try Task.checkCancellation()
        return calls.requests
    }

    /// A fallback chain asks `id` now: the turn keeps to it from here (the chain is not walked
    /// again, nor its notes said again), the answer records it and its model, and the screen
    /// is told who answers.
    private mutating func answering(_ id: String, name: String) {
        guard let chain = provider as? FallbackProvider else { return }
        provider = chain.continuing(from: id)
        emit(.answering(providerId: id, name: name))
        guard id != message.provider else { return }
        model = id == agent.provider.id ? agent.model : (chain.member(id)?.defaultModel ?? "")
        message.provider = id
        message.model = model
        try? agent.database.setAnswerer(messageId: message.id!, provider: id, model: model)
    }

    private mutating func checkpointIfDue() {
        guard clock.now - lastCheckpoint >= agent.config.checkpointInterval else { return }
        lastCheckpoint = clock.now
        try? agent.database.checkpoint(messageId: message.id!, content: message.content)
    }

    /// `/remind` and `/list`: one model call for JSON, then the tool it becomes; the answer is
    /// the tool's result. A reply without usable JSON creates nothing and says so.
    private mutating func runStructured(_ command: StructuredCommand) async -> Message {
        system = command.systemPrompt(today: CivilDate(now, in: timeZone))
        context = [ChatMessage(role: .user, content: command.input)]
        quiet = true
        do { _ = try await callModel() } catch { return finish(failure: error) }
        guard let call = command.toolCall(from: message.content) else {
            return finish(status: .error, errorText: "The model's reply to \(command.name) held no JSON it needs, so nothing was created. "
                          + "Try again, or ask in a plain message.")
        }
        let result = await runTool(call)
        message.content = result.isError ? "" : result.text
        emit(.textDelta(messageId: message.id!, message.content))
        return result.isError ? finish(status: .error, errorText: result.text) : finish(status: .complete)
    }

    // MARK: tools

    /// The call run by the registry (checks, limits, time-out, cleaning: `ToolRegistry.run`)
    /// against this turn's database, clock and files folder.
    private func execute(_ call: ToolCallRequest) async -> ToolResult {
        let context = ToolContext(database: agent.database, now: now, timeZone: timeZone, sandbox: agent.config.filesFolder)
        return await tools.run(call.name, arguments: call.arguments, context: context, timeout: agent.config.toolTimeout)
    }

    private mutating func runTool(_ call: ToolCallRequest) async -> ToolResult {
        var step = steps.begin(kind: .toolCall, title: call.name, detail: Pretty.arguments(call.arguments),
                               callId: call.id, messageId: message.id!, in: agent.database)
        emit(.step(step))
        var record = try? agent.database.insertToolCall(ToolCallRecord(
            messageId: message.id!, callId: call.id, name: call.name, arguments: call.arguments))

        let result: ToolResult
        var status = StepStatus.done
        if let tool = tools.tool(named: call.name), tool.definition.isDestructive, !agent.config.autoApprove {
            step.status = .awaitingApproval
            steps.save(step, in: agent.database)
            emit(.step(step))
            if await approve(call, tool.definition) {
                result = await execute(call)
            } else {
                result = ToolResult(text: "The user declined to run \(call.name). Do not retry it.", isError: false)
                status = .cancelled
            }
        } else {
            result = await execute(call)
        }
        if result.isError { status = Task.isCancelled ? .cancelled : .failed }
        steps.finish(&step, status: status, in: agent.database)
        emit(.step(step))

        let outcome = steps.begin(kind: result.isError ? .error : .toolResult, title: result.isError ? "error" : "result",
                                  detail: result.text, callId: call.id, messageId: message.id!, in: agent.database)
        var finished = outcome
        steps.finish(&finished, status: result.isError ? .failed : .done, duration: 0, in: agent.database)
        emit(.step(finished))

        if var r = record {
            r.result = result.text
            r.isError = result.isError
            try? agent.database.updateToolCall(r)
            record = r
        }
        if let change = result.change { emit(.dataChanged(change)) }
        return result
    }

    // MARK: ending

    mutating func finish(status: MessageStatus, errorText: String? = nil, openSteps: StepStatus = .cancelled) -> Message {
        // Steps under way when the turn ended early (a cancel, a failed stream) end with it.
        for step in steps.finishOpen(status: openSteps, in: agent.database) {
            emit(.step(step))
        }
        if steps.count > 0 {
            var answer = steps.begin(kind: .answer, title: "answer", detail: "", callId: nil,
                                     messageId: message.id!, in: agent.database)
            steps.finish(&answer, status: status == .complete ? .done : .failed,
                         duration: Date().timeIntervalSince(startedAt), in: agent.database)
            emit(.step(answer))
        }
        message.status = status
        message.errorText = errorText
        message.updatedAt = Date()
        try? agent.database.finishMessage(id: message.id!, content: message.content, status: status,
                                         inputTokens: message.inputTokens, outputTokens: message.outputTokens,
                                         cost: message.cost, errorText: errorText)
        return message
    }

    /// Ends a turn that hit a limit: a failed "stopped" step in the timeline, and the answer
    /// fails with the reason as its error (`interrupted` keeping the text so far, or `error`
    /// when nothing was said), as a provider failure does: it is no final answer.
    private mutating func stop(because reason: String) -> Message {
        var step = steps.begin(kind: .error, title: "stopped", detail: reason, callId: nil,
                               messageId: message.id!, in: agent.database)
        steps.finish(&step, status: .failed, duration: 0, in: agent.database)
        emit(.step(step))
        return finish(status: message.content.isEmpty ? .error : .interrupted, errorText: reason)
    }

    mutating func finish(failure error: Error) -> Message {
        if error is CancellationError || Task.isCancelled {
            return finish(status: .interrupted, errorText: withRetryHint("Cancelled."))
        }
        let failure = error as? ProviderError
        let text = failure?.description ?? "The request failed: \(error)."
        if failure?.kind == .modelNotFound { emit(.modelNotFound(model: agent.model)) }
        return finish(status: message.content.isEmpty ? .error : .interrupted,
                      errorText: failure?.isWorthAskingAgain == false ? text : withRetryHint(text), openSteps: .failed)
    }

    private func withRetryHint(_ text: String) -> String {
        retryHint.map { text + " " + $0 } ?? text
    }
}
