import XCTest
import Core
@testable import Providers

/// Chinese sentences the offline assistant turns into tool calls, with the exact arguments the tools read.
final class ChineseToolCallTests: XCTestCase {
    func testReminderWithDateAndTime() async throws {
        try await assertToolCall("明天下午5点提醒我给妈妈打电话", "create_task",
                                 ["title": "给妈妈打电话", "date": "2026-11-24", "time": "17:00", "category": "Personal"])
    }
    func testTaskOnNextWeeksFridayEvening() async throws {
        try await assertToolCall("添加任务：下周五晚上8点和朋友聚餐", "create_task",
                                 ["title": "和朋友聚餐", "date": "2026-12-04", "time": "20:00", "category": "Social"])
    }
    func testTimeAloneFallsTodayWhenStillAhead() async throws {
        try await assertToolCall("提醒我中午12点吃饭", "create_task",
                                 ["title": "吃饭", "date": "2026-11-23", "time": "12:00", "category": "Other"])
        try await assertToolCall("提醒我凌晨1点关电脑", "create_task",
                                 ["title": "关电脑", "date": "2026-11-24", "time": "01:00", "category": "Other"])
    }
    func testDaysLaterWithHighPriority() async throws {
        try await assertToolCall("三天后提醒我紧急续签护照", "create_task",
                                 ["title": "续签护照", "date": "2026-11-26", "category": "Personal", "priority": "high"])
    }
    func testWrittenDate() async throws {
        try await assertToolCall("别忘了12月1日交房租", "create_task",
                                 ["title": "交房租", "date": "2026-12-01", "category": "Home"])
    }

    func testTodoList() async throws {
        try await assertToolCall("帮我列一个写求职信的待办清单：调研、草稿、修改", "create_todo_list",
                                 ["title": "写求职信", "items": ["调研", "草稿", "修改"]])
    }
    func testShoppingListWithJoiner() async throws {
        try await assertToolCall("购物清单：鸡蛋、牛奶和面包", "create_todo_list",
                                 ["title": "购物清单", "items": ["鸡蛋", "牛奶", "面包"]])
    }

    func testThisWeeksAgenda() async throws {
        try await assertToolCall("这周有什么安排", "list_tasks", ["from": "2026-11-23", "to": "2026-11-29"])
    }
    func testTomorrowsAgenda() async throws {
        try await assertToolCall("明天有什么安排？", "list_tasks", ["from": "2026-11-24", "to": "2026-11-24"])
    }
    func testUpcoming() async throws {
        try await assertToolCall("接下来有什么", "list_tasks", ["from": "2026-11-23", "to": "2026-12-23"])
    }
    func testNextMonth() async throws {
        try await assertToolCall("下个月有什么安排", "list_tasks", ["from": "2026-12-01", "to": "2026-12-31"])
    }

    func testComplete() async throws {
        try await assertToolCall("把给妈妈打电话标记为完成", "complete_task", ["title": "给妈妈打电话"])
    }
    func testDoneAtTheEnd() async throws {
        try await assertToolCall("报告做完了", "complete_task", ["title": "报告"])
    }
    func testDelete() async throws {
        try await assertToolCall("删除看牙医的任务", "delete_task", ["title": "看牙医"])
    }

    func testWhatDateIsNextFriday() async throws {
        try await assertToolCall("下周五是几号", "resolve_date", ["phrase": "下周五"])
    }
    func testWhatDateIsToday() async throws {
        try await assertToolCall("今天几号", "resolve_date", ["phrase": "今天"])
    }
}
