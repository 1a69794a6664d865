import XCTest

/// One place for key handlers (docs/architecture.md, The App layer): a function that takes the
/// state and a key is in a `Model/Update<Area>.swift` file, never beside a state type.
final class KeyHandlerPlacementTests: XCTestCase {
    static let handler = try! NSRegularExpression(pattern: #"func \w+\([^)]*(inout AppState[^)]*: Key\b|: Key\b[^)]*inout AppState)"#)

    func testEveryKeyHandlerIsInAnUpdateFile() throws {
        let files = try FileManager.default.contentsOfDirectory(at: UpdatePurityTests.updateCode, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        var handlers = 0, misplaced: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let count = Self.handler.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            handlers += count
            if count > 0 && !file.lastPathComponent.hasPrefix("Update") { misplaced.append(file.lastPathComponent) }
        }
        XCTAssertGreaterThan(handlers, 15, "the handlers are found")
        XCTAssertEqual(misplaced, [])
    }

    func testTheCheckFindsAHandler() {
        let line = "func handleThingKey(_ state: inout AppState, _ key: Key) -> [Effect] {"
        XCTAssertEqual(Self.handler.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line)), 1)
    }
}
