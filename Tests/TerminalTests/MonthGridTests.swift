import XCTest
@testable import Terminal

final class MonthGridTests: XCTestCase {
    private let styles = MonthGridStyles(
        header: Style(bold: true), weekday: Style(dim: true), day: .plain, selected: Style(reverse: true),
        today: Style(fg: .ansi(3), bold: true), muted: Style(fg: .ansi(8)), mark: Style(fg: .ansi(2)))

    private func render(_ year: Int, _ month: Int, width: Int = 24, height: Int = 9, selected: Int? = nil, today: Int? = nil,
                        marks: [Int: Style] = [:], counts: [Int: Int] = [:], firstWeekday: Int = 1) -> Canvas {
        var c = Canvas(width: width, height: height)
        MonthGrid.render(into: &c, rect: c.bounds, year: year, month: month, selectedDay: selected, today: today,
                         marks: marks, counts: counts, styles: styles, firstWeekday: firstWeekday)
        return c
    }

    func testNovember2026Snapshot() {
        let markStyle = Style(fg: .ansi(1))
        let c = render(2026, 11, selected: 27, today: 23, marks: [27: markStyle])
        XCTAssertEqual(c.text(), """
             November 2026
         Su Mo Tu We Th Fr Sa
          1  2  3  4  5  6  7
          8  9 10 11 12 13 14
         15 16 17 18 19 20 21
         22 23 24 25 26 27•28
         29 30  1  2  3  4  5
          6  7  8  9 10 11 12

        """)
        // 27 is on row 5, column 6: cells 16-17 hold the number and 18 the marker.
        XCTAssertEqual(c[16, 5].style, styles.selected)
        XCTAssertEqual(c[17, 5].style, styles.selected)
        XCTAssertEqual(c[18, 5].style, markStyle)
        XCTAssertEqual(c[5, 5].style, styles.today)        // 23
        XCTAssertEqual(c[8, 5].style, styles.day)          // 24
        XCTAssertEqual(c[8, 6].style, styles.muted)        // December 1
        XCTAssertEqual(c[6, 0].style, styles.header)
    }

    func testFebruary2027Snapshot() {
        XCTAssertEqual(render(2027, 2).text(), """
             February 2027
         Su Mo Tu We Th Fr Sa
         31  1  2  3  4  5  6
          7  8  9 10 11 12 13
         14 15 16 17 18 19 20
         21 22 23 24 25 26 27
         28  1  2  3  4  5  6
          7  8  9 10 11 12 13

        """)
    }

    func testMonthStartingOnSaturdayUsesSixRows() {
        let c = render(2026, 8)
        XCTAssertEqual(c.text(), """
              August 2026
         Su Mo Tu We Th Fr Sa
         26 27 28 29 30 31  1
          2  3  4  5  6  7  8
          9 10 11 12 13 14 15
         16 17 18 19 20 21 22
         23 24 25 26 27 28 29
         30 31  1  2  3  4  5

        """)
        XCTAssertEqual(c[2, 7].style, styles.day)     // the 30th, in the sixth week row
        XCTAssertEqual(c[8, 7].style, styles.muted)   // September 1
    }

    func testMondayFirstAndWideLayoutWithCounts() {
        let c = render(2026, 11, width: 63, height: 14, counts: [3: 2, 27: 12], firstWeekday: 2)
        XCTAssertTrue(c.row(1).contains("Mon      Tue"), c.row(1))
        XCTAssertTrue(c.row(2).hasPrefix("   26       27       28       29       30       31        1"), c.row(2))
        XCTAssertTrue(c.row(4).contains(" 3 2 "), c.row(4))
        XCTAssertTrue(c.row(10).contains("27 12"), c.row(10))
        XCTAssertEqual(c[9 + 3 + 3, 4].style, styles.mark)  // count of the 3rd (Tuesday): cell 1, digits at +3
    }

    func testNarrowRectIsClippedNotOverflowed() {
        let c = render(2026, 11, width: 10, height: 3)
        XCTAssertEqual(c.text().split(separator: "\n").count, 3)
    }
}

final class ListWindowTests: XCTestCase {
    func testKeepsSelectionVisibleWithMinimalScrolling() {
        XCTAssertEqual(ListWindow.top(count: 100, selected: 5, height: 10, previousTop: 0), 0)
        XCTAssertEqual(ListWindow.top(count: 100, selected: 10, height: 10, previousTop: 0), 1)
        XCTAssertEqual(ListWindow.top(count: 100, selected: 3, height: 10, previousTop: 8), 3)
        XCTAssertEqual(ListWindow.top(count: 12, selected: 11, height: 10, previousTop: 50), 2)
        XCTAssertEqual(ListWindow.top(count: 0, selected: 0, height: 10, previousTop: 4), 0)
    }

    func testStickyScroll() {
        var s = ScrollState()
        XCTAssertEqual(s.visibleRange(totalLines: 100, height: 10), 90..<100)
        s.scroll(by: -5, totalLines: 100, height: 10)
        XCTAssertFalse(s.isFollowing)
        XCTAssertEqual(s.visibleRange(totalLines: 120, height: 10), 85..<95)  // new lines do not move the view
        s.scroll(by: 50, totalLines: 120, height: 10)
        XCTAssertTrue(s.isFollowing)
        XCTAssertEqual(s.visibleRange(totalLines: 5, height: 10), 0..<5)
        s.page(up: true, totalLines: 120, height: 10)
        XCTAssertEqual(s.visibleRange(totalLines: 120, height: 10), 101..<111)
    }
}
