import Foundation
import Core

/// A day typed by the user (the app's forms, `aihelper add`): ISO "YYYY-MM-DD" first, then a
/// phrase like "next friday" through the same parser the Offline assistant uses. Tool arguments
/// are read by `DateTimeText`, which also takes date-times and refuses the ambiguous.
public func resolveDate(_ text: String, today: CivilDate) -> CivilDate? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let iso = CivilDate(iso: trimmed) { return iso }
    return DatePhrases.parse(trimmed, today: today)?.date
}
