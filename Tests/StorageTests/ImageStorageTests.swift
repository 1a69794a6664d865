import Foundation
import XCTest
import GRDB
import Core
import TestSupport
@testable import Storage

final class ImageStorageTests: StorageTestCase {
    func attachment(_ name: String, _ data: Data) throws -> ImageAttachment {
        try ImageAttachment(name: name, data: data, maxBytes: ImageAttachment.defaultMaxBytes)
    }

    func testImagesAreStoredOncePerContentAndReadInOrder() throws {
        let db = try openDatabase()
        let conversation = try db.createConversation()
        let png = TestImages.png(width: 12, height: 8), gif = TestImages.gif(width: 3, height: 4)
        let first = try db.appendMessage(Message(conversationId: conversation.id!, role: .user, content: "look"),
                                         images: [try attachment("a.png", png), try attachment("b.gif", gif)])
        let second = try db.appendMessage(Message(conversationId: conversation.id!, role: .user, content: "again"),
                                          images: [try attachment("same-bytes-other-name.png", png)])
        XCTAssertEqual(try db.imageCount(), 2, "the same bytes twice are one row")
        let stored = try db.images(messageId: first.id!)
        XCTAssertEqual(stored.map(\.name), ["a.png", "b.gif"])
        XCTAssertEqual(stored.map(\.position), [0, 1])
        XCTAssertEqual(stored[0].info, ImageInfo(format: .png, width: 12, height: 8, byteCount: png.count))
        XCTAssertEqual(stored[0].hash, AppDatabase.imageHash(png))
        XCTAssertEqual(stored[0].hash.count, 64)
        XCTAssertEqual(try db.images(messageId: second.id!).first?.hash, stored[0].hash)
        XCTAssertEqual(try db.imageData(hash: stored[1].hash), gif)
        XCTAssertEqual(try db.imageAttachments(messageId: first.id!).map(\.data), [png, gif])
        XCTAssertEqual(try db.images(messageIds: [first.id!, second.id!]).count, 2)
    }

    /// SHA-256 of "abc" (FIPS 180-4's example).
    func testTheHashIsSHA256() {
        XCTAssertEqual(AppDatabase.imageHash(Data("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testAnImageGoesWhenNothingKeepsItAnyMore() throws {
        let db = try openDatabase()
        let one = try db.createConversation(), two = try db.createConversation()
        let png = TestImages.png(), jpeg = TestImages.jpeg()
        let a = try db.appendMessage(Message(conversationId: one.id!, role: .user, content: "a"), images: [try attachment("p.png", png)])
        _ = try db.appendMessage(Message(conversationId: two.id!, role: .user, content: "b"),
                                 images: [try attachment("p.png", png), try attachment("j.jpg", jpeg)])
        let answer = try db.appendMessage(Message(conversationId: two.id!, role: .assistant, content: ""))
        let call = try db.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "c1", name: "shot", arguments: "{}"))
        let tiny = TestImages.webp()
        try db.attachImages([try attachment("screen.webp", tiny), try attachment("j.jpg", jpeg)], toolCallId: call.id!)
        XCTAssertEqual(try db.images(toolCallId: call.id!).map(\.position), [0, 1])
        XCTAssertEqual(try db.imageCount(), 3)

        try db.deleteMessage(id: a.id!)
        XCTAssertEqual(try db.imageCount(), 3, "the PNG is still in conversation two")
        try db.deleteConversation(id: two.id!)
        XCTAssertEqual(try db.imageCount(), 0, "the cascade took the links, the trigger the images")
        XCTAssertNil(try db.imageData(hash: AppDatabase.imageHash(png)))
    }

    func testTrashPurgeAndBranchesKeepOrReleaseImages() throws {
        let db = try openDatabase()
        let c = try db.createConversation()
        let png = TestImages.png()
        let user = try db.appendMessage(Message(conversationId: c.id!, role: .user, content: "what is it"),
                                        images: [try attachment("p.png", png)])
        let edited = try db.branchEdit(of: user.id!, text: "what is it, really")
        XCTAssertEqual(try db.images(messageId: edited.id!).map(\.name), ["p.png"], "an edit keeps the pictures")
        try db.deleteMessage(id: edited.id!)
        XCTAssertEqual(try db.imageCount(), 1, "the first version still shows it")
        try db.trashConversation(id: c.id!)
        XCTAssertEqual(try db.imageCount(), 1, "in the trash it can be restored")
        _ = try db.purgeTrash()
        XCTAssertEqual(try db.imageCount(), 0)
    }

    /// A failed insert (an unknown conversation) stores neither the message nor its images.
    func testMessageAndImagesAreOneTransaction() throws {
        let db = try openDatabase()
        XCTAssertThrowsError(try db.appendMessage(Message(conversationId: 999, role: .user, content: "x"),
                                                  images: [try attachment("p.png", TestImages.png())]))
        XCTAssertEqual(try db.imageCount(), 0)
    }
}
