import Foundation
import XCTest
import Core
import Storage
@testable import Tools

final class FilesToolsTests: SandboxTestCase {
    static let allTools: [any Tool] = [ListFilesTool(), ReadFileTool(), WriteFileTool(), SearchFilesTool()]
    static let everyArgument: JSONValue = ["path": "a.txt", "content": "x", "query": "x"]

    func testEveryFileToolNeedsAFilesFolder() async throws {
        context.sandbox = nil
        for tool in Self.allTools {
            await assertToolError(tool, Self.everyArgument, "No files folder is set up, so the file tools cannot be used.")
        }
        let missing = base.appendingPathComponent("missing")
        context.sandbox = missing
        for tool in Self.allTools {
            await assertToolError(tool, Self.everyArgument, "The files folder \(missing.path) is missing or not a folder.")
        }
        context.sandbox = try put("plain.txt", "not a folder")
        await assertToolError(ListFilesTool(), [:], "The files folder \(root.path)/plain.txt is missing or not a folder.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.appendingPathComponent("a.txt").path), "nothing was written")
    }

    func testListFiles() async throws {
        try await assertText(ListFilesTool(), [:], "The files folder is empty.")
        try put("b.txt", "hello")
        try put("a/notes.md", String(repeating: "n", count: 2000))
        try put(".hidden", "x")
        try link("l", to: "b.txt")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("e"), withIntermediateDirectories: false)
        try await assertText(ListFilesTool(), [:],
                             "The files folder has 5 items:\n.hidden (1 byte)\na/\nb.txt (5 bytes)\ne/\nl (link)")
        try await assertText(ListFilesTool(), ["path": "a"], "“a” has 1 item:\nnotes.md (2.0 KB)")
        try await assertText(ListFilesTool(), ["path": "e/"], "“e” is empty.")
        await assertToolError(ListFilesTool(), ["path": "zzz"], "There is no folder “zzz” in the files folder.")
        await assertToolError(ListFilesTool(), ["path": "b.txt"], "“b.txt” is not a folder; read_file reads a file.")
    }

    func testListFilesIsCapped() async throws {
        for i in 0..<205 { try put(String(format: "many/f%03d.txt", i), "") }
        let lines = try await run(ListFilesTool(), ["path": "many"]).text.split(separator: "\n")
        XCTAssertEqual(lines.count, 1 + 200 + 1)
        XCTAssertEqual(lines.first, "“many” has 205 items:")
        XCTAssertEqual(lines.last, "…and 5 more.")
    }

    func testReadFile() async throws {
        try put("notes/a.txt", "line1\nline2\n")
        try await assertText(ReadFileTool(), ["path": "notes/a.txt"], "line1\nline2\n")
        try await assertText(ReadFileTool(), ["path": "./notes//a.txt"], "line1\nline2\n")
        try await assertText(ReadFileTool(), ["path": "notes/a.txt", "max_bytes": 3],
                             "lin\n…(the first 3 of 12 bytes; read more with a larger max_bytes, at most 1048576)")
        try put("big.txt", String(repeating: "a", count: 70 << 10))
        let big = try await run(ReadFileTool(), ["path": "big.txt"]).text
        XCTAssertTrue(big.hasPrefix(String(repeating: "a", count: 65536) + "\n…(the first 65536 of 71680 bytes;"), "64 KB by default")
        try put("empty.txt", "")
        try await assertText(ReadFileTool(), ["path": "empty.txt"], "“empty.txt” is empty.")
    }

    func testReadFileReplacesInvalidUTF8AndRefusesBinaryFiles() async throws {
        try put("latin1.txt", Data([0x68, 0x69, 0xFF, 0x21]))
        try await assertText(ReadFileTool(), ["path": "latin1.txt"], "hi\u{FFFD}!")
        try put("bin.dat", Data([0x41, 0x00, 0x42]))
        await assertToolError(ReadFileTool(), ["path": "bin.dat"], "“bin.dat” is a binary file, not text; it cannot be read here.")
        try put("late-nul.txt", Data(repeating: 0x61, count: 9000) + Data([0]))
        let late = try await run(ReadFileTool(), ["path": "late-nul.txt"]).text
        XCTAssertEqual(late.count, 9001, "only the first 8 KB decide whether a file is binary")
    }

