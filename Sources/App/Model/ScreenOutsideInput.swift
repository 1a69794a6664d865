import Foundation
import Core
import Terminal
import Storage

/// Everything on the screen but the input line and the streaming answer's text: when a key
/// typed while an answer streams leaves all of it the same, only the input is drawn at once
/// and the answer's new text waits for its frame (a whole chat pane per key cost as much as
/// the stream itself at 60 keys a second; docs/performance.md).
struct ScreenOutsideInput: Equatable {
    let size: Size, focus: PaneID, hasOverlay: Bool
    let notice: Notice?, approval: ApprovalRequest?, usage: UsageTotals?
    let provider: String, model: String, tasksVersion: Int, todosVersion: Int
    let conversationId: Int64?, messageCount: Int, hasOlder: Bool, scroll: ScrollRequest
    let turn: RunningTurn?, stepCount: Int
    /// The chips above the input and the placeholders under messages.
    let chips: [String], placedImages: Int
    /// The slash-command popup, drawn over the transcript.
    let completion: CompletionPopup?

    init(_ state: AppState) {
        size = state.size; focus = state.focus; hasOverlay = state.hasOverlay
        notice = state.notice; approval = state.pendingApproval; usage = state.usage
        provider = state.providerName; model = state.modelName
        tasksVersion = state.tasksVersion; todosVersion = state.todosVersion
        conversationId = state.chat.conversation?.id; messageCount = state.chat.messages.count
        hasOlder = state.chat.hasOlder; scroll = state.chat.scroll
        turn = state.chat.turn
        completion = CompletionPopup.of(state)
        stepCount = state.chat.steps.values.reduce(0) { $0 + $1.count }
        chips = state.chat.images.map(\.name)
        placedImages = state.chat.messageImages.count
    }
}
