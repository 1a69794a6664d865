import XCTest
import Core
@testable import Providers

/// Answers to Chinese requests: after each tool, without a tool, and the way they stream.
final class ChineseAnswerTests: XCTestCase {
    /// A Chinese request, the assistant's call and the tool's (English) result.
    private func afterTool(_ name: String, arguments: String, result: String, isError: Bool = false,
                           asking question: String = "…请") -> ChatRequest {
        offlineRequest([
            ChatMessage(role: .user, content: question),
            ChatMessage(role: .assistant, content: "",
                        toolCalls: [ToolCallRequest(id: "offline-1", name: name, arguments: arguments)]),
            ChatMessage(role: .tool, content: result, toolCallId: "offline-1", toolName: name, isError: isError),
        ])
    }

    private func answer(_ request: ChatRequest) async throws -> String {
        let events = try await collect(request)
        XCTAssertNil(toolCall(in: events))
        XCTAssertEqual(events.last, .done(.endTurn))
        return streamedText(events)
    }

    func testCreatedTaskIsConfirmedInChinese() async throws {
        let text = try await answer(afterTool(
            "create_task", arguments: #"{"title":"给妈妈打电话","date":"2026-12-01","time":"17:00","category":"Personal"}"#,
            result: "Created task “给妈妈打电话” on Tue 2026-12-01 at 17:00 (Personal)."))
        XCTAssertEqual(text, "好的，已创建任务“给妈妈打电话”，12月1日 周二 17:00（个人）。")
    }
    func testTaskWithoutDateInAnotherYearAndHighPriority() async throws {
        let text = try await answer(afterTool(
            "create_task", arguments: #"{"title":"续签护照","date":"2027-01-05","category":"Personal","priority":"high"}"#,
            result: "Created task “续签护照” on Tue 2027-01-05 (Personal, high priority)."))
        XCTAssertEqual(text, "好的，已创建任务“续签护照”，2027年1月5日 周二（个人，高优先级）。")
        let undated = try await answer(afterTool("create_task", arguments: #"{"title":"浇花","category":"Home"}"#,
                                                 result: "Created task “浇花” with no date (Home)."))
        XCTAssertEqual(undated, "好的，已创建任务“浇花”，没有日期（家务）。")
    }
    /// A series is confirmed with how it repeats, on the day the tool started it (from its result).
    func testARepeatingTaskSaysHowItRepeats() async throws {
        let text = try await answer(afterTool(
            "create_task", arguments: #"{"title":"打篮球","time":"20:00","category":"Other","repeat":"FREQ=WEEKLY;BYDAY=MO,TH"}"#,
            result: "Created task “打篮球” on Thu 2026-11-26 at 20:00 (Other); repeats weekly on Mon, Thu."))
        XCTAssertEqual(text, "好的，已创建任务“打篮球”，11月26日 周四 20:00（其他），每周一、周四重复。")
        let daily = try await answer(afterTool(
            "create_task", arguments: #"{"title":"吃药","category":"Health","repeat":"FREQ=DAILY"}"#,
            result: "Created task “吃药” on Mon 2026-11-23 (Health); repeats every day."))
        XCTAssertEqual(daily, "好的，已创建任务“吃药”，11月23日 周一（健康），每天重复。", "the day from the result, not “no date”")
    }
    func testTodoListIsCountedAndListed() async throws {
        let text = try await answer(afterTool(
            "create_todo_list", arguments: #"{"title":"写求职信","items":["调研","草稿","修改"]}"#,
            result: "Created todo list “写求职信” with 3 items: 调研, 草稿, 修改."))
        XCTAssertEqual(text, "好的，已创建待办清单“写求职信”，共 3 项：调研、草稿、修改。")
    }
    func testAgendaHeadingsAreTranslatedAndTitlesKept() async throws {
        let listing = "Mon 2026-11-23\n  17:00 给妈妈打电话 [Personal] #1\n  all day 交房租 [Home] (high) ✓ done #2\n…and 3 more."
        let text = try await answer(afterTool("list_tasks", arguments: #"{"from":"2026-11-23","to":"2026-11-29"}"#,
                                              result: listing))
        XCTAssertEqual(text, "这是找到的安排：\n\n11月23日 周一\n- 17:00 给妈妈打电话 [个人] #1\n- 全天 交房租 [家务]（高） ✓ 已完成 #2\n\n……还有 3 项。")
    }
    func testEmptyAgenda() async throws {
        let week = try await answer(afterTool("list_tasks", arguments: #"{"from":"2026-11-23","to":"2026-11-29"}"#,
                                              result: "No tasks from Mon 2026-11-23 to Sun 2026-11-29."))
        XCTAssertEqual(week, "11月23日 周一到11月29日 周日没有任务。")
        let day = try await answer(afterTool("list_tasks", arguments: #"{"from":"2026-11-24","to":"2026-11-24"}"#,
                                             result: "No tasks on Tue 2026-11-24."))
        XCTAssertEqual(day, "11月24日 周二没有任务。")
    }
    func testDateAnswer() async throws {
        let text = try await answer(afterTool("resolve_date", arguments: #"{"phrase":"下周五"}"#,
                                              result: "2026-12-04 is a Friday (in 11 days)."))
        XCTAssertEqual(text, "下周五是2026年12月4日，星期五。")
    }
    func testCompletedAndDeletedNameTheTaskFound() async throws {
        let done = try await answer(afterTool("complete_task", arguments: #"{"title":"妈妈"}"#,
                                              result: "Completed “给妈妈打电话” (Tue 2026-11-24)."))
        XCTAssertEqual(done, "好的，已将“给妈妈打电话”标记为完成。")
        let deleted = try await answer(afterTool(
            "delete_task", arguments: #"{"title":"开会"}"#,
            result: "Deleted “开会” (Mon 2026-11-30). 2 other tasks also match “开会”: “开会A”, “开会B”."))
        XCTAssertEqual(deleted, "好的，已删除“开会”。另有 2 个任务也与“开会”匹配。")
    }
    func testDeclinedDeletionChangesNothing() async throws {
        let text = try await answer(afterTool("delete_task", arguments: #"{"title":"开会"}"#,
                                              result: "The user declined to run delete_task. Do not retry it."))
        XCTAssertEqual(text, "好的，已取消，什么都没有改。")
    }
    func testApologyWhenNoTaskMatches() async throws {
        let text = try await answer(afterTool("complete_task", arguments: #"{"title":"看牙医"}"#,
                                              result: "No open task matches “看牙医”.", isError: true))
        XCTAssertTrue(text.hasPrefix("抱歉，没有找到与“看牙医”匹配的任务。"), text)
        XCTAssertTrue(text.contains("接下来有什么安排"), text)
    }
    func testEnglishRequestStillGetsEnglishAfterTheSameTool() async throws {
        let text = try await answer(afterTool("resolve_date", arguments: #"{"phrase":"next friday"}"#,
                                              result: "2026-12-04 is a Friday (in 11 days).", asking: "what date is next friday"))
        XCTAssertEqual(text, "Next friday is Friday, 4 December 2026.")
    }

