import Core

/// Every word list the offline assistant reads messages with, in one place per language so another
/// language can be added beside `english`. Phrases are lowercase with straight apostrophes; lists
/// of openings are tried in order, so longer openings come first.
public struct OfflineVocabulary: Sendable {
    /// Whole messages asking for help.
    public var help: Set<String>
    public var greetings: Set<String>
    public var thanks: Set<String>
    /// Politeness before the request itself ("please", "can you").
    public var politeOpenings: [String]

    public var createTaskOpenings: [String]
    /// Words between the opening and the title ("remind me *to* ...").
    public var titleLeadIns: [String]
    public var highPriority: [String]
    public var lowPriority: [String]
    /// Categories tried in order; the first with a keyword in the title wins, else `.other`.
    public var categories: [(TaskCategory, [String])]

    /// A header naming a list ("packing list", "todo") before its items.
    public var listWords: Set<String>
    public var listOpenings: [String]
    /// A header that names no topic: the list is then called `genericListTitle`.
    public var genericListHeaders: Set<String>
    public var genericListTitle: String
    /// "list for the party": what comes after names the list.
    public var listTopicMarker: String
    /// "a shopping list with eggs, milk": what comes after are the items.
    public var listItemsMarker: String

    /// Agenda questions that mean today when no period follows ("what's on").
    public var agendaOpenings: [String]
    /// Task list requests that mean the coming days when no period follows ("show my tasks").
    public var taskListOpenings: [String]
    /// Whole messages asking what is coming.
    public var upcoming: Set<String>

    public var dateQuestionOpenings: [String]
    /// What follows a date question when it asks about today ("what date is it").
    public var todayQuestions: Set<String>

    public var completeOpenings: [String]
    /// "mark X as done", "X is done": endings that make a message a completion.
    public var completeEndings: [String]
    public var deleteOpenings: [String]
    /// Words around a task title that are not the title ("the dentist task").
    public var titleArticles: [String]
    public var titleNouns: [String]

    public static let english = OfflineVocabulary(
        help: ["help", "?", "what can you do", "what can i do", "what can you do for me", "how does this work",
               "commands", "what do you do", "show help", "help me"],
        greetings: ["hi", "hello", "hey", "hi there", "hello there", "hey there", "good morning",
                    "good afternoon", "good evening", "yo", "howdy"],
        thanks: ["thanks", "thank you", "thx", "ty", "thanks a lot", "thank you very much", "cheers", "great thanks"],
        politeOpenings: ["please", "can you", "could you", "would you", "will you", "hey", "hi", "hello", "ok", "okay",
                         "i want you to", "i'd like you to"],
        createTaskOpenings: ["set a reminder to", "set a reminder for", "set a reminder", "remind me to", "remind me about",
                             "remind me", "reminder:", "reminder", "add a task:", "add a task", "add task:", "add task",
                             "create a task:", "create a task", "create task:", "create task", "new task:", "new task",
                             "add a reminder:", "add a reminder", "schedule a", "schedule", "remember to",
                             "don't forget to", "task:"],
        titleLeadIns: ["to", "that", "about", "for", ":", "-"],
        highPriority: ["high priority", "urgent", "important", "asap"],
        lowPriority: ["low priority", "someday"],
        categories: [
            (.work, ["meeting", "report", "client", "email", "deadline", "presentation", "standup", "boss", "office"]),
            (.health, ["doctor", "dentist", "gym", "medicine", "run", "pills", "workout", "yoga", "appointment"]),
            (.shopping, ["buy", "groceries", "shop", "shopping", "order"]),
            (.home, ["clean", "laundry", "plants", "rent", "bills", "dishes", "vacuum", "trash", "garbage"]),
            (.study, ["study", "homework", "exam", "read", "learn", "course", "lecture"]),
            (.social, ["birthday", "party", "dinner with", "lunch with", "drinks with", "wedding"]),
            (.personal, ["call mom", "call dad", "call friend", "call a friend", "mom", "dad", "family",
                         "grandma", "grandpa", "haircut", "passport", "bank"]),
        ],
        listWords: ["list", "todo", "to-do", "todos", "checklist", "todolist"],
        listOpenings: ["make me a", "make a", "make", "create a", "create", "start a", "new", "add a", "write a"],
        genericListHeaders: ["todo", "to-do", "todos", "todo list", "to-do list", "list", "checklist", "a list",
                             "todolist"],
        genericListTitle: "Todo list",
        listTopicMarker: "for",
        listItemsMarker: "with",
        agendaOpenings: ["what's on", "what is on", "whats on", "what do i have", "what have i got",
                         "what's planned", "what is planned", "what's due", "what is due", "anything due",
                         "show my agenda", "show me my agenda", "my agenda", "agenda"],
        taskListOpenings: ["show me my tasks", "show my tasks", "show tasks", "list my tasks", "list tasks",
                           "my tasks", "show my reminders", "my reminders", "tasks"],
        upcoming: ["upcoming", "what's next", "whats next", "what is next", "what's coming up", "what is coming up",
                   "coming up", "what's upcoming", "show upcoming"],
        dateQuestionOpenings: ["what date is", "what day is", "which date is", "which day is", "when is",
                               "what's the date", "what is the date", "whats the date"],
        todayQuestions: ["it", "it today", "today", "today's date", "of today"],
        completeOpenings: ["i've finished", "i have finished", "i finished", "i've completed", "i have completed",
                           "i completed", "i've done", "i did", "done with", "done:", "finished:", "finished",
                           "finish", "completed", "complete", "check off", "tick off", "cross off", "mark"],
        completeEndings: ["as done", "as complete", "as completed", "as finished", "is done", "is finished",
                          "is complete", "done", "complete", "completed", "finished"],
        deleteOpenings: ["get rid of", "delete", "remove", "cancel", "drop", "erase"],
        titleArticles: ["the", "my", "a", "an"],
        titleNouns: ["task", "reminder", "todo", "item", "event"]
    )
}
