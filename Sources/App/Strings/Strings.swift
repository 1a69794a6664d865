import Foundation

/// All text of the interface in one language, by area. Every language provides every string:
/// a missing one does not compile.
public struct Strings: Sendable {
    var language: Language
    var dates: DateStrings
    var tasks: TaskStrings
    var taskForm: TaskFormStrings
    var todos: TodoStrings
    var dialogs: DialogStrings
    var chrome: ChromeStrings
    var help: HelpStrings
    var settings: SettingsStrings
    var onboarding: OnboardingStrings
    var chat: ChatStrings
    var transcript: TranscriptStrings
    var conversations: ConversationStrings
    var messages: MessageStrings
    var notices: NoticeStrings
    var keyCheck: KeyCheckStrings
    var mcp: MCPStrings
    var records: RecordStrings
    var conversationModel: ConversationModelStrings
    var images: ImageStrings
    var voice: VoiceStrings
    var sync: SyncStrings

    static func of(_ language: Language) -> Strings {
        switch language {
        case .english: return Strings(language: .english, dates: .english, tasks: .english, taskForm: .english,
                                      todos: .english, dialogs: .english, chrome: .english, help: .english, settings: .english, onboarding: .english, chat: .english, transcript: .english, conversations: .english, messages: .english, notices: .english, keyCheck: .english, mcp: .english, records: .english, conversationModel: .english, images: .english, voice: .english, sync: .english)
        case .simplifiedChinese: return Strings(language: .simplifiedChinese, dates: .chinese, tasks: .chinese,
                                                taskForm: .chinese, todos: .chinese, dialogs: .chinese, chrome: .chinese, help: .chinese, settings: .chinese, onboarding: .chinese, chat: .chinese, transcript: .chinese, conversations: .chinese, messages: .chinese, notices: .chinese, keyCheck: .chinese, mcp: .chinese, records: .chinese, conversationModel: .chinese, images: .chinese, voice: .chinese, sync: .chinese)
        }
    }

    /// The language the app speaks. Set at start (and by settings) on the loop thread, which is
    /// the only thread that draws or builds interface text.
    nonisolated(unsafe) static var current = Strings.of(.english)

    public static func use(_ language: Language) { current = of(language) }
}

/// The interface text in the current language: `tr.tasks.noTasks`.
var tr: Strings { Strings.current }
