import Foundation
import Core
import Storage

/// The message actions of the selection mode (copy, pager, a code block opened, edit-and-resend, branches, delete)
/// and the summaries shown in the transcript.
extension TUIApp {
    /// y: OSC 52 through the terminal, and the desktop's clipboard tool when there is one.
    func copy(_ text: String) {
        let env = ProcessInfo.processInfo.environment
        var ways: [String] = []
        if let sequence = Clipboard.osc52(text, inTmux: env["TMUX"] != nil) {
            backend.sendControlSequence(sequence)
            ways.append(env["TMUX"] != nil ? "OSC 52 via tmux" : "OSC 52")
        }
        if let tool = Clipboard.tool(environment: env), Clipboard.run(tool, text: text) {
            ways.append(URL(fileURLWithPath: tool[0]).lastPathComponent)
        }
        let count = text.count
        show(ways.isEmpty
            ? Notice(text: tr.messages.copyFailed(count),
                     kind: .error, expires: nil)
            : Notice(text: tr.messages.copied(count, ways.joined(separator: " + ")),
                     kind: .info, expires: Date().addingTimeInterval(8)))
    }

    /// p: the message in $PAGER (less by default), with the screen handed over meanwhile.
    func page(_ text: String) {
        let pager = ProcessInfo.processInfo.environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less"
        // Back from the pager, the notice of what came before it is stale.
        show(runOnFile(text, name: "message", command: pager)
            ? nil : Notice(text: tr.messages.pagerFailed(pager), kind: .error, expires: nil))
    }

    /// o: a code block in $PAGER, else $VISUAL or $EDITOR, else less, on a file named with
    /// the language's extension (a pager such as bat, or the editor, highlights by it).
    func openCode(_ code: String, fileExtension: String) {
        let env = ProcessInfo.processInfo.environment
        let command = ["PAGER", "VISUAL", "EDITOR"].lazy.compactMap { env[$0] }.first { !$0.isEmpty } ?? "less"
        show(runOnFile(code + "\n", name: "code", fileExtension: fileExtension, command: command)
            ? nil : Notice(text: tr.messages.openFailed(command), kind: .error, expires: nil))
    }

    func switchBranch(to messageId: Int64) {
        do {
            try database.switchBranch(to: messageId)
            reloadWindow()
            apply(.messageSelected(messageId))
            show(state.chat.branches[messageId].map {
                Notice(text: tr.messages.showingVersion($0.index + 1, $0.siblings.count), kind: .info, expires: Date().addingTimeInterval(5))
            })
        } catch {
            show(Notice(text: tr.notices.couldNotSwitchBranches("\(error)"), kind: .error, expires: nil))
        }
    }

    func deleteMessage(_ id: Int64) {
        do {
            try database.deleteMessage(id: id)
            let next = state.chat.index(of: id).flatMap { i in (state.chat.messages.indices.contains(i + 1) ? state.chat.messages[i + 1] : i > 0 ? state.chat.messages[i - 1] : nil)?.id }
            reloadWindow()
            apply(.messageSelected(next))
            show(Notice(text: tr.messages.deletedMessage, kind: .info, expires: Date().addingTimeInterval(4)))
            reloadUsage()
        } catch {
            show(Notice(text: tr.notices.couldNotDeleteMessage("\(error)"), kind: .error, expires: nil))
        }
    }

    /// Reads the conversation's window again (after a branch changed), without messages from
    /// `before` on when given (the turn being started adds those itself).
    func reloadWindow(before: Int64 = .max) {
        guard let id = state.chat.conversation?.id else { return }
        apply(.windowReloaded(ConversationLoader(database: database).reload(id, before: before)))
    }

    /// Branch marks and summaries of the loaded window, read again.
    func loadBranchesAndSummaries() {
        apply(.marksLoaded(ConversationLoader(database: database).marks(of: state.chat.messages, conversationId: state.chat.conversation?.id)))
    }

    func loadSummaries(of messageIds: [Int64]) {
        apply(.summariesLoaded(ConversationLoader(database: database).summaries(of: messageIds)))
    }

    func loadAutoSummary() {
        apply(.autoSummaryLoaded(ConversationLoader(database: database).autoSummary(of: state.chat.conversation?.id)))
    }

    func reloadUsage() {
        apply(.usageLoaded(state.chat.conversation?.id.flatMap { try? database.usageTotals(conversationId: $0) }))
    }
}