    func testReadFileRefusesWhatIsNotARegularFile() async throws {
        try put("notes/a.txt", "x")
        XCTAssertEqual(mkfifo(root.appendingPathComponent("pipe").path, 0o644), 0)
        await assertToolError(ReadFileTool(), ["path": "pipe"], "“pipe” is not a regular file.")
        await assertToolError(ReadFileTool(), ["path": "notes"], "“notes” is a folder; list_files shows what is in it.")
        await assertToolError(ReadFileTool(), ["path": "nope.txt"],
                              "There is no file “nope.txt” in the files folder; list_files shows what is there.")
        await assertToolError(ReadFileTool(), [:], "Missing required argument 'path'.")
        for bad: JSONValue in [0, 2_000_000] {
            await assertToolError(ReadFileTool(), ["path": "notes/a.txt", "max_bytes": bad], "'max_bytes' must be from 1 to 1048576.")
        }
        XCTAssertEqual(SchemaValidator.problems(["path": "a", "max_bytes": 2_000_000], against: ReadFileTool().definition.inputSchema),
                       ["'max_bytes' must be at most 1048576, not 2000000"])
    }

    func testWriteFileCreatesFoldersAndKeepsTheTextExactly() async throws {
        let result = try await run(WriteFileTool(), ["path": "drafts/2026/plan.md", "content": "# Plan\n\tstep one\n"])
        XCTAssertEqual(result.text, "Wrote “drafts/2026/plan.md” (17 bytes).")
        let file = root.appendingPathComponent("drafts/2026/plan.md")
        XCTAssertEqual(contents(file), "# Plan\n\tstep one\n", "tabs and the final newline are kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path), ["plan.md"],
                       "no temporary file is left behind")
        _ = try await run(WriteFileTool(), ["path": "empty.txt", "content": ""])
        XCTAssertEqual(contents(root.appendingPathComponent("empty.txt")), "")
        XCTAssertTrue(WriteFileTool().definition.isDestructive)
    }

    func testWriteFileReplacesOnlyWhenAsked() async throws {
        let file = try put("plan.md", "old text")
        for overwrite: JSONValue in [.null, false, "false"] {
            await assertToolError(WriteFileTool(), ["path": "plan.md", "content": "new", "overwrite": overwrite],
                                  "“plan.md” already exists; call again with overwrite true to replace it.")
        }
        XCTAssertEqual(contents(file), "old text")
        let result = try await run(WriteFileTool(), ["path": "plan.md", "content": "new", "overwrite": true])
        XCTAssertEqual(result.text, "Wrote “plan.md” (3 bytes, replacing 8 bytes).")
        XCTAssertEqual(contents(file), "new")
    }

