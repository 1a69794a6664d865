import Foundation
import Core
import Storage
import Agent
import Interop

/// The conversation list (Ctrl-O), search (Ctrl-F), `/export`, and the model's titles: the
/// runtime side (docs/conversations.md).
extension TUIApp {
    static var listHelp: String { tr.conversations.listHelp }

    func actOnConversations(_ action: ConversationAction) {
        switch action {
        case .openList: openConversationList()
        case .search(let query, let request, let cursor): searches.run(query: query, request: request, from: cursor)
        case .stopSearch: searches.stop()
        case .filterList(let filter, let items):
            queries.listFilter.run { isCurrent in isCurrent() ? .listFiltered(filter: filter, items: Picker.filter(items, by: filter)) : nil }
        case .open(let id, let messageId, let query): openConversation(id: id, at: messageId, query: query)
        case .showNote(let id): showNote(id)
        case .rename(let id, let title):
            changeConversation { try database.renameConversation(id: id, title: title) }
            handleNow(.conversationTitled(id: id, title: title))
        case .archive(let id, let archived): changeConversation { try database.setConversationArchived(id: id, archived) }
        case .delete(let id):
            changeConversation { try database.trashConversation(id: id) }
            let wasOpen = state.chat.conversation?.id == id
            apply(.conversationDeleted(id: id))
            if wasOpen { answerWith(nil) }
        case .restore(let id): changeConversation { try database.restoreConversation(id: id) }
        case .export(let path): exportConversation(to: path)
        }
    }

    /// Opens with the last 200 messages; at `messageId`, from a little before it to the newest.
    /// The agent then answers with the conversation's provider, model and persona; with
    /// `keepModel` (at start-up, when `--provider` / `--model` chose) the agent's provider and
    /// model become the conversation's.
    func openConversation(_ conversation: Conversation, at messageId: Int64? = nil, keepModel: Bool = false) {
        let window = conversation.id.map { ConversationLoader(database: database).open($0, at: messageId) }
            ?? ConversationWindow(messages: [], hasOlder: false, steps: [:], marks: ConversationMarks(branches: [:], summaries: [:]))
        apply(.conversationOpened(conversation, window, usage: conversation.id.flatMap { try? database.usageTotals(conversationId: $0) }))
        guard keepModel else { return answerWith(conversation) }
        guard let switcher else { return }
        rebuildAgent(agent.provider, config: switcher.config)
        storeConversationModel()
    }

    /// Opens on the newest screenfuls at once; the whole list follows from the background
    /// (20,000 conversations take longer to read than a frame).
    private func openConversationList() {
        let head: [Picker.Item]
        do { head = try listItems(limit: Self.listHead) } catch {
            return show(Notice(text: tr.notices.couldNotReadConversations("\(error)"), kind: .error, expires: nil))
        }
        apply(.pickerOpened(Picker(purpose: .conversations, title: tr.conversations.listTitle, items: head,
                                   current: state.chat.conversation?.id.map(String.init), status: Self.listHelp)))
        if head.count == Self.listHead { readWholeList() }
    }

    /// More rows than a screen shows.
    static let listHead = 200

    private func listItems(limit: Int) throws -> [Picker.Item] {
        ConversationItems.list(try database.conversationSummaries(limit: limit), now: Date(), timeZone: state.timeZone)
    }

    /// The whole list, read off the loop; `update` keeps the choice and filters it again.
    private func readWholeList() {
        let database = self.database, timeZone = state.timeZone, words = tr.notices
        queries.conversationList.run { _ in
            do { return .conversationListChanged(ConversationItems.list(try database.conversationSummaries(), now: Date(), timeZone: timeZone)) } catch {
                return .noticed(Notice(text: words.couldNotReadConversations("\(error)"), kind: .error, expires: nil))
            }
        }
    }

    /// Does the change, then shows the list again with the choice kept.
    private func changeConversation(_ change: () throws -> Void) {
        do { try change() } catch {
            show(Notice(text: tr.notices.couldNotChangeConversation("\(error)"), kind: .error, expires: nil))
        }
        guard state[overlay: Picker.self]?.purpose == .conversations else { return }
        readWholeList()
    }

    private func openConversation(id: Int64, at messageId: Int64?, query: String?) {
        guard let conversation = try? database.conversation(id: id) else {
            return show(Notice(text: tr.notices.conversationGone, kind: .error, expires: nil))
        }
        // What the status bar said was about the conversation left (before opening: a model
        // that cannot be used there says so).
        show(nil)
        openConversation(conversation, at: messageId)
        guard let messageId, let query, !ChatSearch.words(query).isEmpty else { return }
        apply(.searchOpened(query: query, at: messageId))
    }

    private func showNote(_ id: Int64) {
        guard let note = try? database.note(id: id) else { return }
        let body = Sanitizer.clean(note.body).split(whereSeparator: \.isNewline).joined(separator: " ")
        show(Notice(text: tr.notices.note(Sanitizer.clean(note.title), body), kind: .info, expires: nil))
    }

    /// `/export [FILE]`: Markdown, or JSON when FILE ends in .json; by default
    /// `conversation-ID.md` in the folder the app was started from.
    private func exportConversation(to path: String?) {
        guard let id = state.chat.conversation?.id else {
            return show(Notice(text: tr.notices.nothingToExport, kind: .info, expires: state.clock.addingTimeInterval(10)))
        }
        let file = URL(fileURLWithPath: NSString(string: path ?? "conversation-\(id).md").expandingTildeInPath)
        do {
            let json = file.pathExtension.lowercased() == "json"
            // Markdown names the pictures only: their bytes are not read.
            guard let records = try database.conversationRecords(id: id, imageBytes: json) else { return }
            let text = json ? try ConversationJSON(records).text() : ConversationMarkdown.write(records, timeZone: state.timeZone)
            try Data(text.utf8).write(to: file, options: .atomic)
            show(Notice(text: tr.notices.exported(id, records.messages.count, file.path),
                        kind: .info, expires: state.clock.addingTimeInterval(20)))
        } catch {
            show(Notice(text: tr.notices.couldNotExport(file.path, error.localizedDescription), kind: .error, expires: nil))
        }
    }

    /// After the first exchange with a connected model, asks it for a title in the background;
    /// a failure keeps the title made from the first message.
    func titleByModel(turn: Turn) {
        let agent = self.agent, database = self.database, mailbox = self.mailbox, firstTurn = turns.task
        let conversationId = turn.user.conversationId
        guard agent.provider.id != "offline" else { return }
        Task.detached {
            // Not when a fallback answered: the chosen provider just failed.
            guard let answer = await firstTurn?.value, answer.status == .complete, answer.provider == agent.provider.id,
                  let title = await ConversationTitler.suggest(provider: agent.provider, model: agent.model,
                                                               question: turn.user.content, answer: answer.content),
                  (try? database.renameConversation(id: conversationId, title: title)) != nil else { return }
            mailbox.post(.conversationTitled(id: conversationId, title: title), urgent: true)
        }
    }
}
