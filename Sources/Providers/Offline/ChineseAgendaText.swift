import Foundation
import Core

/// The list_tasks listing in Chinese: its day headings, "all day", categories and the "no tasks" line
/// translated; titles stay as typed.
enum ChineseAgendaText {
    static func answer(listing: String, arguments: JSONValue?, today: CivilDate) -> String {
        let from = arguments?["from"]?.stringValue.flatMap(CivilDate.init(iso:))
        let to = arguments?["to"]?.stringValue.flatMap(CivilDate.init(iso:))
        if listing.hasPrefix("No tasks"), let from, let to {
            let span = from == to ? day(from, today) : "\(day(from, today))到\(day(to, today))"
            return "\(span)没有任务。"
        }
        return "这是找到的安排：\n\n" + OfflineReplies.markdownListing(listing.split(separator: "\n", omittingEmptySubsequences: false)
            .map { translated(String($0), today: today) }.joined(separator: "\n"))
    }

    private static func day(_ date: CivilDate, _ today: CivilDate) -> String {
        date.shortChinese(currentYear: today.year)
    }

    /// "Tue 2026-11-24" → "11月24日 周二"; "  all day Pay rent [Home] (high)" → "  全天 Pay rent [家务]（高）".
    private static func translated(_ line: String, today: CivilDate) -> String {
        if let heading = line.wholeMatch(of: /(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{4}-\d{2}-\d{2})/),
           let date = CivilDate(iso: String(heading.output.1)) {
            return day(date, today)
        }
        if let more = line.wholeMatch(of: /…and (\d+) more\./) { return "……还有 \(more.output.1) 项。" }
        var text = line.replacing(#/^(\s*)all day /#) { "\($0.output.1)全天 " }
        text = text.replacing(#/ \[(\w+)\]/#) { match in
            let category = String(match.output.1)
            return " [\(TaskCategory.chineseName(category) ?? category)]"
        }
        text = text.replacing(#/ \((low|medium|high)\)/#) { "（\(Priority(rawValue: String($0.output.1))?.chineseName ?? "")）" }
        return text.replacingOccurrences(of: " ✓ done", with: " ✓ 已完成")
    }
}
