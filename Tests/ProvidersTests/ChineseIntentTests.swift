import XCTest
import Core
@testable import Providers

/// The recognizer reading Chinese requests, against Monday 2026-11-23 10:00 UTC.
final class ChineseIntentTests: XCTestCase {
    private let recognizer = IntentRecognizer()

    private func intent(_ text: String) -> OfflineIntent {
        recognizer.recognize(text, now: offlineNow, timeZone: utc)
    }

    private func task(_ title: String, _ date: String? = nil, _ time: String? = nil, _ category: TaskCategory = .other,
                      _ priority: Priority? = nil) -> OfflineIntent {
        .createTask(TaskDraft(title: title, date: date.flatMap(CivilDate.init(iso:)),
                              time: time.flatMap(TimeOfDay.init(hhmm:)), category: category, priority: priority))
    }

    // MARK: Tasks and reminders

    func testDateFirstThenReminder() {
        XCTAssertEqual(intent("明天下午5点提醒我给妈妈打电话"), task("给妈妈打电话", "2026-11-24", "17:00", .personal))
    }
    func testEveryWayOfAskingForATask() {
        XCTAssertEqual(intent("提醒我明天交报告"), task("交报告", "2026-11-24", nil, .work))
        XCTAssertEqual(intent("记得买牛奶"), task("买牛奶", nil, nil, .shopping))
        XCTAssertEqual(intent("别忘了周五交房租"), task("交房租", "2026-11-27", nil, .home))
        XCTAssertEqual(intent("添加任务：周五上午9点看牙医"), task("看牙医", "2026-11-27", "09:00", .health))
        XCTAssertEqual(intent("安排下周一上午10点开会"), task("开会", "2026-11-30", "10:00", .work))
        XCTAssertEqual(intent("帮我记一下后天复习考试"), task("复习考试", "2026-11-25", nil, .study))
        XCTAssertEqual(intent("任务：浇花"), task("浇花", nil, nil, .home))
    }
    func testPolitenessAndLeadInsAreNotTheTitle() {
        XCTAssertEqual(intent("请提醒我要在今晚8点吃药。"), task("吃药", "2026-11-23", "20:00", .health))
    }
    func testPriorityWords() {
        XCTAssertEqual(intent("提醒我紧急：续签护照"), task("续签护照", nil, nil, .personal, .high))
        XCTAssertEqual(intent("记得明天交报告！"), task("交报告", "2026-11-24", nil, .work, .high))
        XCTAssertEqual(intent("有空的时候提醒我整理照片"), task("整理照片", nil, nil, .other, .low))
    }
    func testReminderWithOnlyADateGetsAPlaceholderTitle() {
        XCTAssertEqual(intent("明天提醒我"), task("提醒", "2026-11-24"))
    }
    func testEnglishWordsInAChineseRequestKeepTheirCategory() {
        XCTAssertEqual(intent("提醒我明天 call mom"), task("call mom", "2026-11-24", nil, .personal))
    }
    func testTaskDraftForTheAddCommand() {
        XCTAssertEqual(recognizer.taskDraft("周五下午3点开会", now: offlineNow, timeZone: utc), nil)
        XCTAssertEqual(recognizer.taskDraft("提醒我周五下午3点开会", now: offlineNow, timeZone: utc),
                       TaskDraft(title: "开会", date: CivilDate(iso: "2026-11-27"), time: TimeOfDay(hour: 15, minute: 0),
                                 category: .work))
    }

    // MARK: Todo lists

    func testTodoListWithTopic() {
        XCTAssertEqual(intent("帮我列一个写求职信的待办清单：调研、草稿、修改"),
                       .createTodoList(title: "写求职信", items: ["调研", "草稿", "修改"]))
        XCTAssertEqual(intent("列一个学习 Swift 的计划：基础语法、并发、SwiftUI"),
                       .createTodoList(title: "学习 Swift", items: ["基础语法", "并发", "SwiftUI"]))
    }
    func testListSeparatorsAndJoiners() {
        XCTAssertEqual(intent("做一个购物清单：牛奶，面包；鸡蛋和苹果"),
                       .createTodoList(title: "购物清单", items: ["牛奶", "面包", "鸡蛋", "苹果"]))
        XCTAssertEqual(intent("待办：修自行车、打电话给水管工，还有交电费"),
                       .createTodoList(title: "待办清单", items: ["修自行车", "打电话给水管工", "交电费"]))
        XCTAssertEqual(intent("列一个出行清单，包括护照、充电器"),
                       .createTodoList(title: "出行清单", items: ["护照", "充电器"]))
        XCTAssertEqual(intent("搬家清单\n1、打包\n2、叫车"), .createTodoList(title: "搬家清单", items: ["打包", "叫车"]))
    }