    func testWriteFileRejectsBadInput() async throws {
        try put("drafts/a.txt", "a")
        try put("f.txt", "f")
        await assertToolError(WriteFileTool(), ["path": "drafts", "content": "x", "overwrite": true],
                              "“drafts” is a folder; list_files shows what is in it.")
        await assertToolError(WriteFileTool(), ["path": "new/", "content": "x"], "“new/” names a folder; give a file name.")
        await assertToolError(WriteFileTool(), ["path": ".", "content": "x"], "“.” names a folder; give a file name.")
        await assertToolError(WriteFileTool(), ["path": "x.txt"], "Missing required argument 'content'.")
        await assertToolError(WriteFileTool(), ["path": "x.txt", "content": .string(String(repeating: "é", count: 600_000))],
                              "'content' is too long (at most 1048576 bytes).")
        await assertToolError(WriteFileTool(), ["path": "x.txt", "content": "x", "overwrite": "maybe"],
                              "'overwrite' must be true or false.")
        do {
            _ = try await run(WriteFileTool(), ["path": "f.txt/inner.txt", "content": "x"])
            XCTFail("a file in the way of a folder cannot be written through")
        } catch let error as ToolError {
            XCTAssertTrue(error.message.hasPrefix("Could not write “f.txt/inner.txt”: "), error.message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("x.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("new").path))
    }

    func testSearchFilesFindsNamesAndLines() async throws {
        try put("a.txt", "alpha\nBeta gamma\n")
        try put("sub/b.md", "nothing\nbeta again")
        try put("sub/beta-notes.txt", "x")
        try put("bin.dat", Data("beta\0".utf8))
        try put(".git/config", "beta")
        try put("esc.txt", "x \u{1B}[31mbeta\u{7}")
        try link("out", to: outside.path)
        let result = try await run(SearchFilesTool(), ["query": "BETA"])
        XCTAssertEqual(result.text, """
            a.txt:2: Beta gamma
            esc.txt:1: x beta
            sub/b.md:2: beta again
            sub/beta-notes.txt (name matches)
            """, "binary files, hidden folders and links are skipped; control characters are dropped")
        try await assertText(SearchFilesTool(), ["query": "beta", "path": "sub"],
                             "sub/b.md:2: beta again\nsub/beta-notes.txt (name matches)")
        try await assertText(SearchFilesTool(), ["query": "secret"], "Nothing in the files folder matches “secret”.")
        try await assertText(SearchFilesTool(), ["query": "zzz", "path": "sub"], "Nothing in “sub” matches “zzz”.")
        await assertToolError(SearchFilesTool(), ["query": "x", "path": "a.txt"], "There is no folder “a.txt” in the files folder.")
        await assertToolError(SearchFilesTool(), ["path": "sub"], "Missing required argument 'query'.")
    }

    func testSearchFilesStopsAt50Matches() async throws {
        try put("many.txt", Array(repeating: "hit", count: 60).joined(separator: "\n"))
        let lines = try await run(SearchFilesTool(), ["query": "hit"]).text.split(separator: "\n")
        XCTAssertEqual(lines.count, 51)
        XCTAssertEqual(lines[49], "many.txt:50: hit")
        XCTAssertEqual(lines.last, "…stopped at 50 matches; narrow the search.")
    }

    func testSearchFilesLooksAtNoMoreThan2000Files() async throws {
        for i in 0..<2_000 { try put(String(format: "f%04d.txt", i), "") }
        try put("f2000.txt", "needle")
        try await assertText(SearchFilesTool(), ["query": "needle"],
                             "Nothing in the files folder matches “needle”.\n…searched the first 2000 files only.")
        try FileManager.default.removeItem(at: root.appendingPathComponent("f0000.txt"))
        try await assertText(SearchFilesTool(), ["query": "needle"], "f2000.txt:1: needle",
                             "with 2000 files, the last one is searched")
    }

    /// A NUL (or any control character) in a path used to be dropped silently: "secret.txt\0.md"
    /// read secret.txt. Every path argument of every file tool refuses it, and nothing is written.
    func testAControlCharacterInAPathIsRefusedNotRemoved() async throws {
        try put("secret.txt", "the secret\n")
        try put("docs/a.txt", "alpha\n")
        let refused = "'path' contains a control character (a NUL byte, U+0000); a file name cannot have one. "
            + "Give the path as plain text, like notes/todo.txt."
        await assertToolError(ReadFileTool(), ["path": "secret.txt\u{0}.md"], refused)
        await assertToolError(ReadFileTool(), ["path": "secret\u{0}.txt"], refused)
        await assertToolError(ListFilesTool(), ["path": "docs\u{0}"], refused)
        await assertToolError(SearchFilesTool(), ["query": "alpha", "path": "do\u{0}cs"], refused)
        await assertToolError(WriteFileTool(), ["path": "new\u{0}.txt", "content": "x"], refused)
        await assertToolError(WriteFileTool(), ["path": "new\n.txt", "content": "x"],
                              "'path' contains a control character (U+000A); a file name cannot have one. Give the path as plain text, like notes/todo.txt.")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["docs", "secret.txt"], "nothing was written")
        XCTAssertThrowsError(try Sandbox(root).resolve("secret.txt\u{0}.md"), "the sandbox refuses it too, whoever calls")
    }
}
