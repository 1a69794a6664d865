import Foundation
import Core
import Markdown
import Terminal

/// `c` and `o` on a selected message: copy one of its code blocks, or open it in the pager
/// (docs/markdown.md, Code blocks). The code comes from the message's Markdown source, in the
/// order the transcript numbers the blocks (`[1]`, `[2]`, …); with several, a picker asks
/// which (its number chooses at once).
enum CodeBlockActions {
    enum Action: Equatable { case copy, open }

    /// The message's code blocks, each cleaned of control and escape sequences as `y` cleans
    /// the message, but with its tabs kept: code is copied as the model wrote it.
    static func blocks(of message: Message) -> [MarkdownCodeBlock] {
        MarkdownParser.parse(message.content).codeBlocks.map {
            MarkdownCodeBlock(language: $0.language, code: cleanKeepingTabs($0.code))
        }
    }

    /// `Sanitizer` makes a tab four spaces; a Makefile or Go code needs its tabs. Each piece
    /// between tabs is cleaned on its own (a sequence cut at a tab only loses more of itself).
    static func cleanKeepingTabs(_ code: String) -> String {
        code.split(separator: "\t", omittingEmptySubsequences: false).map { Sanitizer.clean(String($0)) }.joined(separator: "\t")
    }

    /// c or o pressed: one block acts at once, several open the picker, none says so.
    static func start(_ action: Action, on message: Message, _ state: inout AppState) -> [Effect] {
        let blocks = blocks(of: message)
        switch blocks.count {
        case 0:
            state.notice = Notice(text: tr.messages.noCode, kind: .info, expires: state.clock.addingTimeInterval(5))
            return []
        case 1:
            return [effect(action, blocks[0])]
        default:
            let items = blocks.enumerated().map { i, block in
                let first = block.code.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
                let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false).count
                let language = block.language.map { Sanitizer.clean($0) + " · " } ?? ""
                return Picker.Item(id: String(i + 1), label: "[\(i + 1)] " + (first.map { Sanitizer.clean(String($0.prefix(200))) } ?? ""),
                                   detail: language + tr.messages.codeLines(lines))
            }
            state[overlay: Picker.self] = Picker(purpose: .codeBlocks(messageId: message.id ?? -1, open: action == .open),
                                  title: action == .open ? tr.messages.openWhichCode : tr.messages.copyWhichCode, items: items)
            return []
        }
    }

    static func effect(_ action: Action, _ block: MarkdownCodeBlock) -> Effect {
        action == .open ? .openCode(block.code, fileExtension: block.fileExtension) : .copyText(block.code)
    }

    /// Keys in the code-block picker: a number chooses as soon as no other block's number
    /// starts with it (at once with up to nine blocks); Enter chooses the one under the cursor.
    /// nil for the keys every picker handles alike (↑↓, filtering, Esc).
    static func pickerKey(_ state: inout AppState, _ key: Key, messageId: Int64, open: Bool) -> [Effect]? {
        guard var picker = state[overlay: Picker.self] else { return [] }
        let chosen: String?
        switch key {
        case .text(let typed) where !typed.isEmpty && typed.allSatisfy(\.isNumber):
            picker.filter += typed
            picker.selected = 0
            let matching = picker.items.filter { $0.id.hasPrefix(picker.filter) }
            chosen = matching.count == 1 && matching[0].id == picker.filter ? picker.filter : nil
        case .enter:
            chosen = picker.selectedItem?.id
        default:
            return nil
        }
        guard let chosen, let number = Int(chosen) else { state[overlay: Picker.self] = picker; return [] }
        state[overlay: Picker.self] = nil
        guard let message = state.chat.index(of: messageId).map({ state.chat.messages[$0] }) else { return [] }
        let blocks = blocks(of: message)
        guard blocks.indices.contains(number - 1) else { return [] }
        return [effect(open ? .open : .copy, blocks[number - 1])]
    }
}
