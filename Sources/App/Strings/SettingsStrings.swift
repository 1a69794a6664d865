import Foundation
import Core
import Providers

/// The settings screen (F2): labels, hints, the words of its choices and what a bad value says.
struct SettingsStrings: Sendable {
    var title: String
    var label: @Sendable (SettingsScreen.Field) -> String
    var baseURLHint: String, temperatureHint: String, maxTokensHint: String, personaHint: String
    var customPersonaHint: String, stepLimitHint: String, approvalsHint: String, languageHint: String, mouseHint: String
    var askFirst: String, runWithoutAsking: String, relevantTools: String, allTools: String, on: String, off: String
    /// `render_markdown`: the Answers field's choices and hint.
    var asMarkdown: String, asPlainText: String, answersHint: String
    var toolsetsHint: @Sendable (_ all: String) -> String, keymapHint: String, notificationsHint: String
    var keymap: @Sendable (KeymapStyle) -> String
    var notifications: @Sendable (AlertNotifications) -> String
    var unknownToolsets: @Sendable (_ unknown: String, _ all: String) -> String
    var persona: @Sendable (Persona) -> String
    var keyStored: @Sendable (String) -> String
    var keyPage: @Sendable (String) -> String
    var needsNoKey: @Sendable (String) -> String
    var noKeyStored: String
    /// The provider's key comes from api_key_command in config.toml.
    var keyFromCommand: String
    var badBaseURL: String, badTemperature: String, badMaxTokens: String, badStepLimit: String, emptyPersona: String
    var checkingKey: @Sendable (String) -> String
    var keyNotSaved: String
    /// The Voice section (`[voice]`, docs/voice.md) and its test (F4 on the screen).
    var voiceServerHint: String, voiceModelHint: String, noVoiceKey: String, recordCommandHint: String
    var intoTheInput: String, sentAtOnce: String, dictationHint: String, voiceTestHint: String, badVoiceServer: String
    var voiceTestRecording: String, voiceTestTranscribing: String
    var voiceTestHeard: @Sendable (String) -> String, voiceTestFailed: @Sendable (String) -> String
    var cannotReadTestFile: @Sendable (_ path: String, _ error: String) -> String
    /// Why the voice test's file was not read (the second argument of `cannotReadTestFile`).
    var fileProblem: @Sendable (RegularFile.Failure) -> String

    static let english = SettingsStrings(
        title: " Settings ", label: { $0.rawValue },
        baseURLHint: "empty: the provider's usual address", temperatureHint: "0 to 2; empty: the provider's default",
        maxTokensHint: "tokens per answer; empty: the provider's default", personaHint: "Custom uses the text below",
        customPersonaHint: "your own system prompt · Ctrl-G in $EDITOR", stepLimitHint: "model calls per answer, 1 to 50",
        approvalsHint: "deleting and overwriting tools", languageHint: "auto follows LC_ALL, LC_MESSAGES, LANG",
        mouseHint: "applies at the next start",
        askFirst: "ask first", runWithoutAsking: "run without asking", relevantTools: "relevant to the message", allTools: "all",
        on: "on", off: "off",
        asMarkdown: "as Markdown", asPlainText: "as plain text", answersHint: "plain text shows the Markdown as the model wrote it",
        toolsetsHint: { "comma-separated; empty: no tools · \($0)" }, keymapHint: "vi adds gg G Ctrl-D Ctrl-U and :q, :w (F1 lists them)",
        notificationsHint: "a reminder's alert box always shows; this adds the bell and notify-send",
        keymap: { $0 == .vi ? "vi" : "default" },
        notifications: { [.all: "bell and desktop notification", .bell: "bell only", .none: "none (the alert box only)"][$0] ?? $0.rawValue },
        unknownToolsets: { "Unknown: \($0). Toolsets: \($1)." },
        persona: { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() },
        keyStored: { "now \($0); type to replace" }, keyPage: { "keys: \($0)" }, needsNoKey: { "\($0) needs no key" },
        noKeyStored: "none stored; checked when saved",
        keyFromCommand: "from api_key_command in config.toml, which wins over a key typed here",
        badBaseURL: "Write a full address such as http://127.0.0.1:11434/v1, or leave it empty.",
        badTemperature: "A number from 0 to 2, or empty.", badMaxTokens: "A whole number, 1 or more, or empty.",
        badStepLimit: "A whole number from 1 to 50.", emptyPersona: "Write the persona here (or Ctrl-G), or pick a preset.",
        checkingKey: { "Checking the \($0) key…" }, keyNotSaved: "The other settings were saved; the key was not.",
        voiceServerHint: "empty: OpenAI (its key); or a server's address, such as http://127.0.0.1:8000/v1 · F4 tests",
        voiceModelHint: "empty: whisper-1; a local server's own model name (tiny.en…)",
        noVoiceKey: "none stored (a local server needs none); saved to credentials.toml",
        recordCommandHint: "writes 16 kHz mono WAV to stdout; empty: pw-record, parecord, arecord or rec, the first found",
        intoTheInput: "into the input", sentAtOnce: "sent at once", dictationHint: "F4 in the chat records; the transcript goes…",
        voiceTestHint: "F4 tests the voice settings as typed: records 3 s, or transcribes this file",
        badVoiceServer: "Write a full address such as http://127.0.0.1:8000/v1, or leave it empty for OpenAI.",
        voiceTestRecording: "Voice test: recording 3 s, speak now… (Esc stops the test)",
        voiceTestTranscribing: "Voice test: transcribing…",
        voiceTestHeard: { "Voice test heard: “\($0)”" }, voiceTestFailed: { "Voice test: \($0)" },
        cannotReadTestFile: { "cannot read \($0): \($1)" },
        fileProblem: {
            switch $0 {
            case .missing: "no such file"
            case .folder: "it is a folder"
            case .notRegular: "not a regular file (a pipe or a device)"
            case .unreadable: "permission denied"
            case .tooLarge(let size): "\(ByteSize.text(size)), over the upload limit of \(ByteSize.text(AudioUpload.sizeLimit))"
            }
        })

