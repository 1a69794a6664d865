/// Days written the Chinese way, for answers to Chinese requests.
extension CivilDate {
    /// "周五"
    public var chineseWeekday: String { ChineseDateVocabulary.weekdayNames[mondayBasedWeekday] }

    /// "12月4日 周五", with the year first ("2027年1月5日 周二") when it is not `currentYear`.
    public func shortChinese(currentYear: Int) -> String {
        (year == currentYear ? "" : "\(year)年") + "\(month)月\(day)日 \(chineseWeekday)"
    }

    /// "2026年12月4日，星期五"
    public var spokenChinese: String {
        "\(year)年\(month)月\(day)日，星期" + ["一", "二", "三", "四", "五", "六", "日"][mondayBasedWeekday]
    }
}
