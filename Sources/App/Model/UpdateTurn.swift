import Foundation
import Core
import Agent

// A turn on the screen, start and end side by side. The runtime commits the turn and starts
// its task (`TUIApp+Turns.swift`); these apply what it answers and what the turn posts last.
// The turn in between: `handleAgent` (Update.swift), one event at a time.

/// The question and its empty answer join the window; the answer streams from now on.
func turnStarted(_ state: inout AppState, _ turn: RunningTurn, user: Message, answer: Message) {
    state.chat.messages += [user, answer]
    state.chat.turn = turn
    state.chat.turnStartedAt = state.clock
}

/// The answer as stored replaces the streamed copy (the database's is the truth from now on:
/// `RunningTurn`); the turn ends when it is the one running (a cancelled turn's late end does
/// not end the next one).
func turnEnded(_ state: inout AppState, turn: Int, _ message: Message) -> [Effect] {
    if let i = state.chat.index(of: message.id!) { state.chat.messages[i] = message }
    state.connectivity = state.connectivity.after(message)
    var effects: [Effect] = [.reloadUsage]
    if turn == state.chat.turn?.id {
        state.chat.turn = nil
        effects += answerDoneNotice(&state, message)
    }
    if message.status == .error || message.status == .interrupted, let text = message.errorText {
        state.notice = Notice(text: text, kind: message.status == .error ? .error : .info, expires: nil)
    } else if state.notice?.countdownTo != nil {
        state.notice = nil
    }
    if let model = state.chat.missingModel {
        // Not a failed turn to puzzle over: say so and offer the models there are.
        state.chat.missingModel = nil
        state.notice = Notice(text: tr.conversationModel.modelUnavailable(state.providerName, model), kind: .error, expires: nil)
        effects.append(.openModelPicker)
    }
    let question = state.chat.index(of: message.id!).flatMap { i in state.chat.messages[..<i].last { $0.role == .user } }
    return effects + (question.map { isSummarizeCommand($0.content) } == true ? [.loadSummary(messageId: message.id!)] : [])
}

/// A long answer (`notify_after_seconds`) that ended while the terminal was in the background
/// rings and notifies; a short one, or one watched, does not.
private func answerDoneNotice(_ state: inout AppState, _ message: Message) -> [Effect] {
    defer { state.chat.turnStartedAt = nil }
    guard !state.terminalFocused, let started = state.chat.turnStartedAt,
          state.clock.timeIntervalSince(started) >= state.notifyAfterSeconds else { return [] }
    return [.notifyAnswerDone(title: state.chat.conversation?.title ?? tr.chrome.newConversation, failed: message.status != .complete)]
}
