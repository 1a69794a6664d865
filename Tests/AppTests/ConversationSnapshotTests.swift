import XCTest
import Core
import Storage
import Terminal
@testable import App

/// The conversation list and search results drawn over the panes, in three themes: the text and
/// a map of each cell's style (matched words bold and underlined, archived rows muted).
final class ConversationSnapshotTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23 10:00 UTC
    private let themes = ["dark", "light", "high-contrast"]

    private func listState(width: Int, height: Int) -> AppState {
        var state = SnapshotFixture.state(width: width, height: height)
        let summaries = [
            (Conversation(id: 3, title: "Call mom reminder", provider: "offline", model: "offline-assistant", updatedAt: now.addingTimeInterval(-120)), 4),
            (Conversation(id: 7, title: "Plan trip to Japan in March", provider: "openai", model: "gpt-4o", updatedAt: now.addingTimeInterval(-3 * 3_600)), 12),
            (Conversation(id: 2, title: "中文标题 and emoji 👩‍💻 \u{1B}[31mred", provider: "anthropic", model: "claude-sonnet-4",
                          updatedAt: now.addingTimeInterval(-26 * 3_600)), 1),
            (Conversation(id: 1, title: "Old groceries", provider: "offline", model: "offline-assistant", archived: true,
                          updatedAt: now.addingTimeInterval(-40 * 86_400)), 30),
        ].map { ConversationSummary(conversation: $0.0, messageCount: $0.1) }
        state[overlay: Picker.self] = Picker(purpose: .conversations, title: tr.conversations.listTitle, items: ConversationItems.list(summaries, now: now, timeZone: SnapshotFixture.utc),
                              current: "3", selected: 1, status: TUIApp.listHelp)
        return state
    }

    private func searchState(width: Int, height: Int) -> AppState {
        var state = SnapshotFixture.state(width: width, height: height)
        let (o, c) = SearchHit.highlight
        let hits = [
            SearchHit(kind: .userMessage, conversationId: 3, messageId: 1, title: "Call mom reminder", date: now.addingTimeInterval(-60),
                      snippet: "remind me to call \(o)mom\(c) tomorrow at 5pm"),
            SearchHit(kind: .toolResult, conversationId: 3, messageId: 2, title: "Call mom reminder", date: now.addingTimeInterval(-59),
                      snippet: "Created task “Call \(o)mom\(c)” on Tue 2026-11-24\nat 17:00."),
            SearchHit(kind: .assistantMessage, conversationId: 9, messageId: 40, title: "Birthday plans", date: now.addingTimeInterval(-5 * 86_400),
                      snippet: "…ask your \(o)mom\(c) about the \u{1B}[2Jcake…"),
            SearchHit(kind: .note, noteId: 4, title: "Gift ideas", date: now.addingTimeInterval(-400 * 86_400), snippet: "\(o)Mom\(c): scarf, tea"),
        ]
        state[overlay: Picker.self] = Picker(purpose: .search, title: tr.conversations.searchTitle, items: ConversationItems.search(hits, now: now, timeZone: SnapshotFixture.utc),
                              filter: "mom", status: tr.conversations.results(hits.count, false))
        return state
    }

    func testListAndSearchInThreeThemes() throws {
        let catalog = ThemeCatalog(userFolder: nil)
        for name in themes {
            let theme = try catalog.load(name).get()
            assertSnapshot(StyleMap.of(screenCanvas(listState(width: 80, height: 24), theme: theme)), named: "conversations-\(name)-80x24")
            assertSnapshot(StyleMap.of(screenCanvas(searchState(width: 80, height: 24), theme: theme)), named: "search-\(name)-80x24")
        }
    }

    /// The list and the results in Simplified Chinese: rows, times, who wrote each hit, keys.
    func testListAndSearchInChinese() {
        Strings.use(.simplifiedChinese)
        defer { Strings.use(.english) }
        let list = screenText(listState(width: 80, height: 24))
        assertSnapshot(list, named: "zh-conversations-80x24")
        for words in ["对话列表", "2 分钟前", "12 条消息", "已归档", "Enter 打开"] { XCTAssertTrue(list.contains(words), words) }
        let search = screenText(searchState(width: 80, height: 24))
        assertSnapshot(search, named: "zh-search-80x24")
        for words in ["搜索", "你 · Call mom reminder", "工具结果", "笔记", "4 条结果"] { XCTAssertTrue(search.contains(words), words) }
        for row in (list + "\n" + search).split(separator: "\n").map(String.init) where row.hasPrefix("│") {
            XCTAssertEqual(TextWidth.of(row), 80, row)
        }
    }

    func testWideScreens() {
        assertSnapshot(screenText(listState(width: 120, height: 40)), named: "conversations-120x40")
        assertSnapshot(screenText(searchState(width: 200, height: 50)), named: "search-200x50")
    }

    /// The matched word is drawn in the match style; the text around it, and escape sequences
    /// from the stored text, are not.
    func testMatchesAreHighlightedAndNothingRawReachesTheScreen() throws {
        let canvas = screenCanvas(searchState(width: 120, height: 40), theme: .dark)
        let at = try XCTUnwrap(StyleMap.find("mom tomorrow", in: canvas))
        XCTAssertEqual(canvas[at.x, at.y].style, PickerOverlay.matchStyle(Theme.dark[.selection]), "the selected row's match")
        XCTAssertNotEqual(canvas[at.x + 4, at.y].style, canvas[at.x, at.y].style)
        let second = try XCTUnwrap(StyleMap.find("mom” on Tue", in: canvas))
        XCTAssertEqual(canvas[second.x, second.y].style, PickerOverlay.matchStyle(Theme.dark[.accent]))
        XCTAssertFalse(canvas.text().contains("\u{1B}"))
        XCTAssertTrue(canvas.text().contains("about the cake"))
        let list = screenCanvas(listState(width: 120, height: 40), theme: .dark)
        let archived = try XCTUnwrap(StyleMap.find("Old groceries", in: list))
        XCTAssertEqual(list[archived.x, archived.y].style, Theme.dark[.muted])
    }
}
