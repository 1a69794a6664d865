import XCTest
@testable import Core
import TestSupport

/// Random rules (seeded) expanded by the engine and by `NaiveRecurrence`, which walks every day
/// from the start and asks whether it belongs, instead of generating each period's dates.
final class RecurrenceCrossCheckTests: XCTestCase {
    func testRandomRulesNearTheStart() {
        var random = SeededRandom(seed: 20_261_123)
        for _ in 0..<300 {
            let rule = random.rule()
            let start = random.day(in: 2000...2003)
            let from = start.adding(days: random.int(in: -30...900))
            let range = from...from.adding(days: random.int(in: 0...400))
            let expected = NaiveRecurrence(rule: rule, start: start).dates(through: range.upperBound).filter(range.contains)
            XCTAssertEqual(RecurrenceSet(rule: rule).occurrences(start: start, in: range), expected,
                           "\(rule.text) from \(start) in \(range)")
        }
    }

    func testRandomRulesNinetyYearsOn() {
        var random = SeededRandom(seed: 2090)
        for _ in 0..<25 {
            let rule = random.rule(countUpTo: 2000)
            let start = random.day(in: 2000...2001)
            let range = day("2090-01-01")...day("2090-12-31")
            let expected = NaiveRecurrence(rule: rule, start: start).dates(through: range.upperBound).filter(range.contains)
            XCTAssertEqual(RecurrenceSet(rule: rule).occurrences(start: start, in: range), expected,
                           "\(rule.text) from \(start)")
        }
    }

    func testNextAfterAgreesWithTheNaiveWalk() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<150 {
            let rule = random.rule()
            let start = random.day(in: 2000...2002)
            let after = start.adding(days: random.int(in: -10...700))
            let horizon = after.adding(days: 3000)
            let naive = NaiveRecurrence(rule: rule, start: start).dates(through: horizon).first { $0 > after }
            let next = RecurrenceSet(rule: rule).next(after: after, start: start)
            if let naive {
                XCTAssertEqual(next, naive, "\(rule.text) from \(start) after \(after)")
            } else if let next {
                XCTAssertGreaterThan(next, horizon, "\(rule.text) from \(start) after \(after)")
            }
        }
    }
}

/// Random rules and days from a seeded generator, so a failure can be replayed.
struct SeededRandom {
    private var generator: SeededGenerator
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ percent: Int) -> Bool { int(in: 1...100) <= percent }

    mutating func day(in years: ClosedRange<Int>) -> CivilDate {
        let year = int(in: years), month = int(in: 1...12)
        return CivilDate(year: year, month: month, day: int(in: 1...CivilDate.daysIn(year: year, month: month)))
    }

    /// A valid rule with a few random parts.
    mutating func rule(countUpTo maxCount: Int = 60) -> RecurrenceRule {
        let frequency = RecurrenceRule.Frequency.allCases[int(in: 0...3)]
        var rule = RecurrenceRule(frequency: frequency, interval: chance(50) ? 1 : int(in: 2...5))
        let numbered = frequency == .monthly || frequency == .yearly
        if chance(50) {
            rule.byDay = (0..<int(in: 1...3)).map { _ in
                let weekday = RecurrenceRule.Weekday(rawValue: int(in: 0...6))!
                guard numbered && chance(50) else { return .init(weekday) }
                let ordinal = frequency == .yearly && chance(30) ? int(in: 1...53) : int(in: 1...5)
                return .init(weekday, ordinal: chance(50) ? ordinal : -ordinal)
            }
        }
        if frequency != .weekly && chance(frequency == .daily ? 20 : 35) {  // RFC 5545: not in WEEKLY
            rule.byMonthDay = (0..<int(in: 1...2)).map { _ in chance(70) ? int(in: 1...31) : -int(in: 1...31) }
        }
        if chance(frequency == .yearly ? 50 : 20) { rule.byMonth = (0..<int(in: 1...3)).map { _ in int(in: 1...12) } }
        if chance(25) { rule.bySetPos = (0..<int(in: 1...2)).map { _ in chance(50) ? int(in: 1...3) : -int(in: 1...3) } }
        if chance(30) { rule.weekStart = RecurrenceRule.Weekday(rawValue: int(in: 0...6)) }
        if chance(40) {
            rule.count = int(in: 1...maxCount)
        } else if chance(30) {
            rule.until = day(in: 2001...2095)
        }
        return rule
    }
}
