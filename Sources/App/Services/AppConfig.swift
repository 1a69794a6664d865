import Foundation
import TOMLKit
import Tools
import Terminal
import Core

/// Settings from `config.toml`. A missing file means defaults; a broken one means defaults
/// plus a warning that names the file and line, so the app still starts.
public struct AppConfig: Sendable, Equatable {
    /// Capture the mouse (wheel, clicks). Off leaves text selection to the terminal.
    public var mouse = true
    /// At most this many model calls per turn.
    public var stepLimit = 6
    /// Replaces the default persona in the system prompt.
    public var persona: String?
    /// Offer the model every tool, not only those relevant to the message.
    public var offerAllTools = false
    /// The file tools' folder; nil: `AppPaths.files` (see `resolvingFilesFolder`).
    public var filesFolder: String?
    /// Run deleting and overwriting tools without asking first.
    public var autoApprove = false
    /// Summarize older messages once the history would take more than this share of the
    /// model's room for history (0 turns it off; docs/conversations.md).
    public var autoSummaryThreshold = 0.75
    /// The theme's name (see docs/themes.md); nil: the default. `--theme` overrides it.
    public var theme: String?
    /// Which model to talk to (see docs/providers.md).
    public var providers = ProviderConfig()
    /// "en", "zh-Hans" or "auto" (from LC_ALL / LANG): the suggested prompts' language for now.
    public var language = "auto"
    /// Sampling temperature and the answer's token limit; nil leaves the provider's default.
    public var temperature: Double?
    public var maxTokens: Int?
    /// `[keys]`: action name → key name (docs/settings.md), checked into `keyBindings` by `parse`.
    public var keys: [String: String] = [:]
    var keyBindings = KeyBindings()
    /// What a reminder does besides its alert box: the bell and notify-send, the bell, or neither.
    public var notifications = AlertNotifications.all
    /// An answer that took at least this many seconds rings and notifies (per `notifications`)
    /// when it ends while the terminal is in the background.
    public var notifyAfterSeconds: Double = 10
    /// The built-in toolsets the model is offered and may call (docs/tools.md); all by default.
    public var toolsets: [String] = Toolset.builtInNames
    /// The default keys, or the vi keys on top of them.
    public var keymap = KeymapStyle.default
    /// Answers drawn as Markdown; false shows their source as wrapped plain text.
    public var renderMarkdown = true
    /// `[images] max_bytes`: the largest image file that can be attached (docs/images.md).
    public var imageMaxBytes = ImageAttachment.defaultMaxBytes
    /// `[voice]`: the transcription server and the recorder (docs/voice.md).
    public var voice = VoiceSettings()
    /// `[images] preview`: inline previews by the terminal's answer (`auto`), by name, or none.
    public var imagePreview = PreviewSetting.auto
    /// `[[sync.accounts]]` and their passwords from credentials.toml `[sync]` (docs/sync.md).
    public var sync = SyncSettings()

    public init() {}

    static let keys: Set<String> = Set(["mouse", "step_limit", "persona", "offer_all_tools", "files_folder", "auto_approve", "theme",
                                                   "language", "temperature", "max_tokens", "keys", "auto_summary_threshold",
                                                   "render_markdown", "notify_after_seconds", "images", "voice", "sync"]).union(ProviderConfig.keys).union(SettingChoices.keys)

    /// This config with its files folder made absolute: `~/` is the home folder, and no
    /// setting means `paths.files`.
    public func resolvingFilesFolder(_ paths: AppPaths, home: String = NSHomeDirectory()) -> AppConfig {
        var config = self
        let folder = filesFolder ?? paths.files
        config.filesFolder = HomePath.expand(folder, home: home)
        return config
    }

