import Foundation

/// Each conversation's own model and persona (`/model`, `/provider`, `/persona`), and the
/// notice of a long answer finished while the terminal was in the background.
struct ConversationModelStrings: Sendable {
    /// `/persona NAME`: what the conversation answers as from now on.
    var personaNow: @Sendable (String) -> String
    /// `/persona default`: back to the settings' persona.
    var personaDefault: @Sendable (String) -> String
    /// `/persona` alone: the one in effect and the choices.
    var personaInEffect: @Sendable (_ current: String, _ choices: String) -> String
    var unknownPersona: @Sendable (_ name: String, _ choices: String) -> String
    var noCustomPersona: String
    /// The word for "the settings' persona" (`/persona` takes it as well as `default`).
    var defaultWord: String
    /// A conversation's stored provider cannot be set up here (no key, unknown name).
    var providerUnavailable: @Sendable (_ provider: String, _ model: String, _ why: String) -> String
    /// The provider does not know the conversation's model (a 404 at the last question).
    var modelUnavailable: @Sendable (_ provider: String, _ model: String) -> String
    /// The desktop notification's title and body when a long answer is done.
    var answerReady: String
    var answerFailed: String

    static let english = ConversationModelStrings(
        personaNow: { "This conversation now answers as \($0)." },
        personaDefault: { "This conversation answers with the settings' persona (\($0))." },
        personaInEffect: { "Persona: \($0). /persona NAME: \($1)." },
        unknownPersona: { "No persona \"\($0)\". Choose one of: \($1)." },
        noCustomPersona: "No custom persona yet: write one in the settings (F2, Persona: Custom).",
        defaultWord: "default",
        providerUnavailable: { "This conversation used \($0) · \($1), which cannot be used here (\($2)) Choose a provider." },
        modelUnavailable: { "\($0) no longer offers \($1), this conversation's model. Choose another, then press r to ask again." },
        answerReady: "AI Helper: the answer is ready", answerFailed: "AI Helper: the answer failed")

    static let chinese = ConversationModelStrings(
        personaNow: { "此对话现在以“\($0)”人设回答。" },
        personaDefault: { "此对话使用设置中的人设（\($0)）。" },
        personaInEffect: { "人设：\($0)。/persona 名称：\($1)。" },
        unknownPersona: { "没有名为“\($0)”的人设。可选：\($1)。" },
        noCustomPersona: "还没有自定义人设：请在设置中填写（F2，人设：自定义）。",
        defaultWord: "默认",
        providerUnavailable: { "此对话使用的 \($0) · \($1) 在这里无法使用（\($2)）请选择服务商。" },
        modelUnavailable: { "\($0) 已不再提供此对话的模型 \($1)。请选择其他模型，然后按 r 重新提问。" },
        answerReady: "AI Helper：回答已完成", answerFailed: "AI Helper：回答失败")
}
