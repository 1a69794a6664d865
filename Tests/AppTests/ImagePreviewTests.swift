import XCTest
import Foundation
import Core
import Storage
import Agent
import Providers
import Tools
import Terminal
import TestSupport
@testable import App

/// The graphics query and its answers through the real loop's reading (a pipe for stdin), and
/// the previews placed after frames: kitty deletes and places, sixel repaints and draws.
final class ImagePreviewTests: XCTestCase {
    private var pipeFDs: [Int32] = [-1, -1]

    override func tearDown() {
        for fd in pipeFDs where fd >= 0 { close(fd) }
    }

    private var database: AppDatabase!

    private func makeApp() throws -> (TUIApp, MemoryBackend) {
        XCTAssertEqual(pipe(&pipeFDs), 0)
        let database = try AppDatabase.temporary()
        self.database = database
        let backend = MemoryBackend(size: Size(width: 100, height: 30))
        let agent = Agent(provider: OfflineProvider(wordDelay: .zero), tools: ToolRegistry.builtIn(), database: database)
        let app = TUIApp(backend: backend, database: database, agent: agent, inputDescriptor: pipeFDs[0])
        app.render()
        return (app, backend)
    }

    /// The terminal's answer arrives on stdin and is read as the loop reads it.
    private func answer(_ app: TUIApp, _ bytes: String) {
        _ = bytes.withCString { write(pipeFDs[1], $0, strlen($0)) }
        app.readInput()
        app.handle([])
    }

    private static let xterm = ["TERM": "xterm-256color"]

    func testKittyAnswerTurnsPreviewsOnAndNothingIsTyped() throws {
        let (app, backend) = try makeApp()
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        XCTAssertEqual(backend.controlSequences, [GraphicsDetection.query])
        XCTAssertNil(app.state.imagePreviews)
        answer(app, "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;18;9t\u{1B}[?62;22c")
        XCTAssertEqual(app.state.imagePreviews, ImagePreviews(graphics: .kitty, cell: Size(width: 9, height: 18)))
        XCTAssertEqual(app.painter?.graphics, .kitty)
        XCTAssertEqual(app.state.chat.input.text, "")
        XCTAssertEqual(backend.graphics, [])
    }

    func testDA1WithFourIsSixelWithoutIsNone() throws {
        let (app, _) = try makeApp()
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        answer(app, "\u{1B}[?63;1;2;4;6;9;22c")
        XCTAssertEqual(app.state.imagePreviews?.graphics, .sixel)

        let (other, _) = try makeApp()
        other.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        answer(other, "\u{1B}[?62;1;6;22c")
        XCTAssertNil(other.state.imagePreviews)
        XCTAssertNil(other.painter)
    }

    func testNoAnswerInTimeMeansNoPreviewsAndNoImageBytesEver() throws {
        let (app, backend) = try makeApp()
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        app.graphicsDeadline = .now - .milliseconds(1)
        app.graphicsWaitEnded()
        answer(app, "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c")  // too late
        XCTAssertNil(app.state.imagePreviews)
        XCTAssertNil(app.painter)
        app.view.chat.previews = [Self.spot(y: 3)]
        app.render()
        XCTAssertEqual(backend.graphics, [])
        XCTAssertEqual(backend.controlSequences, [GraphicsDetection.query])
    }