    // MARK: Without a tool

    func testHelpInChineseWithExamplesItUnderstands() async throws {
        let text = try await answer(offlineRequest(saying: "帮助"))
        XCTAssertTrue(text.contains("离线助手"), text)
        let examples = text.components(separatedBy: "\n- ").dropFirst()
        XCTAssertEqual(examples.count, ChineseReplies.examples.count)
        let recognizer = IntentRecognizer()
        for example in examples {
            XCTAssertNotEqual(recognizer.recognize(example, now: offlineNow, timeZone: utc), .unknown, example)
        }
    }
    func testGreetingAndThanks() async throws {
        let hello = try await answer(offlineRequest(saying: "你好"))
        XCTAssertTrue(hello.hasPrefix("你好！") && hello.contains("离线助手"), hello)
        let thanks = try await answer(offlineRequest(saying: "谢谢"))
        XCTAssertTrue(thanks.hasPrefix("不客气"), thanks)
    }
    func testNotUnderstoodSaysSoInChinese() async throws {
        let text = try await answer(offlineRequest(saying: "法国的首都是哪里？"))
        XCTAssertTrue(text.contains("没能从这句话里找到任务请求"), text)
        XCTAssertFalse(text.contains("didn't find"), text)
        XCTAssertEqual(text.components(separatedBy: "\n- ").count - 1, 3)
        for needed in ["OPENAI_API_KEY", "Ollama", "aihelper --provider NAME"] { XCTAssertTrue(text.contains(needed), needed) }
    }
    func testMissingToolInChinese() async throws {
        let text = try await answer(offlineRequest(saying: "明天下午5点提醒我给妈妈打电话", tools: []))
        XCTAssertEqual(text, "离线助手在这里无法创建任务：本次会话没有 create_task 工具。")
    }

    // MARK: Streaming

    func testChineseStreamsInSmallChunks() async throws {
        let events = try await collect(offlineRequest(saying: "帮助"))
        let deltas = events.compactMap { if case .textDelta(let piece) = $0 { return piece } else { return nil } }
        XCTAssertEqual(deltas.joined(), ChineseReplies.help)
        XCTAssertGreaterThan(deltas.count, ChineseReplies.help.count / 4, "streamed in many pieces, not in lines")
        XCTAssertTrue(deltas.allSatisfy { $0.filter(\.isHan).count <= OfflineProvider.hanPerChunk }, "\(deltas)")
    }
    func testChunksKeepPunctuationWithTheCharactersBefore() {
        XCTAssertEqual(OfflineProvider.words(of: "好的，已创建任务。OK then"), ["好的，", "已创", "建任", "务。", "OK ", "then"])
    }
}
