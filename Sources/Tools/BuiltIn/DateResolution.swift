import Foundation
import Core

/// The one place tools turn a date argument into a day: ISO "YYYY-MM-DD" first, then a
/// phrase like "next friday" through the same parser the Offline assistant uses.
public func resolveDate(_ text: String, today: CivilDate) -> CivilDate? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let iso = CivilDate(iso: trimmed) { return iso }
    return DatePhrases.parse(trimmed, today: today)?.date
}
