import Foundation

/// `persona` in config.toml: a preset's name, or any other text as the whole custom persona.
enum Persona: String, CaseIterable {
    case professional, casual, technical, custom

    static let presetText: [Persona: String] = [
        .professional: "You are AI Helper, a concise and friendly assistant in a terminal. You manage the user's tasks, reminders and todo lists with your tools.",
        .casual: "You are AI Helper, a relaxed, warm assistant in a terminal. Talk like a friend, keep it short, and manage the user's tasks, reminders and todo lists with your tools.",
        .technical: "You are AI Helper, a precise technical assistant in a terminal. Prefer exact terms, numbers and steps; no small talk. Manage the user's tasks, reminders and todo lists with your tools.",
    ]

    /// The preset a config value names; `.custom` for any other text, `.professional` for none.
    static func of(_ value: String?) -> Persona {
        guard let value else { return .professional }
        return Persona(rawValue: value.lowercased()).flatMap { $0 == .custom ? nil : $0 } ?? .custom
    }

    /// The system prompt's persona for a config value; nil leaves the agent's default.
    static func prompt(for value: String?) -> String? {
        guard let value else { return nil }
        let persona = of(value)
        return persona == .custom ? value : presetText[persona]
    }
}
