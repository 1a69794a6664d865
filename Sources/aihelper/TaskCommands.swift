import Foundation
import ArgumentParser
import App
import Core
import Storage
import Providers
import Tools
import Interop

/// `aihelper tasks | todos | add | done`: the calendar and the todo lists for scripts and
/// status bars. Exit codes: 0 done, 1 the database could not be used, 2 bad arguments (by
/// ArgumentParser), 3 nothing matched or nothing could be read from the text.
struct TasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks", abstract: "Print the tasks of a day, the week ahead or the next open ones.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Today's tasks (the default).") var today = false
    @Flag(name: .long, help: "The next 7 days.") var week = false
    @Option(name: .long, help: "The next N open tasks.") var upcoming: Int?
    @Option(name: .long, help: ArgumentHelp("The tasks of this day: YYYY-MM-DD or a phrase like \"next friday\".", valueName: "phrase"))
    var date: String?
    @Flag(name: .long, help: "Print JSON: an array of tasks.") var json = false

    func run() async throws {
        let database = try CLIData.open(global)
        let now = Date(), zone = TimeZone.current
        let day = CivilDate(now, in: zone)
        let tasks: [TaskItem]
        if let upcoming {
            tasks = try database.upcomingTasks(from: day, limit: max(1, upcoming))
        } else if week {
            tasks = try database.agenda(from: day, to: day.adding(days: 6))
        } else if let date {
            guard let chosen = resolveDate(date, today: day) else { throw fail("cannot read the date “\(date)”: try 2026-12-01 or \"next friday\"", code: 2) }
            tasks = try database.agenda(from: chosen, to: chosen)
        } else {
            tasks = try database.agenda(from: day, to: day)
        }
        if json { return CLIData.printJSON(tasks.map(TaskJSON.init)) }
        if tasks.isEmpty { return Output.line("No tasks.") }
        var current: CivilDate?
        for task in tasks {
            if task.dueDate != current, let due = task.dueDate { Output.line(TaskText.day(due)); current = due }
            Output.line(TaskText.line(task))
        }
    }
}

struct TodosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "todos", abstract: "Print the todo lists with their items.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Only lists and items still open.") var open = false
    @Flag(name: .long, help: "Print JSON: an array of lists with their items.") var json = false

    func run() async throws {
        let trees = try CLIData.open(global).todoTrees().filter { !open || !$0.todo.completed }
        if json { return CLIData.printJSON(trees.map { TodoJSON($0, openOnly: open) }) }
        if trees.isEmpty { return Output.line("No todo lists.") }
        for tree in trees {
            Output.line(("\(tree.todo.completed ? "[x]" : "[ ]") \(tree.todo.title) (\(tree.doneCount)/\(tree.subtaskCount))"))
            for item in tree.subtasks where !open || !item.completed {
                let depth = item.parentId == nil ? 1 : 2
                Output.line(String(repeating: "  ", count: depth) + ("\(item.completed ? "[x]" : "[ ]") \(item.title)"))
            }
        }
    }
}

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a task from a sentence: \"dentist friday 9am\", \"remind me to call mom tomorrow\", \"standup every weekday at 9:30\".")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "What to add, with its day and time in words.") var words: [String]

    func run() async throws {
        let database = try CLIData.open(global)
        let text = words.joined(separator: " ")
        // The words are a task whatever they start with: "dentist friday 9am" reads as "remind me to dentist…",
        // "明天开会" as "提醒我明天开会".
        let recognizer = IntentRecognizer()
        let request = text.containsHan ? "提醒我" + text : "remind me to " + text
        guard let draft = recognizer.taskDraft(text, now: Date(), timeZone: .current)
                ?? recognizer.taskDraft(request, now: Date(), timeZone: .current) else {
            throw fail("could not read a task from “\(text)”: say what to do, e.g. \"dentist friday 9am\"", code: 3)
        }
        var date = draft.date, recurrence: String?
        if let rule = draft.recurrence {  // "every weekday": the series from its first day on or after the date (or today)
            let from = date ?? CivilDate(Date(), in: .current)
            guard let start = rule.firstDay(from: from) else {
                throw fail("“\(rule.summary)” has no day on or after \(TaskText.day(from))", code: 3)
            }
            date = start
            recurrence = RecurrenceSet(rule: rule).text
        }
        let task = try database.insertTask(TaskItem(title: draft.title, dueDate: date, dueTime: draft.time,
                                                    category: draft.category.rawValue, priority: draft.priority ?? .none,
                                                    recurrence: recurrence))
        Output.line("Added: " + TaskText.dated(task) + (draft.recurrence.map { ", repeats " + $0.summary(start: date) } ?? ""))
    }
}

struct DoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Complete the open task that best matches a title.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The task's title, or a part of it.") var title: [String]

    func run() async throws {
        let database = try CLIData.open(global)
        let query = title.joined(separator: " ")
        let found = try database.findTasks(matching: query)
        guard let task = found.first else { throw fail("no open task matches “\(query)”", code: 3) }
        _ = try database.setTaskCompleted(id: task.id!, true)
        Output.line("Done: " + task.title + (found.count > 1 ? " (\(found.count - 1) other open task(s) also matched)" : ""))
    }
}

/// What the task commands share: the database and JSON output (lines are `TaskText`'s, as
/// the tools write them).
enum CLIData {
    static func open(_ global: GlobalOptions) throws -> AppDatabase {
        do { return try AppDatabase.open(path: global.paths.database) } catch { throw fail("\(error)", code: 1) }
    }

    static func printJSON<T: Encodable>(_ value: T) {
        Output.json((try? ExportJSON.prettyText(value)) ?? "[]")
    }
}
