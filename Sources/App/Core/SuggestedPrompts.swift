import Foundation

/// What a new conversation offers to ask, one per category, in the app's language
/// ("en" or "zh-Hans", see `Language.resolve`). Each works with the Offline assistant too.
enum SuggestedPrompts {
    struct Prompt: Equatable {
        var category: String
        var text: String
    }

    static func prompts(language: String) -> [Prompt] {
        language == "zh-Hans" ? chinese : english
    }

    static let english = [
        Prompt(category: "Tasks", text: "remind me to call mom tomorrow at 5pm"),
        Prompt(category: "Schedule", text: "what's on this week"),
        Prompt(category: "Writing", text: "make a todo list for writing a cover letter: research, draft, edit"),
        Prompt(category: "Learning", text: "make a todo list for learning Spanish: vocabulary, grammar, listening"),
        Prompt(category: "Everyday", text: "what date is next friday"),
    ]

    static let chinese = [
        Prompt(category: "任务", text: "明天下午5点提醒我给妈妈打电话"),
        Prompt(category: "日程", text: "这周有什么安排"),
        Prompt(category: "写作", text: "帮我列一个写求职信的待办清单：调研、草稿、修改"),
        Prompt(category: "学习", text: "列一个学习 Swift 的计划：基础语法、并发、SwiftUI"),
        Prompt(category: "日常", text: "下周五是几号"),
    ]

    /// The title line above the prompts.
    static func heading(language: String) -> String {
        language == "zh-Hans" ? "试试这些（按 1–5 填入输入框）：" : "Try one (press 1–5 to put it in the input):"
    }
}
