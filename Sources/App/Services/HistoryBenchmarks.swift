import Foundation
import Core
import Terminal
import Storage

extension AppBenchmarks {
    /// The input history at `lines` lines in a fresh database: reading it after the first frame,
    /// ordering it for a conversation (on each open), Up, and Ctrl-R typing a query found only
    /// in the oldest line and one found nowhere (every line read). One sample per run.
    public static func inputHistory(lines: Int, runs: Int) throws
        -> (load: [Duration], order: [Duration], up: [Duration], searchOldest: [Duration], searchNothing: [Duration]) {
        let database = try AppDatabase.temporary()
        let conversation = try database.createConversation(title: "Bench").id!
        try database.pool.write { db in
            for i in 0..<lines {
                let text = i == 0 ? "the oldest line: renew the passport" : "line \(i): remind me to water the plants every monday at 8am"
                try db.execute(sql: "INSERT INTO inputHistory (text, conversationId, createdAt) VALUES (?, ?, ?)",
                               arguments: [text, i % 50 == 1 ? conversation : nil, Date()])
            }
        }
        var state = AppState(size: Size(width: 120, height: 40), today: .today(), providerName: "Offline", modelName: "offline")
        let clock = ContinuousClock()
        var stored: [InputHistoryLine] = []
        let load = try (0..<runs).map { _ in try clock.measure { stored = try database.inputHistory() } }
        _ = update(&state, .result(.inputHistoryLoaded(stored)))
        let order = (0..<runs).map { _ in clock.measure { state.chat.input.history = state.inputHistory.editorLines(for: conversation) } }
        func key(_ keys: [Key]) -> Duration {
            clock.measure { for key in keys { _ = update(&state, .key(key)) } }
        }
        var up: [Duration] = [], oldest: [Duration] = [], nothing: [Duration] = []
        for _ in 0..<runs {
            up.append(key([.up]))
            _ = update(&state, .key(.down))  // back to the (empty) draft
            _ = update(&state, .key(.ctrl("r")))
            oldest.append(key([.text("passport")]))
            _ = update(&state, .key(.ctrl("g")))  // cancels the search
            _ = update(&state, .key(.ctrl("r")))
            nothing.append(key([.text("zqx")]))
            _ = update(&state, .key(.ctrl("g")))
        }
        precondition(state.chat.input.isEmpty && state.chat.selectedMessageId == nil, "the keys stayed in the input")
        return (load, order, up, oldest, nothing)
    }
}
