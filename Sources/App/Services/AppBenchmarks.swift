import Foundation
import Core
import Terminal
import Storage

/// Hooks for `make bench` that need the app's internals (the renderer and its state).
public enum AppBenchmarks {
    /// Time to render `frames` frames of a chat of `messageCount` messages while its last
    /// answer streams (one token per frame), into an in-memory canvas. One sample per frame.
    public static func frameCost(messageCount: Int, width: Int, height: Int, frames: Int) -> [Duration] {
        frameCost((0..<messageCount).map(sampleMessage), width: width, height: height, frames: frames) { "token\($0) " }
    }

    /// Frames of a chat of `messages` whose last one streams, `token(frame)` more each frame.
    static func frameCost(_ messages: [Message], width: Int, height: Int, frames: Int, token: (Int) -> String) -> [Duration] {
        var state = AppState(size: Size(width: width, height: height), today: CivilDate(year: 2026, month: 11, day: 23),
                             providerName: "Offline", modelName: "offline-assistant")
        state.chat.messages = messages
        state.chat.messages[messages.count - 1].role = .assistant
        state.chat.turn = RunningTurn(id: 1, messageId: messages[messages.count - 1].id!)
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(width: width, height: height)
        renderer.render(state, view: &view, into: &canvas)  // warm the caches as a running app has them
        let clock = ContinuousClock()
        return (0..<frames).map { (frame: Int) -> Duration in
            state.chat.messages[messages.count - 1].content += token(frame)
            return clock.measure { renderer.render(state, view: &view, into: &canvas) }
        }
    }

    /// The conversation list (Ctrl-O) and search (typing into Ctrl-F) on the database at `path`,
    /// read and drawn at 120×40; search for each of `queries` in turn. One sample per run.
    public static func conversationScreens(databasePath path: String, queries: [String], runs: Int) throws
        -> (list: [Duration], search: [Duration], results: Int) {
        let database = try AppDatabase.open(path: path)
        var state = AppState(size: Size(width: 120, height: 40), today: .today(), providerName: "Offline", modelName: "offline")
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(width: 120, height: 40)
        let clock = ContinuousClock()
        var results = 0
        let list = try (0..<runs).map { _ in
            try clock.measure {
                let items = ConversationItems.list(try database.conversationSummaries(), now: Date(), timeZone: .current)
                state[overlay: Picker.self] = Picker(purpose: .conversations, title: "Conversations", items: items)
                renderer.render(state, view: &view, into: &canvas)
            }
        }
        let search = try (0..<runs).map { i in
            try clock.measure {
                let hits = try database.search(queries[i % queries.count])
                results = max(results, hits.count)
                state[overlay: Picker.self] = Picker(purpose: .search, title: "Search", items: ConversationItems.search(hits, now: Date(), timeZone: .current))
                renderer.render(state, view: &view, into: &canvas)
            }
        }
        return (list, search, results)
    }

    /// The Tasks pane on the database at `path`: loading and drawing after moving a day (within
    /// the month), a month (to a neighbour, which the series store has expanded in the
    /// background meanwhile), a year (a month not expanded yet: drawn at once without its
    /// repeating tasks), then the background work that completes it, and filtering all tasks.
    public static func calendarMoves(databasePath path: String, moves: Int) throws
        -> (day: [Duration], month: [Duration], year: [Duration], expand: [Duration], filter: [Duration]) {
        let database = try AppDatabase.open(path: path)
        let store = SeriesStore(database: database, ready: {})
        let loader = TaskPaneLoader(database: database, series: store)
        var state = AppState(size: Size(width: 120, height: 40), today: .today(), providerName: "Offline", modelName: "offline")
        state.focus = .tasks
        let renderer = Renderer(theme: .dark)
        var view = ViewState()
        var canvas = Canvas(width: 120, height: 40)
        state.tasks.take(try loader.load(for: state.tasks))
        store.settle()
        let clock = ContinuousClock()
        func measure(_ move: (inout AppState) -> Void) throws -> Duration {
            let time = try clock.measure {
                move(&state)
                state.tasks.take(try loader.load(for: state.tasks))
                renderer.render(state, view: &view, into: &canvas)
            }
            return time
        }
        let days = try (0..<moves).map { i in try measure { $0.tasks.selected = $0.tasks.selected.firstOfMonth.adding(days: i % 28) } }
        var months: [Duration] = [], years: [Duration] = [], expansions: [Duration] = []
        for i in 0..<moves {
            state.tasks.take(try loader.load(for: state.tasks))
            store.settle()  // the neighbours are expanded while the person looks at the month
            months.append(try measure { $0.tasks.selected = $0.tasks.selected.adding(months: i % 2 == 0 ? 1 : -1) })
            years.append(try measure { $0.tasks.selected = $0.tasks.selected.adding(months: i % 2 == 0 ? 12 * (i + 1) : -12 * i) })
            expansions.append(clock.measure { store.settle() })
        }
        let words = ["review", "Task 4242", "call", "plan 9", "nothing like this"]
        let filters = try (0..<moves).map { i in try measure { $0.tasks.mode = .filter(words[i % words.count]) } }
        return (days, months, years, expansions, filters)
    }

    private static func sampleMessage(_ i: Int) -> Message {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 1 + i % 7)
        let role: Role = i % 2 == 0 ? .user : .assistant
        return Message(id: Int64(i + 1), conversationId: 1, role: role, content: "Message \(i): " + words,
                       createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(i)))
    }
}