    /// Reads the file at `path`; the warning is for the user (status bar or stderr).
    /// Keys come from credentials.toml beside it.
    public static func load(path: String) -> (config: AppConfig, warning: String?) {
        var (config, warning): (AppConfig, String?)
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            (config, warning) = parse(text, path: path)
        } else {
            let exists = FileManager.default.fileExists(atPath: path)
            (config, warning) = (AppConfig(), exists ? "Cannot read \(path); using the defaults." : nil)
        }
        let credentials = Credentials.load(path: Credentials.path(besideConfig: path))
        config.providers.apiKeys = credentials.keys
        config.voice.apiKey = credentials.voice
        config.sync.passwords = credentials.sync
        let warnings = [warning, credentials.warning].compactMap { $0 }
        return (config, warnings.isEmpty ? nil : warnings.joined(separator: " "))
    }

    static func parse(_ text: String, path: String) -> (config: AppConfig, warning: String?) {
        if let line = TOMLKeyLines.nulLine(in: text) {
            return (AppConfig(), "\(path) line \(line): \(TOMLKeyLines.nulMessage). Using the defaults.")
        }
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch let error as TOMLParseError {
            return (AppConfig(), "\(path) line \(error.source.begin.line): \(error.description). Using the defaults.")
        } catch {
            return (AppConfig(), "\(path): \(error). Using the defaults.")
        }
        var config = AppConfig()
        var problems: [String] = []
        for key in table.keys.sorted() where !keys.contains(key) { problems.append("unknown key '\(key)'") }
        if let value = table["mouse"] {
            if let b = value.bool { config.mouse = b } else { problems.append("'mouse' must be true or false") }
        }
        if let value = table["step_limit"] {
            if let n = value.int, (1...50).contains(n) { config.stepLimit = n } else { problems.append("'step_limit' must be a number from 1 to 50") }
        }
        if let value = table["offer_all_tools"] {
            if let b = value.bool { config.offerAllTools = b } else { problems.append("'offer_all_tools' must be true or false") }
        }
        if let value = table["render_markdown"] {
            if let b = value.bool { config.renderMarkdown = b } else { problems.append("'render_markdown' must be true or false") }
        }
        if let value = table["auto_approve"] {
            if let b = value.bool { config.autoApprove = b } else { problems.append("'auto_approve' must be true or false") }
        }
        if let value = table["auto_summary_threshold"] {
            if let n = value.double ?? value.int.map(Double.init), n == 0 || (0.1...1).contains(n) { config.autoSummaryThreshold = n }
            else { problems.append("'auto_summary_threshold' must be 0 (off) or a share of the window from 0.1 to 1, such as 0.75") }
        }
        if let value = table["notify_after_seconds"] {
            if let n = value.double ?? value.int.map(Double.init), (0...86_400).contains(n) { config.notifyAfterSeconds = n }
            else { problems.append("'notify_after_seconds' must be a number of seconds from 0 to 86400") }
        }
        if let value = table["images"] {
            if let limit = value.table?["max_bytes"] {
                if let n = limit.int, (1024...200 * 1024 * 1024).contains(n) { config.imageMaxBytes = n }
                else { problems.append("[images] 'max_bytes' must be a number of bytes from 1024 to 209715200 (200 MB)") }
            }
            for key in value.table?.keys.sorted() ?? [] where !ImagesConfig.keys.contains(key) { problems.append("unknown key '\(key)' in [images]") }
            if value.table == nil { problems.append("'images' must be a table ([images])") }
        }
        if let value = table["files_folder"] {
            if let s = value.string, s.hasPrefix("/") || s.hasPrefix("~/") { config.filesFolder = s }
            else { problems.append("'files_folder' must be an absolute path (or start with ~/)") }
        }
        if let value = table["persona"] {
            if let s = value.string, !s.isEmpty { config.persona = s } else { problems.append("'persona' must be text") }
        }
        if let value = table["theme"] {
            if let s = value.string, ThemeCatalog.isValidName(s) { config.theme = s }
            else { problems.append("'theme' must be a theme's name, such as \"light\" (see docs/themes.md)") }
        }
        if let value = table["language"] {
            if let s = value.string, Language.settingNames.contains(s) { config.language = s }
            else { problems.append("'language' must be one of: " + Language.settingNames.joined(separator: ", ")) }
        }
        if let value = table["temperature"] {
            if let d = value.double ?? value.int.map(Double.init), (0...2).contains(d) { config.temperature = d }
            else { problems.append("'temperature' must be a number from 0 to 2") }
        }
        if let value = table["max_tokens"] {
            if let n = value.int, (1...1_000_000).contains(n) { config.maxTokens = n } else { problems.append("'max_tokens' must be a whole number, 1 or more") }
        }
        if let value = table["keys"] {
            if let t = value.table {
                for name in t.keys {
                    if let key = t[name]?.string { config.keys[name] = key } else { problems.append("[keys] '\(name)' must be a key name in quotes") }
                }
                config.keyBindings = KeyBindings(config.keys, text: text, problems: &problems)
            } else {
                problems.append("'keys' must be a table: [keys] with lines like help = \"f1\"")
            }
        }
        SettingChoices.parse(table, text: text, into: &config, problems: &problems)
        ImagesConfig.parse(table, into: &config, problems: &problems)
        config.keyBindings.style = config.keymap
        config.providers = ProviderConfig.parse(table, problems: &problems)
        config.voice = VoiceSettings.parse(table, problems: &problems)
        config.sync = SyncSettings.parse(table, problems: &problems)
        let warning = problems.isEmpty ? nil : "\(path): " + problems.joined(separator: "; ") + " (ignored)."
        return (config, warning)
    }
}
