import Foundation
import XCTest
import Core
import Storage
import TestSupport

/// `aihelper ask --image` with the real binary: the picture reaches the loopback peer in the
/// provider's shape and is stored with the question; bad files and a model that cannot see
/// are refused before anything is sent.
final class CLIAskImageTests: HomeFolderTestCase {
    private static let peer = Result { try PeerServer.providers() }
    private var cli: CLIRunner { CLIRunner(home: home) }

    private func image(_ name: String, _ data: Data) throws -> String {
        let path = home + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private var openAI: [String: String] {
        get throws { ["OPENAI_BASE_URL": try Self.peer.get().baseURL + "/v1", "OPENAI_API_KEY": "x"] }
    }

    func testTheImagesReachTheProviderAndAreStored() throws {
        let png = TestImages.png(width: 6, height: 4), jpeg = TestImages.jpeg(width: 9, height: 7)
        let a = try image("a.png", png), b = try image("b-really-a-jpeg.png", jpeg)
        let result = try cli.run(["ask", "--provider", "openai", "--model", "gpt-4o-mini", "--image", a, "--image", b,
                                  "what is in these? [script:text] image-ask-1"], environment: try openAI)
        XCTAssertEqual(result.status, 0, result.err)
        let body = try XCTUnwrap(try Self.peer.get().requests().last { request in
            "\(request["body"] ?? "")".contains("image-ask-1")
        }?["body"] as? [String: Any])
        let user = try XCTUnwrap((body["messages"] as? [[String: Any]])?.last { $0["role"] as? String == "user" })
        let urls = (user["content"] as? [[String: Any]] ?? []).compactMap { ($0["image_url"] as? [String: Any])?["url"] as? String }
        XCTAssertEqual(urls, ["data:image/png;base64," + png.base64EncodedString(),
                              "data:image/jpeg;base64," + jpeg.base64EncodedString()], "by content, not by name")
        let db = try AppDatabase.open(path: home + "/aihelper.sqlite")
        let conversation = try XCTUnwrap(try db.conversationSummaries(limit: 1).first)
        let question = try XCTUnwrap(try db.messages(conversationId: conversation.conversation.id!).first)
        XCTAssertEqual(try db.images(messageId: question.id!).map(\.name), ["a.png", "b-really-a-jpeg.png"])
    }

    func testBadFilesAndAModelThatCannotSeeAreRefusedBeforeSending() throws {
        let before = try Self.peer.get().requests().count
        let text = try image("notes.png", Data("hello\n".utf8))
        let cut = try image("cut.gif", TestImages.gif().dropLast())
        let cases: [([String], String, Int32)] = [
            (["--image", text], "notes.png: not an image: only PNG, JPEG, GIF and WebP files can be attached", 2),
            (["--image", cut], "cut.gif: the GIF file is truncated", 2),
            (["--image", home + "/none.png"], "No such file: \(home)/none.png", 2),
            (["--image", home], "is a folder, not an image file", 2),
            (["--model", "o3-mini", "--image", try image("ok.png", TestImages.png())], "o3-mini cannot see images", 1),
        ]
        for (arguments, message, status) in cases {
            let result = try cli.run(["ask", "--provider", "openai"] + arguments + ["what is it?"], environment: try openAI)
            XCTAssertEqual(result.status, status, result.err)
            XCTAssertTrue(result.err.contains(message), result.err)
        }
        XCTAssertEqual(try Self.peer.get().requests().count, before, "nothing was sent")
    }

    func testTheOfflineAssistantSaysItCannotSeeAndDoesTheText() throws {
        let result = try cli.run(["ask", "--provider", "offline", "--image", try image("p.png", TestImages.png()),
                                  "add a task buy milk tomorrow"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("I can't see images"), result.out)
        XCTAssertTrue(result.out.contains("Buy milk"), result.out)
    }
}
