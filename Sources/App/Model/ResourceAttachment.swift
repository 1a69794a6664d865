import Foundation
import MCPClient

/// A server's resource read for `/attach`: it goes with the next message the user sends, as
/// a block before their text, and is stored with that message (a reloaded chat shows it).
struct ResourceAttachment: Equatable, Sendable {
    var server: String
    var uri: String
    /// Already cleaned of control sequences and capped by the client.
    var text: String

    /// The message's content: the block, then what the user typed. The fence is longer than
    /// any run of backticks in the resource, so its text cannot close it.
    func message(_ typed: String) -> String {
        let longest = text.split(omittingEmptySubsequences: true) { $0 != "`" }.map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return tr.mcp.attachedBlock(uri, server) + "\n" + fence + "\n" + text + "\n" + fence + "\n\n" + typed
    }
}

/// `/attach SERVER URI` asks the runtime to read the resource; `/attach` alone drops the pending one.
func runAttachCommand(_ state: inout AppState, argument: String) -> [Effect] {
    _ = state.chat.input.commit()
    let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
    if words.isEmpty, state.chat.attachment != nil {
        state.chat.attachment = nil
        state.notice = Notice(text: tr.mcp.attachCleared, kind: .info, expires: state.clock.addingTimeInterval(5))
        return []
    }
    guard words.count == 2 else {
        state.notice = Notice(text: tr.mcp.attachUsage, kind: .error, expires: nil)
        return []
    }
    return [.attachResource(server: words[0], uri: words[1])]
}

/// The read finished: the attachment waits for the next message, or a notice says what went wrong.
func resourceRead(_ state: inout AppState, server: String, uri: String, _ result: Result<String, MCPResourceError>) {
    switch result {
    case .success(let text):
        state.chat.attachment = ResourceAttachment(server: server, uri: uri, text: text)
        state.notice = Notice(text: tr.mcp.attached(uri, server), kind: .info, expires: state.clock.addingTimeInterval(8))
    case .failure(let error):
        state.notice = Notice(text: tr.mcp.attachFailed(error), kind: .error, expires: nil)
    }
}
