import Foundation
import Storage

/// The input's lasting history: read once after the first frame, a line stored for each kept
/// (`.rememberInput`); `update` builds the editor's history from what these answer.
extension TUIApp {
    func loadInputHistory() {
        do { apply(.inputHistoryLoaded(try database.inputHistory())) } catch {
            show(Notice(text: tr.notices.couldNotLoadHistory("\(error)"), kind: .error, expires: Date().addingTimeInterval(15)))
        }
    }

    /// In the conversation open now: the send before this effect has created a new one.
    func rememberInput(_ line: String) {
        do {
            if let kept = try database.appendInputHistory(line, conversationId: state.chat.conversation?.id) { apply(.inputRemembered(kept)) }
        } catch {
            show(Notice(text: tr.notices.couldNotKeepHistory("\(error)"), kind: .error, expires: Date().addingTimeInterval(15)))
        }
    }
}
