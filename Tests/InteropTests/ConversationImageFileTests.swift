import Foundation
import XCTest
import Core
import Storage
import Interop
import TestSupport

/// Pictures in conversation files: JSON keeps them (base64 with type, size and name) and
/// brings them back on import; Markdown names them; no file carries raw control characters.
final class ConversationImageFileTests: XCTestCase {
    let png = TestImages.png(width: 12, height: 8)
    let gif = TestImages.gif(width: 5, height: 4)
    let hostileName = "x\u{1B}]0;owned\u{7}y\u{1B}[31m.png"

    private func stored(in db: AppDatabase) throws -> Conversation {
        let c = try db.createConversation(title: "Pictures")
        let images = [try ImageAttachment(name: hostileName, data: png, maxBytes: 1 << 20),
                      try ImageAttachment(name: "cat.gif", data: gif, maxBytes: 1 << 20)]
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "what are these?"), images: images)
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .assistant, content: "A square and a cat."))
        return c
    }

    func testJSONKeepsTheImagesAndImportBringsThemBack() throws {
        let db = try AppDatabase.temporary()
        let original = try stored(in: db)
        let text = try ConversationJSON(XCTUnwrap(try db.conversationRecords(id: original.id!))).text()
        XCTAssertTrue(text.contains(#""mimeType" : "image/png""#))
        XCTAssertTrue(text.contains(png.base64EncodedString()))
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control characters")
        XCTAssertEqual(text.components(separatedBy: #""images""#).count - 1, 1, "only the message with images has the key")

        let other = try AppDatabase.temporary()
        let read = try ConversationJSON.read(Data(text.utf8))
        let imported = try other.importConversation(read.records)
        let user = try XCTUnwrap(try other.messages(conversationId: imported.id!).first)
        let images = try other.imageAttachments(messageId: user.id!)
        XCTAssertEqual(images.map(\.data), [png, gif])
        XCTAssertEqual(images.map(\.name), [hostileName, "cat.gif"], "the name as it was (cleaned where it is shown)")
        XCTAssertEqual(images.map(\.info.format), [.png, .gif])
        // Exported again: the same file but for the ids.
        let again = try ConversationJSON(XCTUnwrap(try other.conversationRecords(id: imported.id!))).text()
        XCTAssertEqual(again.replacing(/"id" : \d+/, with: "id"), text.replacing(/"id" : \d+/, with: "id"))
    }

    /// A tool's pictures (a screenshot an MCP server returned) go with their call: JSON keeps
    /// them, import brings them back to the same call, Markdown names them; its bytes are not
    /// read for Markdown.
    func testAToolsPicturesTravelWithTheirCall() throws {
        let db = try AppDatabase.temporary()
        let c = try db.createConversation(title: "Screens")
        _ = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "take a screenshot"))
        let answer = try db.appendMessage(Message(conversationId: c.id!, role: .assistant, content: "Here it is."))
        _ = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "c1", name: "list_files", arguments: "{}", result: "2 files"))
        let call = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "c2", name: "screenshot", arguments: "{}", result: "1 image"))
        try db.attachImages([try ImageAttachment(name: "screen.png", data: png, maxBytes: 1 << 20)], toolCallId: call.id!)

        let text = try ConversationJSON(XCTUnwrap(try db.conversationRecords(id: c.id!))).text()
        XCTAssertTrue(text.contains(png.base64EncodedString()), "the tool's picture is in the file")
        XCTAssertEqual(text.components(separatedBy: #""images""#).count - 1, 1, "only the call that gave one has the key")
        let other = try AppDatabase.temporary()
        let imported = try other.importConversation(try ConversationJSON.read(Data(text.utf8)).records)
        let importedAnswer = try XCTUnwrap(try other.messages(conversationId: imported.id!).last)
        let calls = try other.toolCalls(messageId: importedAnswer.id!)
        XCTAssertEqual(calls.map(\.callId), ["c1", "c2"])
        XCTAssertEqual(try other.images(toolCallId: calls[0].id!), [])
        XCTAssertEqual(try other.images(toolCallId: calls[1].id!).map(\.name), ["screen.png"])
        let again = try ConversationJSON(XCTUnwrap(try other.conversationRecords(id: imported.id!))).text()
        XCTAssertEqual(again.replacing(/"id" : \d+/, with: "id"), text.replacing(/"id" : \d+/, with: "id"))

        let named = try XCTUnwrap(try db.conversationRecords(id: c.id!, imageBytes: false))
        XCTAssertEqual(named.toolCallImages[answer.id!]?["c2"]?.map(\.data), [Data()], "no bytes read for a Markdown file")
        let markdown = ConversationMarkdown.write(named, timeZone: .gmt)
        XCTAssertTrue(markdown.contains("- ▣ screen.png · 12×8 · \(ByteSize.text(png.count)) · from screenshot"), markdown)
        XCTAssertTrue(markdown.contains("*(1 image not included here; export as JSON to keep it)*"), markdown)
    }

    /// A file whose "image" is not one: left out on import, never stored as a picture.
    func testImportLeavesOutDataThatIsNoImage() throws {
        let db = try AppDatabase.temporary()
        let original = try stored(in: db)
        var text = try ConversationJSON(XCTUnwrap(try db.conversationRecords(id: original.id!))).text()
        text = text.replacingOccurrences(of: gif.base64EncodedString(), with: Data("just text".utf8).base64EncodedString())
        let other = try AppDatabase.temporary()
        let imported = try other.importConversation(try ConversationJSON.read(Data(text.utf8)).records)
        let user = try XCTUnwrap(try other.messages(conversationId: imported.id!).first)
        XCTAssertEqual(try other.images(messageId: user.id!).map(\.name), [hostileName])
    }

    func testMarkdownNamesTheImagesCleanly() throws {
        let db = try AppDatabase.temporary()
        let original = try stored(in: db)
        let markdown = ConversationMarkdown.write(try XCTUnwrap(try db.conversationRecords(id: original.id!)), timeZone: .gmt)
        XCTAssertTrue(markdown.contains("- ▣ xy.png · 12×8 · \(ByteSize.text(png.count))"), markdown)
        XCTAssertTrue(markdown.contains("- ▣ cat.gif · 5×4 · \(ByteSize.text(gif.count))"), markdown)
        XCTAssertTrue(markdown.contains("*(2 images not included here; export as JSON to keep them)*"), markdown)
        XCTAssertFalse(markdown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