    // MARK: Agenda

    func testAgendaPeriods() {
        XCTAssertEqual(intent("这周有什么安排"), .listTasks(day("2026-11-23")...day("2026-11-29")))
        XCTAssertEqual(intent("今天有什么安排？"), .listTasks(day("2026-11-23")...day("2026-11-23")))
        XCTAssertEqual(intent("我明天有什么事"), .listTasks(day("2026-11-24")...day("2026-11-24")))
        XCTAssertEqual(intent("下周的日程"), .listTasks(day("2026-11-30")...day("2026-12-06")))
        XCTAssertEqual(intent("接下来有什么"), .listTasks(day("2026-11-23")...day("2026-12-23")))
        XCTAssertEqual(intent("看看我的任务"), .listTasks(day("2026-11-23")...day("2026-12-23")))
        XCTAssertEqual(intent("本月有什么安排"), .listTasks(day("2026-11-23")...day("2026-11-30")))
    }
    func testSomethingElseWithTheSameWordsIsNotAnAgenda() {
        XCTAssertEqual(intent("有什么好吃的"), .unknown)
    }

    // MARK: Dates

    func testDateQuestions() {
        XCTAssertEqual(intent("下周五是几号"), .resolveDate(phrase: "下周五"))
        XCTAssertEqual(intent("今天几号？"), .resolveDate(phrase: "今天"))
        XCTAssertEqual(intent("几号"), .resolveDate(phrase: "今天"))
        XCTAssertEqual(intent("明天星期几"), .resolveDate(phrase: "明天"))
        XCTAssertEqual(intent("12月25日是星期几"), .resolveDate(phrase: "12月25日"))
        XCTAssertEqual(intent("三天后是几月几号"), .resolveDate(phrase: "三天后"))
    }
    func testDateQuestionAboutSomethingElseIsNotResolved() {
        XCTAssertEqual(intent("生日是几号"), .unknown)
    }

    // MARK: Complete and delete

    func testCompletions() {
        XCTAssertEqual(intent("把给妈妈打电话标记为完成"), .completeTask(title: "给妈妈打电话"))
        XCTAssertEqual(intent("完成了报告"), .completeTask(title: "报告"))
        XCTAssertEqual(intent("看牙医的任务做完了"), .completeTask(title: "看牙医"))
        XCTAssertEqual(intent("买牛奶已完成"), .completeTask(title: "买牛奶"))
        XCTAssertEqual(intent("我完成了"), .unknown)
    }
    func testDeletions() {
        XCTAssertEqual(intent("删除看牙医的任务"), .deleteTask(title: "看牙医"))
        XCTAssertEqual(intent("把开会删掉"), .deleteTask(title: "开会"))
        XCTAssertEqual(intent("取消明天的会议"), .deleteTask(title: "会议"))
        XCTAssertEqual(intent("删除这个任务"), .unknown)
    }

    // MARK: Help and small talk

    func testHelpGreetingsThanks() {
        for question in ["帮助", "你能做什么？", "怎么用"] { XCTAssertEqual(intent(question), .help, question) }
        for greeting in ["你好", "您好！", "早上好"] { XCTAssertEqual(intent(greeting), .greeting, greeting) }
        for thanks in ["谢谢", "多谢！"] { XCTAssertEqual(intent(thanks), .thanks, thanks) }
    }
    func testOpenQuestionsAreNotUnderstood() {
        XCTAssertEqual(intent("法国的首都是哪里？"), .unknown)
        XCTAssertEqual(intent("给我讲个笑话"), .unknown)
    }

    private func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
}