    static let chinese = SettingsStrings(
        title: " 设置 ", label: { chineseLabels[$0] ?? $0.rawValue },
        baseURLHint: "留空：服务商的默认地址", temperatureHint: "0 到 2；留空：服务商的默认值",
        maxTokensHint: "每次回答的 token 数；留空：服务商的默认值", personaHint: "选“自定义”时使用下面的文字",
        customPersonaHint: "你自己的系统提示词 · Ctrl-G 用 $EDITOR 编辑", stepLimitHint: "每次回答的模型调用次数，1 到 50",
        approvalsHint: "删除和覆盖类工具", languageHint: "auto 跟随 LC_ALL、LC_MESSAGES、LANG",
        mouseHint: "下次启动时生效",
        askFirst: "先询问", runWithoutAsking: "直接执行", relevantTools: "与消息相关的", allTools: "全部",
        on: "开", off: "关",
        asMarkdown: "按 Markdown 排版", asPlainText: "纯文本", answersHint: "纯文本：按模型写的原样显示 Markdown 源文",
        toolsetsHint: { "用逗号分隔；留空：不使用工具 · \($0)" }, keymapHint: "vi 增加 gg G Ctrl-D Ctrl-U 和 :q、:w（F1 列出全部）",
        notificationsHint: "提醒框总会显示；此项决定是否另外响铃并用 notify-send 发桌面通知",
        keymap: { $0 == .vi ? "vi" : "默认" },
        notifications: { [.all: "响铃和桌面通知", .bell: "仅响铃", .none: "不通知（只显示提醒框）"][$0] ?? $0.rawValue },
        unknownToolsets: { "未知：\($0)。可用工具集：\($1)。" },
        persona: { chinesePersonas[$0] ?? $0.rawValue },
        keyStored: { "当前 \($0)；输入新密钥以替换" }, keyPage: { "获取密钥：\($0)" }, needsNoKey: { "\($0) 不需要密钥" },
        noKeyStored: "尚未保存；保存时检查",
        keyFromCommand: "来自 config.toml 中的 api_key_command，优先于此处输入的密钥",
        badBaseURL: "请写完整地址，例如 http://127.0.0.1:11434/v1，或留空。",
        badTemperature: "0 到 2 之间的数字，或留空。", badMaxTokens: "1 或更大的整数，或留空。",
        badStepLimit: "1 到 50 之间的整数。", emptyPersona: "请在这里写人设（或按 Ctrl-G），或选择一个预设。",
        checkingKey: { "正在检查 \($0) 的密钥…" }, keyNotSaved: "其他设置已保存，密钥未保存。",
        voiceServerHint: "留空：OpenAI（用它的密钥）；或服务器地址，例如 http://127.0.0.1:8000/v1 · F4 测试",
        voiceModelHint: "留空：whisper-1；本地服务器用它自己的模型名（tiny.en…）",
        noVoiceKey: "尚未保存（本地服务器无需密钥）；保存到 credentials.toml",
        recordCommandHint: "向标准输出写 16 kHz 单声道 WAV；留空：pw-record、parecord、arecord 或 rec 中先找到的",
        intoTheInput: "放入输入框", sentAtOnce: "立即发送", dictationHint: "在对话中按 F4 录音；转写结果……",
        voiceTestHint: "F4 按当前输入测试语音设置：录音 3 秒，或转写这个文件",
        badVoiceServer: "请写完整地址，例如 http://127.0.0.1:8000/v1；留空则使用 OpenAI。",
        voiceTestRecording: "语音测试：录音 3 秒，请说话…（Esc 停止测试）",
        voiceTestTranscribing: "语音测试：正在转写…",
        voiceTestHeard: { "语音测试听到：“\($0)”" }, voiceTestFailed: { "语音测试：\($0)" },
        cannotReadTestFile: { "无法读取 \($0)：\($1)" },
        fileProblem: {
            switch $0 {
            case .missing: "没有这个文件"
            case .folder: "这是文件夹"
            case .notRegular: "不是普通文件（管道或设备）"
            case .unreadable: "没有权限"
            case .tooLarge(let size): "\(ByteSize.text(size))，超过上传上限 \(ByteSize.text(AudioUpload.sizeLimit))"
            }
        })

    private static let chineseLabels: [SettingsScreen.Field: String] = [
        .provider: "服务商", .model: "模型", .apiKey: "API 密钥", .baseURL: "接口地址", .temperature: "温度",
        .maxTokens: "最大 token", .persona: "人设", .customPersona: "自定义人设", .stepLimit: "智能体步数",
        .approvals: "工具审批", .tools: "提供的工具", .toolsets: "工具集", .theme: "主题", .answers: "回答显示", .language: "语言", .mouse: "鼠标",
        .keymap: "键位", .notifications: "提醒通知", .voiceServer: "语音服务器", .voiceModel: "语音模型", .voiceKey: "语音密钥",
        .recordCommand: "录音命令", .dictation: "语音输入", .voiceTest: "语音测试文件",
    ]
    private static let chinesePersonas: [Persona: String] = [.professional: "专业", .casual: "随和", .technical: "技术", .custom: "自定义"]
}
