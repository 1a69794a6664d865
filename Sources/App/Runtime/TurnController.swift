import Foundation
import Core
import Agent

/// Runs the agent's turns off the loop thread: the task of the turn that streams, keyed by its
/// id (`RunningTurn`); the approvals it waits on; the frame barrier between its last words and
/// their storing; and the wiring that posts what it emits to the loop's mailbox.
final class TurnController {
    private let mailbox: Mailbox
    let approvals = ApprovalBroker()
    let frames = FrameBarrier()
    private var lastId = 0
    /// The running turn's task, by the turn's id; dropped once its `.finished` was handled.
    private var running: (id: Int, task: Task<Message, Never>)?

    init(mailbox: Mailbox) { self.mailbox = mailbox }

    /// The task of the turn running now: what the first answer's title waits for, and tests.
    var task: Task<Message, Never>? { running?.task }

    /// Streams the answer of a committed turn on a detached task that posts its events.
    func start(_ turn: Turn, agent: Agent, retryHint: String) -> RunningTurn {
        lastId += 1
        let id = lastId, mailbox = self.mailbox, approvals = self.approvals, frames = self.frames
        let task = Task.detached {
            await agent.run(turn, approve: { call, definition in
                await approvals.ask(call, definition, post: { mailbox.post($0, urgent: true) })
            }, emit: { event in
                if case .modelCallEnded = event { frames.reset() }
                mailbox.post(.agent(turnId: id, event), urgent: event.drawsAtOnce)
            }, beforeStoring: { await frames.waitForFrame() }, retryHint: retryHint)
        }
        running = (id, task)
        return RunningTurn(id: id, messageId: turn.assistant.id!)
    }

    /// The loop handled the turn's `.finished`.
    func ended(_ id: Int) {
        if running?.id == id { running = nil }
    }

    /// Esc: the running turn stops (its answer kept as interrupted); a question waiting is a no.
    func cancel() {
        running?.task.cancel()
        approvals.denyAll()
    }

    func answer(approval id: Int, allow: Bool) { approvals.answer(id: id, allow: allow) }

    /// The loop drew the end of a model call: the turn may store it now.
    func modelCallDrawn() { frames.frameDrawn() }

    /// At quit: cancels the running turn and gives it up to `grace` seconds to mark its answer
    /// interrupted before the process ends.
    func stop(grace: Int = 2) {
        guard let task = running?.task else { return }
        cancel()
        let done = DispatchSemaphore(value: 0)
        Task.detached { _ = await task.value; done.signal() }
        _ = done.wait(timeout: .now() + .seconds(grace))
    }
}
