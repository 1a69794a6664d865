import Foundation

/// `aihelper review --day|--week|--month`: the period's finished tasks and todos and its
/// conversation summaries rolled up into one summary of the same schema. Made here, without
/// a model, so a review is instant, offline and the same every time for the same data.
public enum Review {
    public enum Period: String, CaseIterable, Sendable {
        case day, week, month

        /// Today; this week from Monday; this month from the 1st — each through today.
        public func days(today: CivilDate) -> ClosedRange<CivilDate> {
            switch self {
            case .day: return today...today
            case .week: return today.startOfWeek...today
            case .month: return today.firstOfMonth...today
            }
        }
    }

    public static func make(_ period: Period, days: ClosedRange<CivilDate>, completedTasks: [String], completedTodos: [String],
                            summaries: [Summary]) -> Summary {
        let span = days.lowerBound == days.upperBound ? days.lowerBound.iso : "\(days.lowerBound.iso) to \(days.upperBound.iso)"
        var insights: [String] = []
        if !completedTasks.isEmpty { insights.append("Completed \(count(completedTasks.count, "task")): " + list(completedTasks)) }
        if !completedTodos.isEmpty { insights.append("Completed \(count(completedTodos.count, "todo")): " + list(completedTodos)) }
        for summary in summaries {
            let point = summary.keyInsights.first ?? summary.plainText.map { String($0.prefix(120)) } ?? ""
            insights.append(summary.title + (point.isEmpty ? "" : ": " + point))
        }
        var themeCounts: [String: Int] = [:]
        for theme in summaries.flatMap(\.mainThemes) { themeCounts[theme.lowercased(), default: 0] += 1 }
        let themes = themeCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(6).map(\.key)
        var actions: [String] = []
        for item in summaries.flatMap(\.actionItems) where !actions.contains(item) { actions.append(item) }
        let thought = completedTasks.isEmpty && completedTodos.isEmpty && summaries.isEmpty
            ? "Nothing was completed or summarized in this period. Complete tasks and todos, or /summarize a conversation, and they show up here."
            : "In this \(period.rawValue) you completed \(count(completedTasks.count, "task")) and \(count(completedTodos.count, "todo"))"
              + " and summarized \(count(summaries.count, "conversation")). The action items below come from those summaries."
        return Summary(title: "Review of the \(period.rawValue): \(span)", keyInsights: insights, mainThemes: themes,
                       thoughtProcess: thought, actionItems: actions)
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// At most ten names, then how many more.
    private static func list(_ names: [String]) -> String {
        names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }
}
