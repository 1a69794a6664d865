import Foundation

/// A language of the interface. A new one is a new case here and a value in each catalog
/// (`Strings.swift` and its parts), which the compiler asks for.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The values config.toml's `language` takes.
    static let settingNames = ["auto"] + allCases.map(\.rawValue)

    /// Chooses the language from the setting and the environment and makes it the app's.
    @discardableResult
    static func apply(setting: String?, environment: [String: String]) -> Language {
        let language = choose(setting: setting, environment: environment)
        Strings.use(language)
        return language
    }

    /// `setting` is config.toml's `language` ("en", "zh-Hans", or "auto"/nil for the
    /// environment); the environment's locale variables are read as POSIX does: LC_ALL, then
    /// LC_MESSAGES, then LANG. Chinese locales other than Taiwan's, Hong Kong's and Macao's
    /// (which write Traditional Chinese) choose Simplified Chinese; anything else English.
    public static func choose(setting: String?, environment: [String: String]) -> Language {
        if let setting, let chosen = Language(setting: setting) { return chosen }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.lowercased().replacingOccurrences(of: "-", with: "_")
        guard name.hasPrefix("zh") else { return .english }
        let traditional = ["zh_tw", "zh_hk", "zh_mo", "zh_hant"].contains { name.hasPrefix($0) }
        return traditional ? .english : .simplifiedChinese
    }

    /// A setting's value: a code ("en", "zh-Hans", "zh", "zh_CN"), or nil for "auto" and unknown ones.
    public init?(setting: String) {
        switch setting.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "en", "en-us", "en-gb", "english": self = .english
        case "zh", "zh-hans", "zh-cn", "zh-sg", "chinese": self = .simplifiedChinese
        default: return nil
        }
    }
}
