import XCTest
@testable import Markdown

final class MarkdownDocumentTests: XCTestCase {
    func testNestedValuesCompare() {
        let item = MarkdownListItem(checked: true, blocks: [.paragraph([.text("done"), .softBreak, .code("x")])])
        let list = MarkdownBlock.list(MarkdownList(ordered: false, items: [item]))
        XCTAssertEqual(MarkdownDocument(blocks: [list]), MarkdownDocument(blocks: [list]))
        XCTAssertNotEqual(list, .list(MarkdownList(ordered: false, items: [MarkdownListItem(checked: false, blocks: item.blocks)])))
    }
}
