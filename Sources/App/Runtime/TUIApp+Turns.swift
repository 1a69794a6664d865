import Foundation
import Core
import Storage
import Agent

/// A turn on the runtime's side, start to end: committed here, streamed by the `TurnController`,
/// ended when the loop handles its `.finished` (`handle`). The state's side: UpdateTurn.swift.
extension TUIApp {
    /// Commits the message, then streams the answer on a background task that posts events back.
    /// `dictation`: the text came from a recording (push-to-talk), which the turn's timeline notes.
    @discardableResult
    func send(_ text: String, images: [ImageAttachment] = [], title: String? = nil, dictation: Dictation? = nil) -> Turn? {
        var isNew = false
        let turn = start(text) {
            if state.chat.conversation == nil {
                isNew = true
                apply(.conversationCreated(try database.createConversation(
                    title: ConversationTitle.heuristic(title ?? text), provider: agent.provider.id, model: agent.model,
                    persona: state.chat.persona)))
            }
            return try agent.startTurn(conversationId: state.chat.conversation!.id!, userText: text, images: images,
                                       dictation: dictation)
        }
        if isNew, let turn { titleByModel(turn: turn) }
        return turn
    }

    /// Edit-and-resend (and r): the branch from `messageId` on is hidden, `text` its new version.
    func resend(editing messageId: Int64, text: String) {
        guard !state.chat.isStreaming else { return }
        start(text) {
            let turn = try agent.startEditedTurn(replacing: messageId, text: text)
            reloadWindow(before: turn.user.id!)
            return turn
        }
        loadBranchesAndSummaries()
    }

    /// Commits a turn (`begin`), then streams its answer. A failure to commit puts the text back.
    @discardableResult
    func start(_ text: String, _ begin: () throws -> Turn) -> Turn? {
        do {
            let turn = try begin()
            let running = turns.start(turn, agent: agent, retryHint: tr.transcript.retryHint)
            apply(.turnStarted(running, user: turn.user, answer: turn.assistant))
            return turn
        } catch {
            apply(.turnNotStarted(text: text, Notice(text: tr.notices.couldNotSave("\(error)"), kind: .error, expires: nil)))
            return nil
        }
    }

    /// The loop is handling the turn's `.finished` (`update` ends it in the state,
    /// `turnEnded(_:turn:_:)`): its task has done its work and is let go.
    func turnEnded(_ turn: Int) {
        turns.ended(turn)
    }
}
