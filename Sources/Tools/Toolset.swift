import Foundation

/// A named group of tools offered or withheld together: the calendar's, the todo lists', ...
/// `keywords` say when a message is about this toolset (`ToolRouter`).
public struct Toolset: Sendable {
    public let name: String
    public let summary: String
    public let keywords: [String]
    public let tools: [any Tool]

    public init(name: String, summary: String, keywords: [String], tools: [any Tool]) {
        self.name = name; self.summary = summary; self.keywords = keywords; self.tools = tools
    }
}

extension Toolset {
    /// Tasks on days, at times: the Tasks pane's calendar.
    public static let calendar = Toolset(
        name: "calendar", summary: "Tasks and events on the calendar.",
        keywords: ["calendar", "task", "event", "schedule", "appointment", "meeting", "today", "tomorrow", "week",
                   "agenda", "plan", "busy", "free", "cancel", "move", "reschedule", "delete", "done", "finish"],
        tools: [CreateTaskTool(), ListTasksTool(), UpdateTaskTool(), DeleteTaskTool(), SearchTasksTool(), TodayTool(),
                UpcomingTool(), CompleteTaskTool()])

    /// Reminders: tasks in a list, due at a time.
    public static let reminders = Toolset(
        name: "reminders", summary: "Reminders in lists, with due dates, times and priorities.",
        keywords: ["remind", "reminder", "reminders", "don't forget", "dont forget", "alert", "nudge", "due"],
        tools: [CreateReminderTool(), ListRemindersTool(), CompleteReminderTool(), DeleteReminderTool(), SearchRemindersTool(),
                GetReminderListsTool()])

    /// Todo lists with subtasks: the Todos pane.
    public static let todos = Toolset(
        name: "todos", summary: "Todo lists with subtasks and notes.",
        keywords: ["todo", "to-do", "list", "checklist", "subtask", "item", "shopping", "groceries", "steps", "packing", "tick"],
        tools: [CreateTodoListTool(), ListTodosTool(), AddSubtaskTool(), ToggleTodoTool(), RenameTodoTool(), DeleteTodoTool()])

    /// Date phrases to dates.
    public static let dates = Toolset(
        name: "dates", summary: "Resolve a date phrase to a date.",
        keywords: ["date", "day", "when", "next", "last", "weekday"],
        tools: [ResolveDateTool()])

    /// The address book.
    public static let contacts = Toolset(
        name: "contacts", summary: "Contacts: names, emails, phones, organizations and groups.",
        keywords: ["contact", "contacts", "phone", "email", "call", "address", "birthday", "friend", "colleague"],
        tools: [SearchContactsTool(), GetContactTool(), CreateContactTool(), UpdateContactTool(), GetContactGroupsTool()])

    /// Free-text notes.
    public static let notes = Toolset(
        name: "notes", summary: "Notes the user keeps: write, find, read, change, delete.",
        keywords: ["note", "notes", "write down", "jot", "remember", "memo"],
        tools: [CreateNoteTool(), SearchNotesTool(), GetNoteTool(), UpdateNoteTool(), DeleteNoteTool()])

    /// Text files in the one folder the user set up for them (`ToolContext.sandbox`).
    public static let files = Toolset(
        name: "files", summary: "Text files in the user's files folder: list, read, write, search.",
        keywords: ["file", "files", "folder", "document", "read", "write", "save", "directory"],
        tools: [ListFilesTool(), ReadFileTool(), WriteFileTool(), SearchFilesTool()])

    /// Every built-in toolset, in the order their tools are offered.
    public static let builtIn: [Toolset] = [.calendar, .reminders, .todos, .dates, .contacts, .notes, .files]
    /// Their names: what `toolsets` in config.toml may list.
    public static let builtInNames: [String] = builtIn.map(\.name)
}
