import XCTest
@testable import Core

/// Chinese phrases found inside sentences and cut out of them, and agenda periods.
final class DatePhraseChineseFindTests: XCTestCase {
    func testPhraseBeforeTheRequestIsCutOut() {
        assertFind("明天下午5点提醒我给妈妈打电话", "2026-11-24", "17:00", leaves: "提醒我给妈妈打电话")
    }
    func testPhraseInsideLeavesNoGap() {
        assertFind("提醒我明天交报告", "2026-11-24", nil, leaves: "提醒我交报告")
    }
    func testConnectorsGoWithThePhrase() {
        assertFind("提醒我参加周五的会议", "2026-11-27", nil, leaves: "提醒我参加会议")
        assertFind("记得在下周一上午10点开会", "2026-11-30", "10:00", leaves: "记得开会")
    }
    func testSpacedPiecesAreOnePhrase() {
        assertFind("明天 下午5点 开会", "2026-11-24", "17:00", leaves: "开会")
    }
    func testISODateInChineseText() {
        assertFind("2026-12-01交房租", "2026-12-01", nil, leaves: "交房租")
    }
    func testWordsThatOnlyLookLikeTimesAreLeftAlone() {
        for sentence in ["帮我记一下早一点睡觉", "多买一点水果", "去3号楼开会", "晚饭后散步", "一起吃饭"] {
            XCTAssertNil(DatePhrases.find(in: sentence, today: monday), sentence)
        }
    }
    func testEnglishSentencesAreUnchanged() {
        assertFind("call mom tomorrow at 5pm", "2026-11-24", "17:00", leaves: "call mom")
    }

    // MARK: Periods

    func testWeeks() {
        assertPeriod("这周", "2026-11-23", "2026-11-29")
        assertPeriod("本周", "2026-11-23", "2026-11-29")
        assertPeriod("这个星期", "2026-11-23", "2026-11-29")
        assertPeriod("下周", "2026-11-30", "2026-12-06")
        assertPeriod("周末", "2026-11-28", "2026-11-29")
        assertPeriod("下周末", "2026-12-05", "2026-12-06")
    }
    func testMonths() {
        assertPeriod("这个月", "2026-11-23", "2026-11-30")
        assertPeriod("本月", "2026-11-23", "2026-11-30")
        assertPeriod("下个月", "2026-12-01", "2026-12-31")
    }
    func testUpcomingAndCountedDays() {
        assertPeriod("接下来", "2026-11-23", "2026-12-23")
        assertPeriod("最近", "2026-11-23", "2026-12-23")
        assertPeriod("未来7天", "2026-11-23", "2026-11-29")
        assertPeriod("接下来三天", "2026-11-23", "2026-11-25")
    }
    func testSingleDaysAndFillers() {
        assertPeriod("今天", "2026-11-23", "2026-11-23")
        assertPeriod("明天的", "2026-11-24", "2026-11-24")
        assertPeriod("周五", "2026-11-27", "2026-11-27")
        assertPeriod("这周内", "2026-11-23", "2026-11-29")
        XCTAssertNil(DatePhrases.period("随便", today: monday))
    }
}
