import Foundation
import ArgumentParser
import App
import Core
import Storage

/// `aihelper review --day|--week|--month`: what was completed and summarized in the period,
/// in the summary schema (docs/conversations.md).
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Roll up the completed tasks and todos and the conversation summaries of a day, week or month.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "The period: today (the default), this week from Monday, or this month from the 1st.")
    var period: Review.Period = .day
    @Flag(name: .long, help: "Print the summary's JSON (title, key_insights, main_themes, thought_process, action_items).")
    var json = false

    func run() async throws {
        let database = try CLIData.open(global)
        let zone = TimeZone.current
        let days = period.days(today: CivilDate(Date(), in: zone))
        let start = TimeOfDay(hour: 0, minute: 0).date(on: days.lowerBound, in: zone)
        let end = TimeOfDay(hour: 0, minute: 0).date(on: days.upperBound.adding(days: 1), in: zone)
        let done = try database.completedTitles(from: start, to: end)
        let summaries = try database.summaries(from: start, to: end).filter { $0.kind == .manual }.map(\.summary)
        let review = Review.make(period, days: days, completedTasks: done.tasks.map(Sanitizer.clean),
                                 completedTodos: done.todos.map(Sanitizer.clean), summaries: summaries)
        if json { return Output.json(review.jsonText) }
        Output.line(review.text)
    }
}

extension Review.Period: EnumerableFlag {}
