import Foundation

/// The chat's slash commands: one table for the completion popup, the palette, the unknown
/// command's "did you mean" and the list the notice gives. Running them is `runCommand`
/// (UpdateChat.swift); a command added there belongs here too.
struct SlashCommand: Equatable {
    /// What the argument is, for completing it.
    enum Argument: Equatable {
        case none
        /// Free text (`/remind …`, `/search words`): nothing to complete; `required`: the palette puts the command in the input.
        case text(required: Bool)
        case provider, model, theme
        /// `/persona NAME`: the presets, `custom` and `default`.
        case persona
        /// `/attach SERVER URI`: a server's name, then one of its resources.
        case attach
        /// A file path, relative to the working folder (`/export FILE`).
        case file
    }
    var name: String
    var aliases: [String] = []
    var argument: Argument = .none

    /// What it does, in the current language.
    var does: String { tr.palette.commands[name] ?? name }

    static let all: [SlashCommand] = [
        .init(name: "/help", aliases: ["/?"]), .init(name: "/new"),
        .init(name: "/history", aliases: ["/conversations"]), .init(name: "/search", argument: .text(required: false)),
        .init(name: "/export", argument: .file), .init(name: "/retry"),
        .init(name: "/remind", argument: .text(required: true)), .init(name: "/list", argument: .text(required: true)),
        .init(name: "/summarize"),
        .init(name: "/provider", aliases: ["/providers"], argument: .provider),
        .init(name: "/model", aliases: ["/models"], argument: .model),
        .init(name: "/persona", argument: .persona),
        .init(name: "/theme", aliases: ["/themes"], argument: .theme),
        .init(name: "/keys", aliases: ["/key"]), .init(name: "/mcp"), .init(name: "/sync"), .init(name: "/attach", argument: .attach),
        .init(name: "/image", aliases: ["/img"], argument: .file),
        .init(name: "/contacts"), .init(name: "/notes"), .init(name: "/voice"),
        .init(name: "/settings", aliases: ["/config"]), .init(name: "/quit", aliases: ["/exit", "/q"]),
    ]

    static func named(_ name: String) -> SlashCommand? {
        let name = name.lowercased()
        return all.first { $0.name == name || $0.aliases.contains(name) }
    }

    static var list: String { all.map(\.name).joined(separator: ", ") }

    /// The command nearest to `typed` by edit distance, when near enough to be what was meant.
    static func nearest(_ typed: String) -> SlashCommand? {
        let typed = typed.lowercased()
        let ranked = all.map { command in (command, ([command.name] + command.aliases).map { editDistance(typed, $0) }.min() ?? .max) }
        guard let best = ranked.min(by: { $0.1 < $1.1 }), best.1 <= max(2, typed.count / 3) else { return nil }
        return best.0
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return row[b.count]
    }
}
