import Foundation

/// What a new conversation offers to ask, one per category, in the app's language
/// (see `Language.choose`). Each works with the Offline assistant too.
enum SuggestedPrompts {
    struct Prompt: Equatable {
        var category: String
        var text: String
    }

    static func prompts(_ language: Language = tr.language) -> [Prompt] {
        let chinese = language == .simplifiedChinese
        return table.map { Prompt(category: chinese ? $0.2 : $0.0, text: chinese ? $0.3 : $0.1) }
    }

    /// Per category: English name and prompt, Chinese name and prompt.
    private static let table: [(String, String, String, String)] = [
        ("Tasks", "remind me to call mom tomorrow at 5pm", "任务", "明天下午5点提醒我给妈妈打电话"),
        ("Schedule", "what's on this week", "日程", "这周有什么安排"),
        ("Writing", "make a todo list for writing a cover letter: research, draft, edit", "写作", "帮我列一个写求职信的待办清单：调研、草稿、修改"),
        ("Learning", "make a todo list for learning Spanish: vocabulary, grammar, listening", "学习", "列一个学习 Swift 的计划：基础语法、并发、SwiftUI"),
        ("Everyday", "what date is next friday", "日常", "下周五是几号"),
    ]

    /// The title line above the prompts.
    static func heading(_ language: Language = tr.language) -> String {
        language == .simplifiedChinese ? "试试这些（按 1–5 填入输入框）：" : "Try one (press 1–5 to put it in the input):"
    }
}
