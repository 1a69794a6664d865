import XCTest
import Core
@testable import Providers

/// The recognizer alone: pure, so each sentence maps to one intent.
final class IntentRecognizerTests: XCTestCase {
    private let recognizer = IntentRecognizer()

    private func intent(_ text: String) -> OfflineIntent {
        recognizer.recognize(text, now: offlineNow, timeZone: utc)
    }

    func testTitleKeepsTheUsersCapitals() {
        XCTAssertEqual(intent("remind me to email Anna about the Q3 report on friday"),
                       .createTask(TaskDraft(title: "Email Anna about the Q3 report", date: CivilDate(iso: "2026-11-27"),
                                             category: .work)))
    }

    func testReminderWithoutDateStillCreatesATask() {
        XCTAssertEqual(intent("remind me to feed the cat"), .createTask(TaskDraft(title: "Feed the cat")))
    }

    func testReminderWithOnlyADateGetsAPlaceholderTitle() {
        XCTAssertEqual(intent("remind me tomorrow"),
                       .createTask(TaskDraft(title: "Reminder", date: CivilDate(iso: "2026-11-24"))))
    }

    func testGreetingBeforeARequestIsIgnored() {
        XCTAssertEqual(intent("hi, remind me to buy bread"),
                       .createTask(TaskDraft(title: "Buy bread", category: .shopping)))
    }

    func testPriorityWordsAreCutFromTheTitle() {
        XCTAssertEqual(intent("add task: urgent: renew passport"),
                       .createTask(TaskDraft(title: "Renew passport", category: .personal, priority: .high)))
    }

    func testKeywordsMatchWholeWordsOnly() {
        // "brunch" holds "run" and "already" holds "read": neither makes this Health or Study.
        XCTAssertEqual(intent("remind me to plan brunch already"),
                       .createTask(TaskDraft(title: "Plan brunch already", category: .other)))
    }

    func testDatesInsideWordsAreNotDates() {
        XCTAssertEqual(intent("remind me to buy a sundae"),
                       .createTask(TaskDraft(title: "Buy a sundae", category: .shopping)))
    }

    func testMarkWithoutDoneIsNotACompletion() {
        XCTAssertEqual(intent("mark my words"), .unknown)
    }

    func testDateQuestionAboutSomethingElseIsNotResolved() {
        XCTAssertEqual(intent("when is my dentist appointment"), .unknown)
    }

    func testAgendaQuestionWithoutAPeriodWeKnowIsNotAnAgenda() {
        XCTAssertEqual(intent("what's on tv"), .unknown)
    }

    func testTodoItemsWithOxfordCommaAndBullets() {
        XCTAssertEqual(TodoListReader.items(in: " apples, pears, and plums."), ["Apples", "Pears", "Plums"])
        XCTAssertEqual(TodoListReader.items(in: "\n- salt and pepper\n• oil"), ["Salt and pepper", "Oil"])
    }

    func testHelpGreetingThanks() {
        XCTAssertEqual(intent("Help!"), .help)
        XCTAssertEqual(intent("good morning"), .greeting)
        XCTAssertEqual(intent("thank you"), .thanks)
    }

    func testToolCallArgumentsLeaveOutWhatIsNotKnown() {
        let call = OfflineIntent.createTask(TaskDraft(title: "Stretch")).toolCall
        XCTAssertEqual(call?.name, "create_task")
        XCTAssertEqual(call?.arguments.jsonText, #"{"category":"Other","title":"Stretch"}"#)
    }
}

/// Todo lists written without a colon, and sentences that only mention a list.
final class TodoListRecognitionTests: XCTestCase {
    private func intent(_ text: String) -> OfflineIntent {
        IntentRecognizer().recognize(text, now: offlineNow, timeZone: utc)
    }

    func testListWithItemsAfterWith() {
        XCTAssertEqual(intent("Create a shopping list with eggs, milk and bread"),
                       .createTodoList(title: "Shopping list", items: ["Eggs", "Milk", "Bread"]))
    }

    func testSentenceMentioningAListIsATask() {
        XCTAssertEqual(intent("remind me to check the list with Bob"),
                       .createTask(TaskDraft(title: "Check the list with Bob")))
    }

    func testRemovingTheWordTaskNamesNoTask() {
        XCTAssertEqual(intent("remove the task"), .unknown)
    }
}