    func testInTmuxNothingIsAskedAndNothingShown() throws {
        let (app, backend) = try makeApp()
        app.startGraphicsDetection(setting: .auto, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x,1,0"])
        XCTAssertEqual(backend.controlSequences, [])
        XCTAssertNil(app.state.imagePreviews)
    }

    /// A conversation whose first message has a picture, then `after` long answers below it.
    private func openPicture(_ app: TUIApp, after: Int) throws {
        let conversation = try database.createConversation(title: "t")
        let image = try ImageAttachment(name: "a.png", data: Self.png, maxBytes: 1 << 20)
        _ = try database.appendMessage(Message(conversationId: conversation.id!, role: .user, content: "look"), images: [image])
        for i in 0..<after {
            _ = try database.appendMessage(Message(conversationId: conversation.id!, role: .assistant,
                                                   content: (1...8).map { "answer \(i) line \($0)" }.joined(separator: "\n\n")))
        }
        app.openConversation(conversation)
    }

    /// Draws, lets the previews be made off the loop, and draws what they made.
    /// A picture in the open conversation (`after` answers below it), kitty found with 10 × 20
    /// cells, and the frame drawn.
    private func kittyWithPicture(after: Int) throws -> (TUIApp, MemoryBackend) {
        let (app, backend) = try makeApp()
        try openPicture(app, after: after)
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        answer(app, "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        drawSettled(app)
        return (app, backend)
    }

    /// The screen rows that show a picture's placeholder line ("▣ name · size").
    private func placeholderRows(_ app: TUIApp) -> [Int] {
        app.canvas.text().split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { $0.element.contains("▣") }.map(\.offset)
    }

    private func drawSettled(_ app: TUIApp) {
        app.render()
        app.painter?.store.settle()
        app.handle(app.mailbox.drain())
        app.render()
    }

    func testThePreviewIsPlacedUnderItsPlaceholderAndMovesWithTheScroll() throws {
        let (app, backend) = try kittyWithPicture(after: 3)
        XCTAssertEqual(backend.graphics, [], "the picture is above the view")
        app.state.chat.scroll.ask(Int.max / 4)  // to the top (Home), clamped when drawn
        drawSettled(app)
        let placeholder = try XCTUnwrap(placeholderRows(app).first)
        let spot = try XCTUnwrap(app.view.chat.previews.first)
        XCTAssertEqual(spot.y, placeholder + 1, "right under its placeholder line")
        XCTAssertEqual(spot.box, PreviewBox(columns: 4, rows: 1, pixelWidth: 40, pixelHeight: 20))
        let id = PreviewStore.firstKittyId
        XCTAssertEqual(backend.graphics.count, 1)
        XCTAssertTrue(backend.graphics[0].hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=\(id)"))
        XCTAssertTrue(backend.graphics[0].hasSuffix(KittyGraphics.place(id: id, row: spot.y, column: spot.x, columns: 4, rows: 1)))
        // The row is kept blank for the picture.
        XCTAssertEqual((spot.x..<(spot.x + 4)).map { app.canvas[$0, spot.y].text }, [" ", " ", " ", " "])
        // Scrolled down a little: deleted and placed where it is now; no image sent again.
        app.state.chat.scroll.ask(app.view.chat.rowsFromBottom - 2)
        drawSettled(app)
        let moved = try XCTUnwrap(app.view.chat.previews.first)
        XCTAssertEqual(moved.y, spot.y - 2)
        XCTAssertEqual(backend.graphics.count, 2)
        XCTAssertEqual(backend.graphics.last, KittyGraphics.deletePlacements(ids: [id])
                       + KittyGraphics.place(id: id, row: moved.y, column: moved.x, columns: 4, rows: 1))
        // An overlay over it (help): the placement is deleted, nothing placed.
        app.handleNow(.key(.f(1)))
        drawSettled(app)
        XCTAssertEqual(backend.graphics.last, KittyGraphics.deletePlacements(ids: [id]))
    }

    /// A font change in the terminal (a resize whose cells have other pixels): the preview
    /// takes the rows the new cell size gives.
    func testAResizeWithOtherCellPixelsResizesThePreview() throws {
        let (app, backend) = try kittyWithPicture(after: 0)
        XCTAssertEqual(app.view.chat.previews.first?.box, PreviewBox(columns: 4, rows: 1, pixelWidth: 40, pixelHeight: 20))
        backend.cellPixelSize = Size(width: 5, height: 10)  // the font at half its size
        app.handle(app.resized())
        drawSettled(app)
        XCTAssertEqual(app.state.imagePreviews?.cell, Size(width: 5, height: 10))
        XCTAssertEqual(app.view.chat.previews.first?.box, PreviewBox(columns: 8, rows: 2, pixelWidth: 40, pixelHeight: 20))
    }

    func testWithoutAnAnswerThePlaceholderAloneAndNoBytes() throws {
        let (app, backend) = try makeApp()
        try openPicture(app, after: 0)
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        answer(app, "\u{1B}[?62;22c")
        drawSettled(app)
        XCTAssertEqual(placeholderRows(app).count, 1)
        XCTAssertEqual(app.view.chat.previews, [])
        XCTAssertEqual(backend.graphics, [])
    }

    /// A picture a tool returned: its placeholder under the call's result, read back with the
    /// conversation, and its preview there; the same through the live event.
    func testAToolsPictureShowsUnderItsResult() throws {
        let (app, backend) = try makeApp()
        let conversation = try database.createConversation(title: "t")
        _ = try database.appendMessage(Message(conversationId: conversation.id!, role: .user, content: "show my screen"))
        let answer = try database.appendMessage(Message(conversationId: conversation.id!, role: .assistant, content: "That is your screen."))
        let call = try database.insertToolCall(ToolCallRecord(messageId: answer.id!, callId: "c1", name: "pictures__snapshot", arguments: "{}"))
        try database.attachImages([try ImageAttachment(name: "image 1", data: Self.png, maxBytes: 1 << 20)], toolCallId: call.id!)
        for (i, kind) in [TimelineKind.toolCall, .toolResult].enumerated() {
            _ = try database.insertTimelineStep(TimelineStep(messageId: answer.id!, position: i, kind: kind, title: kind == .toolCall ? "pictures__snapshot" : "result",
                                                             detail: "", callId: "c1", status: .done, startedAt: Date()))
        }
        XCTAssertEqual(try database.toolCallImages(messageIds: [answer.id!])[answer.id!]?["c1"]?.map(\.width), [40])
        app.openConversation(conversation)
        app.startGraphicsDetection(setting: .auto, environment: Self.xterm)
        self.answer(app, "\u{1B}[?62;4;22c")
        drawSettled(app)
        let placeholder = try XCTUnwrap(placeholderRows(app).first)
        let rows = app.canvas.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(rows[placeholder].contains("▣ image 1 · 40×20"), rows[placeholder])
        XCTAssertTrue(rows[placeholder - 1].contains("result"), rows[placeholder - 1])
        XCTAssertEqual(app.view.chat.previews.map(\.y), [placeholder + 1])
        XCTAssertTrue(backend.graphics.last?.contains("\u{1B}P0;1;0q") == true, "a sixel image")

        // Live: the turn's event puts it under the call's result.
        var state = app.state
        state.chat.toolImages = [:]
        XCTAssertFalse(screenText(state).contains("▣ image 1"))
        let stored = try database.images(toolCallId: call.id!)
        _ = update(&state, .agent(turnId: 0, .toolImages(messageId: answer.id!, callId: "c1", stored)), view: ViewState())
        XCTAssertTrue(screenText(state).contains("▣ image 1 · 40×20"))
    }

    // MARK: placing

    private static let png = TestImages.png(width: 40, height: 20)
    private static let image = StoredImage(hash: "abc", position: 0, name: "a.png", format: .png, width: 40, height: 20, byteCount: png.count)

    static func spot(y: Int) -> PreviewSpot {
        PreviewSpot(image: image, box: PreviewBox.fitting(Size(width: 40, height: 20), cell: Size(width: 10, height: 20)), x: 2, y: y)
    }

    private func painter(_ graphics: GraphicsProtocol) -> PreviewPainter {
        PreviewPainter(graphics: graphics, store: PreviewStore(read: { $0 == "abc" ? Self.png : nil }, ready: {}))
    }

    /// Paints once to ask for the preview, waits for it, and paints again.
    private func paintReady(_ painter: PreviewPainter, _ spots: [PreviewSpot], _ backend: MemoryBackend) {
        painter.paint(spots, on: backend)
        painter.store.settle()
        painter.paint(spots, on: backend)
    }

    func testKittyPlacesOnceThenDeletesAndPlacesAgainWhenScrolled() {
        let backend = MemoryBackend(size: Size(width: 100, height: 30))
        let p = painter(.kitty)
        p.paint([Self.spot(y: 5)], on: backend)
        XCTAssertEqual(backend.graphics, [], "nothing before the preview is made")
        p.store.settle()
        p.paint([Self.spot(y: 5)], on: backend)
        let id = PreviewStore.firstKittyId
        XCTAssertEqual(backend.graphics.count, 1)
        XCTAssertTrue(backend.graphics[0].hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=\(id),q=2,m=0;"))
        XCTAssertTrue(backend.graphics[0].hasSuffix(KittyGraphics.place(id: id, row: 5, column: 2, columns: 4, rows: 1)))
        // The same frame again: nothing written.
        p.paint([Self.spot(y: 5)], on: backend)
        XCTAssertEqual(backend.graphics.count, 1)
        // Scrolled by two rows: the placement deleted and placed again; the image not sent again.
        p.paint([Self.spot(y: 3)], on: backend)
        XCTAssertEqual(backend.graphics.last, KittyGraphics.deletePlacements(ids: [id])
                       + KittyGraphics.place(id: id, row: 3, column: 2, columns: 4, rows: 1))
        // Scrolled out of view (or an overlay opened): only deleted.
        p.paint([], on: backend)
        XCTAssertEqual(backend.graphics.last, KittyGraphics.deletePlacements(ids: [id]))
        p.release(on: backend)
        XCTAssertEqual(backend.graphics.last, KittyGraphics.deleteImages(ids: [id]))
    }

    func testSixelRepaintsTheRowsItLeftAndDrawsWhereItIsNow() {
        let backend = MemoryBackend(size: Size(width: 100, height: 30))
        backend.present(Canvas(width: 100, height: 30))
        let p = painter(.sixel)
        paintReady(p, [Self.spot(y: 5)], backend)
        XCTAssertEqual(backend.graphics.count, 1)
        XCTAssertTrue(backend.graphics[0].hasPrefix("\u{1B}7\u{1B}[6;3H\u{1B}P0;1;0q\"1;1;40;20"))
        XCTAssertEqual(backend.repaintedRows, [])
        // Scrolled: row 5 is written again by ncurses, the image drawn at row 3.
        p.paint([Self.spot(y: 3)], on: backend)
        XCTAssertEqual(backend.repaintedRows, [[5]])
        XCTAssertTrue(backend.graphics[1].hasPrefix("\u{1B}7\u{1B}[4;3H\u{1B}P"))
        // A frame that wrote on the image's row: drawn again; one that did not: nothing.
        var canvas = Canvas(width: 100, height: 30)
        _ = canvas.put("x", x: 50, y: 3, style: .plain)
        backend.present(canvas)
        p.paint([Self.spot(y: 3)], on: backend)
        XCTAssertEqual(backend.graphics.count, 3)
        backend.present(canvas)
        p.paint([Self.spot(y: 3)], on: backend)
        XCTAssertEqual(backend.graphics.count, 3)
    }

    func testAnImageThatCannotBeReadIsNeverPlaced() {
        let backend = MemoryBackend(size: Size(width: 100, height: 30))
        let p = PreviewPainter(graphics: .kitty, store: PreviewStore(read: { _ in Data("not an image".utf8) }, ready: {}))
        var broken = Self.spot(y: 5)
        broken.image.format = .jpeg
        paintReady(p, [broken], backend)
        XCTAssertEqual(backend.graphics, [])
    }
}
