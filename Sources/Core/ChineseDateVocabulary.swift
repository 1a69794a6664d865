/// The Chinese words the date phrases understand, beside the English `DateVocabulary`.
enum ChineseDateVocabulary {
    static let weekdayNames = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]

    /// Days counted from today.
    static let relativeDays: [String: Int] = [
        "大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "今天": 0, "今日": 0, "今儿": 0,
        "明天": 1, "明日": 1, "明儿": 1, "后天": 2, "大后天": 3,
    ]
    /// "今晚", "明早": a one-character day before a one-character day part.
    static let shortDays: [String: Int] = ["昨": -1, "今": 0, "明": 1]
    /// The one-character day parts, counted only right after `shortDays` ("晚饭" is dinner, not a time).
    static let shortDayParts: Set<String> = ["早", "晚", "夜"]

    /// Which week, counted in days from this week's Monday: 下周 is +7, 这周 0.
    static let weekPrefixes: [String: Int] = [
        "下下个": 14, "下下": 14, "下个": 7, "下": 7, "上个": -7, "上": -7, "这个": 0, "这": 0, "本": 0,
    ]
    static let weekWords = ["星期", "礼拜", "周", "週"]
    /// The day after 周/星期, 0 = Monday.
    static let weekdayCharacters: [Character: Int] = [
        "一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6,
        "1": 0, "2": 1, "3": 2, "4": 3, "5": 4, "6": 5, "7": 6,
    ]

    /// Months counted from this one: 下个月 is +1.
    static let monthPrefixes: [String: Int] = [
        "下下个月": 2, "下个月": 1, "下月": 1, "这个月": 0, "本月": 0, "这月": 0, "上个月": -1, "上月": -1,
    ]
    static let yearPrefixes: [String: Int] = ["去年": -1, "今年": 0, "明年": 1]
    /// 号 after a number that is not a day: 3号楼 (building 3), 2号线 (line 2).
    static let notDayAfterHao: Set<Character> = ["楼", "线", "门", "房", "床", "机", "码", "位", "窗", "车"]

    /// Units of "三天后", "两个星期以后"; months need 个 ("一个月后"), or 一月 would be January.
    static let durationUnits: [String: DateVocabulary.Unit] = [
        "天": .day, "日": .day, "周": .week, "星期": .week, "礼拜": .week, "个星期": .week, "个礼拜": .week,
        "个月": .month, "年": .year, "小时": .hour, "个小时": .hour, "钟头": .hour, "个钟头": .hour,
        "分钟": .minute,
    ]
    static let afterWords = ["以后", "之后", "后"]
    /// "过两天", "再过三天": a duration from now without 后.
    static let passWords = ["再过", "过"]

    /// Small words tied to a phrase ("在明天", "明天的会议"), cut out with it.
    static let leadingConnectors: [String] = ["在", "于"]
    static let trailingConnectors: [String] = ["的时候", "之前", "以前", "的"]
    /// What may sit between pieces, or around a whole phrase, without being read.
    static let ignorable: Set<Character> = [" ", "，", ",", "。", ".", "？", "?", "！", "!", "、", "：", ":", "；", ";",
                                            "在", "于", "的"]
}

/// A part of the day: the default time it stands for, and how an hour said with it is read.
enum ChineseDayPart {
    case earlyMorning, morning, noon, afternoon, evening, night

    static let words: [String: ChineseDayPart] = [
        "凌晨": .earlyMorning, "清晨": .morning, "早上": .morning, "早晨": .morning, "上午": .morning, "早": .morning,
        "中午": .noon, "正午": .noon, "下午": .afternoon, "午后": .afternoon, "傍晚": .evening, "黄昏": .evening,
        "晚上": .night, "夜里": .night, "夜晚": .night, "晚间": .night, "晚": .night, "夜": .night,
    ]

    /// The time the part means on its own, as English morning/afternoon/evening/night do; 凌晨 needs an hour.
    var defaultTime: TimeOfDay? {
        switch self {
        case .earlyMorning: return nil
        case .morning: return TimeOfDay(hour: 9, minute: 0)
        case .noon: return TimeOfDay(hour: 12, minute: 0)
        case .afternoon: return TimeOfDay(hour: 15, minute: 0)
        case .evening: return TimeOfDay(hour: 18, minute: 0)
        case .night: return TimeOfDay(hour: 20, minute: 0)
        }
    }

    var isAfternoon: Bool { ![.earlyMorning, .morning].contains(self) }

    /// The 24-hour hour of "<part> h点", and whether it falls after the midnight that ends the day:
    /// 下午5点 17, 中午1点 13, 上午12点 12 (noon), 凌晨12点 0, 晚上8点 20, 晚上12点 0 and 晚上1点 1 of
    /// the next day. An hour from 13 to 23 is read as said whatever the part.
    func hour(_ hour: Int) -> (hour: Int, nextDay: Bool) {
        if hour == 24 { return (0, true) }
        if hour >= 13 { return (hour, false) }
        switch self {
        case .earlyMorning: return (hour == 12 ? 0 : hour, false)
        case .morning: return (hour, false)
        case .noon: return ((1...5).contains(hour) ? hour + 12 : hour, false)
        case .afternoon, .evening: return ((1...11).contains(hour) ? hour + 12 : hour, false)
        case .night:
            if (5...11).contains(hour) { return (hour + 12, false) }
            return (hour == 12 ? 0 : hour, true)
        }
    }
}
