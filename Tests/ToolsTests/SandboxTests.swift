import Foundation
import XCTest
import Core
import Storage
@testable import Tools

/// Every way out of the files folder is refused by every file tool; ways that stay inside work.
final class SandboxTests: SandboxTestCase {
    func outsideMessage(_ path: String) -> String {
        "“\(path)” is outside the files folder; only paths inside it can be used."
    }

    /// The read, list, write and search calls for `path` all fail with `message`, and nothing is
    /// written outside.
    func assertEveryToolRefuses(_ path: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) async {
        await assertToolError(ReadFileTool(), ["path": .string(path)], message, file: file, line: line)
        await assertToolError(ListFilesTool(), ["path": .string(path)], message, file: file, line: line)
        await assertToolError(SearchFilesTool(), ["path": .string(path), "query": "secret"], message, file: file, line: line)
        await assertToolError(WriteFileTool(), ["path": .string(path), "content": "pwned", "overwrite": true], message,
                              file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["secret.txt"], file: file, line: line)
        XCTAssertEqual(contents(outside.appendingPathComponent("secret.txt")), "secret\n", file: file, line: line)
    }

    func testAbsolutePathsAreRefusedEvenIntoTheFolder() async throws {
        try put("a.txt", "inside")
        for path in ["/etc/passwd", outside.appendingPathComponent("secret.txt").path, root.appendingPathComponent("a.txt").path,
                     outside.appendingPathComponent("new.txt").path, "~/x", "~"] {
            await assertEveryToolRefuses(path,
                                         "“\(path)” is an absolute path; give a path inside the files folder, like notes/todo.txt.")
        }
    }

    func testDotDotThatLeavesTheFolderIsRefused() async throws {
        try put("a/b.txt", "b")
        for path in ["..", "../box-other/secret.txt", "../box-other/new.txt", "a/../../box-other/secret.txt",
                     "a/../..", "./../box", "a/b.txt/../../../x"] {
            await assertEveryToolRefuses(path, outsideMessage(path))
        }
    }

    func testDotDotThatStaysInsideWorks() async throws {
        try put("b.txt", "bee")
        try await assertText(ReadFileTool(), ["path": "a/../b.txt"], "bee", "“a” need not exist")
        try await assertText(ReadFileTool(), ["path": "x/y/../../b.txt"], "bee")
        try await assertText(WriteFileTool(), ["path": "n/../new.txt", "content": "hi"], "Wrote “new.txt” (2 bytes).")
        XCTAssertEqual(contents(root.appendingPathComponent("new.txt")), "hi")
    }

    func testALinkToAFileOutsideIsRefused() async throws {
        try link("leak.txt", to: outside.appendingPathComponent("secret.txt").path)
        try link("relative-leak.txt", to: "../box-other/secret.txt")
        for path in ["leak.txt", "relative-leak.txt"] {
            await assertEveryToolRefuses(path, outsideMessage(path))
        }
    }

    func testALinkToAFolderOutsideIsRefused() async throws {
        try link("leakdir", to: outside.path)
        try put("sub/keep.txt", "k")
        try link("sub/up", to: "../..")  // the sandbox's parent
        for path in ["leakdir", "leakdir/secret.txt", "leakdir/new.txt", "leakdir/deeper/new.txt", "sub/up/box-other/secret.txt"] {
            await assertEveryToolRefuses(path, outsideMessage(path))
        }
    }

    func testASiblingWhoseNameStartsWithTheFolderNameIsOutside() async throws {
        XCTAssertFalse(Sandbox.isInside(outside.path + "/secret.txt", root.path))
        XCTAssertFalse(Sandbox.isInside(outside.path, root.path))
        XCTAssertTrue(Sandbox.isInside(root.path + "/a/b", root.path))
        XCTAssertTrue(Sandbox.isInside(root.path, root.path))
        XCTAssertFalse(Sandbox.isInside(base.path, root.path))
        try link("sibling", to: "../box-other")
        await assertEveryToolRefuses("sibling/secret.txt", outsideMessage("sibling/secret.txt"))
    }

    func testABrokenLinkIsRefusedAndNothingIsCreatedWhereItPoints() async throws {
        try link("dangling", to: outside.appendingPathComponent("new.txt").path)
        try link("dangling-inside", to: "not-yet.txt")
        for path in ["dangling", "dangling-inside", "dangling/x"] {
            await assertEveryToolRefuses(path, "“\(path)” goes through a link that points nowhere.")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("not-yet.txt").path))
    }

    func testLinksThatStayInsideWork() async throws {
        try put("real/a.txt", "inside")
        try link("alias.txt", to: "real/a.txt")
        try link("aliasdir", to: root.appendingPathComponent("real").path)
        try await assertText(ReadFileTool(), ["path": "alias.txt"], "inside")
        try await assertText(ReadFileTool(), ["path": "aliasdir/a.txt"], "inside")
        try await assertText(ListFilesTool(), ["path": "aliasdir"], "“real” has 1 item:\na.txt (6 bytes)")
        try await assertText(SearchFilesTool(), ["query": "inside", "path": "aliasdir"], "real/a.txt:1: inside")
        let written = try await run(WriteFileTool(), ["path": "aliasdir/b.txt", "content": "ok"])
        XCTAssertEqual(written.text, "Wrote “real/b.txt” (2 bytes).", "the result names where the file really is")
        XCTAssertEqual(contents(root.appendingPathComponent("real/b.txt")), "ok")
        _ = try await run(WriteFileTool(), ["path": "alias.txt", "content": "changed", "overwrite": true])
        XCTAssertEqual(contents(root.appendingPathComponent("real/a.txt")), "changed", "a link inside is written through")
    }

    func testAFolderReachedThroughALinkIsItsRealPath() async throws {
        let rootLink = base.appendingPathComponent("box-link")
        try FileManager.default.createSymbolicLink(at: rootLink, withDestinationURL: root)
        context.sandbox = rootLink
        try put("a.txt", "via link")
        let sandbox = try Sandbox(rootLink)
        XCTAssertEqual(sandbox.root.path, root.resolvingSymlinksInPath().path)
        XCTAssertEqual(try sandbox.resolve("").path, sandbox.root.path)
        XCTAssertEqual(try sandbox.resolve("./").path, sandbox.root.path)
        XCTAssertEqual(sandbox.relative(try sandbox.resolve("x/y/")), "x/y")
        XCTAssertEqual(sandbox.relative(sandbox.root), ".")
        try await assertText(ReadFileTool(), ["path": "a.txt"], "via link")
        await assertEveryToolRefuses("../box-other/secret.txt", outsideMessage("../box-other/secret.txt"))
    }
}
