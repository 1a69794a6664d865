import Foundation
import Core

/// The one place tools turn a date argument into a day.
///
/// This branch understands ISO "YYYY-MM-DD" only. When the phrase parser lands in Core, try
/// `DatePhrases.parse(text, today: today)` here after the ISO check, and every tool accepts
/// phrases like "next friday".
func resolveDate(_ text: String, today: CivilDate) -> CivilDate? {
    CivilDate(iso: text.trimmingCharacters(in: .whitespaces))
}
