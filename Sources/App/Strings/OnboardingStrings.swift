import Foundation

/// The first-run wizard.
struct OnboardingStrings: Sendable {
    var step: @Sendable (Int) -> String
    var welcomeTitle: String
    var welcomeLines: [String]
    var welcomeLater: String
    var welcomeKeys: String
    var whichAssistant: String
    var chooseKeys: String
    var pasteKey: @Sendable (String) -> String
    var keyLabel: String
    var filledFrom: @Sendable (String) -> String
    var noKeyYet: @Sendable (String) -> String
    var keyKeys: String
    var whichModel: @Sendable (String) -> String
    var defaultModel: String
    var offlineAssistant: String
    var ready: @Sendable (String) -> String
    var tryLine: String
    var readyHelp: String
    /// Push-to-talk: its server, typed on the ready step (optional) and tested with F4 there.
    var readyVoice: String, voiceServerLabel: String
    var readyKeys: String
    var offlineDetail: String
    var keyFound: @Sendable (String) -> String
    var needsKey: String
    var localServer: String
    var lookingForServers: String
    var noServers: String
    var local: @Sendable (String) -> String
    var foundAt: @Sendable (_ host: String, _ models: Int) -> String
    var serverHasNoModels: String
    var pasteTheKey: String
    var keptUnchecked: String
    var checkingKey: @Sendable (String) -> String
    var enterKeepsUnchecked: String
    var loadingModels: String

    static let english = OnboardingStrings(
        step: { " Welcome · step \($0) of 4 " }, welcomeTitle: " Welcome to AI Helper ",
        welcomeLines: ["A terminal assistant for your tasks, calendar and todo lists.", "",
                       "The Offline assistant works right now, with no key and no network.",
                       "Or connect OpenAI, Anthropic, Gemini or a model server on this machine.", ""],
        welcomeLater: "Everything here can be changed later in the settings (F2).",
        welcomeKeys: "Enter set up · Esc or s skip (use Offline) · Ctrl-Q quit",
        whichAssistant: "Which assistant should answer?", chooseKeys: "↑↓ choose · Enter next · Esc back",
        pasteKey: { "Paste your \($0) API key:" }, keyLabel: "Key:", filledFrom: { "Filled in from \($0)." },
        noKeyYet: { "No key yet? Create one at \($0)" }, keyKeys: "Enter check the key · Esc back",
        whichModel: { "Which \($0) model?" }, defaultModel: "(the provider's default model)",
        offlineAssistant: "the Offline assistant", ready: { "Ready: answering with \($0)." },
        tryLine: "Try: remind me to call mom tomorrow at 5pm", readyHelp: "Keys: ? or F1 · settings: F2 · quit: Ctrl-Q",
        readyVoice: "Voice (optional): F4 in the chat records a message. A transcription server's address, or empty for OpenAI's with its key (F2 › Voice server later); F4 here tests it with 3 s of speech:",
        voiceServerLabel: "Voice:",
        readyKeys: "Enter start chatting · F4 test voice · Esc back",
        offlineDetail: "works now: tasks, reminders, todos; no network", keyFound: { "key found in \($0)" },
        needsKey: "needs an API key", localServer: "Local server", lookingForServers: "looking for Ollama, llama.cpp, LM Studio…",
        noServers: "none on :11434, :8080 or :1234 (F2 later)", local: { "\($0) (local)" },
        foundAt: { host, n in "found at \(host) · \(n) model\(n == 1 ? "" : "s")" },
        serverHasNoModels: "The server lists no models: load one, then pick it in F2.",
        pasteTheKey: "Paste the key (your terminal's paste works), then Enter.",
        keptUnchecked: "The key is kept unchecked; /keys checks it later.",
        checkingKey: { "Checking the key with \($0)…" }, enterKeepsUnchecked: " Enter again keeps the key unchecked.",
        loadingModels: " Loading the live model list…")

    static let chinese = OnboardingStrings(
        step: { " 欢迎 · 第 \($0) 步，共 4 步 " }, welcomeTitle: " 欢迎使用 AI Helper ",
        welcomeLines: ["一个管理任务、日历和待办清单的终端助手。", "",
                       "离线助手现在就能用，不需要密钥，也不需要网络。",
                       "也可以连接 OpenAI、Anthropic、Gemini 或本机上的模型服务。", ""],
        welcomeLater: "这里的一切之后都可以在设置（F2）中修改。",
        welcomeKeys: "Enter 开始设置 · Esc 或 s 跳过（使用离线助手） · Ctrl-Q 退出",
        whichAssistant: "由哪个助手来回答？", chooseKeys: "↑↓ 选择 · Enter 下一步 · Esc 返回",
        pasteKey: { "粘贴你的 \($0) API 密钥：" }, keyLabel: "密钥：", filledFrom: { "已从 \($0) 填入。" },
        noKeyYet: { "还没有密钥？在这里创建：\($0)" }, keyKeys: "Enter 检查密钥 · Esc 返回",
        whichModel: { "使用哪个 \($0) 模型？" }, defaultModel: "（服务商的默认模型）",
        offlineAssistant: "离线助手", ready: { "准备就绪：由\($0)回答。" },
        tryLine: "试试：明天下午5点提醒我给妈妈打电话", readyHelp: "按键：? 或 F1 · 设置：F2 · 退出：Ctrl-Q",
        readyVoice: "语音（可选）：在对话中按 F4 录音输入消息。填写转写服务器地址，留空则使用 OpenAI（需它的密钥；以后可在 F2 › 语音服务器 修改）；在这里按 F4 用 3 秒语音测试：",
        voiceServerLabel: "语音：",
        readyKeys: "Enter 开始对话 · F4 测试语音 · Esc 返回",
        offlineDetail: "现在可用：任务、提醒、待办；无需网络", keyFound: { "在 \($0) 中找到密钥" },
        needsKey: "需要 API 密钥", localServer: "本地服务", lookingForServers: "正在查找 Ollama、llama.cpp、LM Studio…",
        noServers: "未在 :11434、:8080、:1234 发现（可稍后用 F2）", local: { "\($0)（本地）" },
        foundAt: { host, n in "位于 \(host) · \(n) 个模型" },
        serverHasNoModels: "该服务没有列出模型：先加载一个，再到 F2 中选择。",
        pasteTheKey: "请粘贴密钥（终端的粘贴即可），然后按 Enter。",
        keptUnchecked: "密钥已保存但未检查；之后可用 /keys 检查。",
        checkingKey: { "正在向 \($0) 检查密钥…" }, enterKeepsUnchecked: " 再按一次 Enter 将保存未经检查的密钥。",
        loadingModels: " 正在加载在线模型列表…")
}
