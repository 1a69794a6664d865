import Foundation

/// Where the candidates of an argument come from; the runtime lists them (`Effect.listCompletions`).
enum CompletionSource: Hashable, Sendable {
    case providers, models, themes
    /// `/persona`'s names: known without asking the runtime.
    case personas
    /// The MCP servers, each candidate's `keywords` its resources' URIs, one per line.
    case mcpServers
    /// The entries of a folder as typed ("" is the working folder, "docs/", "~/"); folders end in "/".
    case files(folder: String)
}

/// The slash-command popup's own state (`ChatState.completion`). What it lists is not kept: it
/// is worked out from the input each time (`CompletionPopup.of`), so the popup is a view of the
/// input and typing goes on into the input.
struct CompletionState: Equatable {
    var selected = 0
    /// ↑ ↓ moved the choice: Enter takes it even for a file (where Enter otherwise sends what was typed).
    var moved = false
    /// Esc closed the popup over this text: hidden until the input changes.
    var closedOver: String?
    /// The input text `selected` belongs to: a change of the text starts the choice again.
    var seenText = ""
    /// Lists the runtime gave, and those asked for (asked once per `/` typed).
    var lists: [CompletionSource: [Picker.Item]] = [:]
    var asked: Set<CompletionSource> = []
}

/// What the popup shows for the input as it is: candidates for the word being typed, best
/// first. Pure, for `update` (Tab, Enter) and the chat pane (drawing) alike.
struct CompletionPopup: Equatable {
    struct Row: Equatable {
        /// What completing puts in place of the word.
        var text: String
        var detail: String
        /// Characters of `text` that matched the word typed.
        var matched: [Int]
    }
    /// The input before the word being completed.
    var head: String
    /// The word being completed, as typed.
    var word: String
    var rows: [Row]
    var selected: Int
    /// The list to read (nil: the command names, which need no I/O).
    var source: CompletionSource?
    /// Said instead of rows: nothing matches, or the list is loading.
    var empty: String?
    /// Enter sends what was typed unless ↑ ↓ chose a row (file names, where a new name is the usual case).
    var openEnded: Bool
    /// What follows a completed word: a space when another word comes (a command with an argument, a server's name).
    var suffix: (Row) -> String

    static func == (a: CompletionPopup, b: CompletionPopup) -> Bool {
        a.head == b.head && a.word == b.word && a.rows == b.rows && a.selected == b.selected && a.empty == b.empty
    }

    /// The completed input for the chosen row.
    func completed(_ row: Row) -> String { head + row.text + suffix(row) }

    var chosen: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// The popup for `state`'s input: the input is one line starting with `/`, the chat is
    /// focused and nothing is drawn over it; nil otherwise, and after Esc until the text changes.
    static func of(_ state: AppState) -> CompletionPopup? {
        let text = state.chat.input.text, completion = state.chat.completion
        guard text.hasPrefix("/"), !text.contains(where: \.isNewline), state.focus == .chat, !state.hasOverlay,
              state.chat.selectedMessageId == nil, state.chat.input.cursor == text.count,
              completion.closedOver != text else { return nil }
        let selected = completion.seenText == text ? completion.selected : 0
        guard let space = text.firstIndex(of: " ") else { return commands(text, selected: selected) }
        guard let command = SlashCommand.named(String(text[..<space])) else { return nil }
        let rest = String(text[text.index(after: space)...])
        let head = String(text[...space])
        switch command.argument {
        case .none, .text: return nil
        case .provider: return argument(head, rest, .providers, completion, selected)
        case .model: return argument(head, rest, .models, completion, selected)
        case .theme: return argument(head, rest, .themes, completion, selected)
        case .persona:
            let names = Persona.allCases.map(\.rawValue) + ["default"]
            return filtered(head, rest, names.map { Picker.Item(id: $0, label: $0, detail: "") }, source: .personas, selected: selected)
        case .attach:
            guard let gap = rest.firstIndex(of: " ") else {
                return argument(head, rest, .mcpServers, completion, selected, suffix: { _ in " " })
            }
            let server = String(rest[..<gap]), uri = String(rest[rest.index(after: gap)...])
            guard !uri.contains(" ") else { return nil }
            // The chosen server's resources: its candidate's keywords.
            let resources = completion.lists[.mcpServers]?.first { $0.id == server }.map {
                $0.keywords.split(separator: "\n").map { Picker.Item(id: String($0), label: String($0), detail: "") }
            }
            return filtered(head + server + " ", uri, resources, source: .mcpServers, selected: selected)
        case .file:
            let folder = rest.lastIndex(of: "/").map { String(rest[...$0]) } ?? ""
            let name = String(rest.dropFirst(folder.count))
            // Hidden files only when the name typed starts with a dot, as in a shell.
            let entries = completion.lists[.files(folder: folder)]?.filter { !$0.id.hasPrefix(".") || name.hasPrefix(".") }
            var popup = filtered(head + folder, name, entries, source: .files(folder: folder), selected: selected)
            popup.openEnded = !completion.moved
            return popup
        }
    }

    private static func commands(_ typed: String, selected: Int) -> CompletionPopup {
        let query = String(typed.dropFirst())
        var found = FuzzyMatch.filter(SlashCommand.all, query: query) { String($0.name.dropFirst()) }
            .map { Row(text: $0.item.name, detail: $0.item.does, matched: $0.match.positions.map { $0 + 1 }) }
        // A command or alias typed whole ("/model", "/q", "/?") shows its command first.
        if let named = SlashCommand.named(typed) {
            let row = found.first { $0.text == named.name } ?? Row(text: named.name, detail: named.does, matched: [])
            found.removeAll { $0.text == named.name }
            found.insert(row, at: 0)
        }
        return CompletionPopup(head: "", word: typed, rows: found, selected: min(selected, max(0, found.count - 1)), source: nil,
                               empty: found.isEmpty ? tr.palette.noCommand(typed) : nil, openEnded: false,
                               suffix: { row in SlashCommand.named(row.text)?.argument == SlashCommand.Argument.none ? "" : " " })
    }

    private static func argument(_ head: String, _ word: String, _ source: CompletionSource, _ completion: CompletionState,
                                 _ selected: Int, suffix: @escaping (Row) -> String = { _ in "" }) -> CompletionPopup? {
        guard !word.contains(" ") else { return nil }
        var popup = filtered(head, word, completion.lists[source], source: source, selected: selected)
        popup.suffix = suffix
        return popup
    }

    private static func filtered(_ head: String, _ word: String, _ items: [Picker.Item]?, source: CompletionSource,
                                 selected: Int) -> CompletionPopup {
        var rows = FuzzyMatch.filter(items ?? [], query: word) { $0.id }.prefix(200)
            .map { Row(text: $0.item.id, detail: $0.item.detail, matched: $0.match.positions) }
        // The word typed whole comes first ("gpt-4o" before "gpt-4o-mini"), so Enter sends it as typed.
        if let exact = rows.firstIndex(where: { $0.text == word }), exact > 0 { rows.insert(rows.remove(at: exact), at: 0) }
        let empty = items == nil ? tr.palette.loading : rows.isEmpty ? tr.palette.nothingMatches(word) : nil
        return CompletionPopup(head: head, word: word, rows: Array(rows), selected: min(selected, max(0, rows.count - 1)),
                               source: source, empty: empty, openEnded: false, suffix: { _ in "" })
    }
}
