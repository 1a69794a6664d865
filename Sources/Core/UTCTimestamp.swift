import Foundation

/// Reads the two fixed timestamp forms the app writes, without a formatter (ICU formatters
/// cost tens of microseconds a call; a conversation file holds hundreds of dates):
/// GRDB's stored "YYYY-MM-DD HH:MM:SS[.SSS]" and the exports' ISO 8601
/// "YYYY-MM-DDTHH:MM:SS[.SSS]Z", both in UTC. Anything else is nil: the caller falls back
/// to a formatter for the forms people write by hand.
public enum UTCTimestamp {
    /// "YYYY-MM-DD HH:MM:SS" with an optional ".SSS" (GRDB's storage format).
    public static func parseStored(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0, separator: UInt8(ascii: " "), zulu: false) }
    }

    /// "YYYY-MM-DDTHH:MM:SS" with an optional ".SSS", ending in "Z" (ISO 8601 in UTC).
    public static func parseISO(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0, separator: UInt8(ascii: "T"), zulu: true) }
    }

    private static func parse(_ b: UnsafeBufferPointer<UInt8>, separator: UInt8, zulu: Bool) -> Date? {
        var count = b.count
        if zulu {
            guard count > 0, b[count - 1] == UInt8(ascii: "Z") else { return nil }
            count -= 1
        }
        guard count == 19 || count == 23 else { return nil }
        func digits(_ from: Int, _ length: Int) -> Int? {
            var value = 0
            for i in from..<(from + length) {
                let d = Int(b[i]) - 48
                guard (0...9).contains(d) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard b[4] == 45, b[7] == 45, b[10] == separator, b[13] == 58, b[16] == 58,
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var millis = 0
        if count == 23 {
            guard b[19] == 46, let ms = digits(20, 3) else { return nil }
            millis = ms
        }
        // Summed the way Calendar.date(from:) does (whole seconds since 2001, then the fraction),
        // so the Date is bit-identical to GRDB's own decoding.
        let days = DayNumber.of(CivilDate(year: year, month: month, day: day))
        let sinceReference = days * 86_400 + hour * 3_600 + minute * 60 + second - 978_307_200
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) + Double(millis * 1_000_000) / 1e9)
    }

    /// "YYYY-MM-DD HH:MM:SS.SSS" in UTC, as GRDB stores a Date (its DateFormatter, through ICU,
    /// costs 10 µs a date: a tenth of a bulk import); nil outside the years 1…9999, which
    /// the caller leaves to GRDB. Milliseconds are rounded half up, in the same double
    /// arithmetic as CFDateFormatter's (StoredDateTextTests compares 20,000 dates).
    public static func storedText(_ date: Date) -> String? {
        let ms = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down)
        guard ms.isFinite, ms > -62_135_596_800_000, ms < 253_402_300_800_000 else { return nil }
        let total = Int64(ms)
        let days = Int(total >= 0 ? total / 86_400_000 : (total - 86_399_999) / 86_400_000)
        var inDay = Int(total - Int64(days) * 86_400_000)
        let civil = DayNumber.date(days)
        let (year, month, day) = (civil.year, civil.month, civil.day)
        let millis = inDay % 1000; inDay /= 1000
        let second = inDay % 60; inDay /= 60
        let minute = inDay % 60, hour = inDay / 60
        var bytes = [UInt8](repeating: 0, count: 23)
        func put(_ value: Int, _ at: Int, _ width: Int) {
            var v = value
            for i in stride(from: at + width - 1, through: at, by: -1) { bytes[i] = UInt8(48 + v % 10); v /= 10 }
        }
        put(year, 0, 4); bytes[4] = 45; put(month, 5, 2); bytes[7] = 45; put(day, 8, 2); bytes[10] = 32
        put(hour, 11, 2); bytes[13] = 58; put(minute, 14, 2); bytes[16] = 58; put(second, 17, 2); bytes[19] = 46; put(millis, 20, 3)
        return String(decoding: bytes, as: UTF8.self)
    }
}
