import Foundation
import XCTest
import TestSupport

/// The release binary as `make install`, `make deb` and the loader see it (scripts/package.sh,
/// README's Install, docs/architecture.md on libcurl). `make test` builds the release binary
/// and the man page tool first; these tests run make with `-o build` because the suite holds
/// the .build lock, so no swift can run inside it.
final class PackageTests: HomeFolderTestCase {
    private let root = TmuxSession.packageRoot.path
    private var release: String { root + "/.build/release/aihelper" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: release), "no release binary: `make test` builds it first")
    }

    /// A tool run with a clean environment (CLIRunner's: no loader path of the test's own).
    @discardableResult
    private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30,
                     file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, out: String, err: String) {
        try CLIRunner(home: home).run(arguments, environment: environment, timeout: timeout, executable: tool, file: file, line: line)
    }

    private func make(_ arguments: [String], timeout: TimeInterval = 240) throws -> String {
        let result = try run("/usr/bin/make", ["-C", root, "-o", "build"] + arguments, environment: ["DEB_COMPRESSION": "gzip"], timeout: timeout)
        XCTAssertEqual(result.status, 0, "make \(arguments.joined(separator: " ")): \(result.out)\(result.err)")
        return result.out
    }

    // MARK: libcurl

    /// libcurl is opened on first network use (Sources/CCurl), so it is not NEEDED, and neither
    /// `--version` nor a command without the network loads it; `keys check` does (the check sees it).
    func testTheReleaseBinaryLoadsLibcurlOnlyForTheNetwork() throws {
        let dynamic = try run("/usr/bin/readelf", ["-d", release]).out
        XCTAssertTrue(dynamic.contains("(NEEDED)") && dynamic.contains("libsqlite3"), dynamic)
        XCTAssertFalse(dynamic.contains("libcurl"), "the release binary names libcurl as NEEDED:\n\(dynamic)")
        // Image previews: stb_image is compiled in, libwebp opened on the first WebP (docs/images.md).
        XCTAssertFalse(dynamic.contains("libwebp") || dynamic.contains("libstb"), dynamic)

        for arguments in [["--version"], ["tasks"]] {
            let result = try run(release, arguments, environment: ["LD_DEBUG": "libs"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err.suffix(2_000))")
            XCTAssertTrue(result.err.contains("calling init: ") && result.err.contains("libsqlite3"), "LD_DEBUG lists no library")
            XCTAssertFalse(result.err.contains("libcurl"), "\(arguments) loads libcurl")
            XCTAssertFalse(result.err.contains("libwebp"), "\(arguments) loads libwebp")
        }
        let check = try run(release, ["keys", "check", "openai"],
                            environment: ["LD_DEBUG": "libs", "OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "OPENAI_API_KEY": "x"])
        XCTAssertTrue(check.err.contains("calling init: ") && check.err.contains("libcurl.so"), "a key check did not load libcurl")
    }

    // MARK: make install

    func testMakeInstallLaysOutTheFilesAndUninstallRemovesThem() throws {
        let dest = home + "/dest", usr = dest + "/usr"
        try make(["install", "DESTDIR=" + dest, "PREFIX=/usr"])

        let binary = usr + "/bin/aihelper"
        XCTAssertTrue(try run("/usr/bin/readelf", ["-S", release]).out.contains(".symtab"), "the build's binary keeps its symbols")
        XCTAssertFalse(try run("/usr/bin/readelf", ["-S", binary]).out.contains(".symtab"), "the installed binary is not stripped")
        XCTAssertEqual(try run(binary, ["--version"]).out, try run(release, ["--version"]).out)

        let man = usr + "/share/man/man1/"
        for page in ["aihelper.1", "aihelper.ask.1", "aihelper.tasks.1", "aihelper.keys.check.1", "aihelper.mcp.serve.1"] {
            let text = (try? String(contentsOfFile: man + page, encoding: .utf8)) ?? ""
            let command = page.dropLast(2).replacingOccurrences(of: ".", with: " ")  // aihelper.keys.check.1: aihelper keys check
            XCTAssertTrue(text.contains(".Sh SYNOPSIS") && text.contains(command), "\(page): \(text.prefix(300))")
        }
        let completions = [("bash-completion/completions/aihelper", "aihelper"), ("zsh/site-functions/_aihelper", "#compdef aihelper"),
                           ("fish/vendor_completions.d/aihelper.fish", "complete -c 'aihelper'")]
        for (path, mark) in completions {
            let text = (try? String(contentsOfFile: usr + "/share/" + path, encoding: .utf8)) ?? ""
            XCTAssertTrue(text.contains(mark) && text.contains("tasks"), "\(path): \(text.prefix(300))")
        }
        for theme in try FileManager.default.contentsOfDirectory(atPath: root + "/themes") where theme.hasSuffix(".toml") {
            XCTAssertEqual(FileManager.default.contents(atPath: usr + "/share/aihelper/themes/" + theme),
                           FileManager.default.contents(atPath: root + "/themes/" + theme), theme)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: usr + "/share/doc/aihelper/README.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: usr + "/share/doc/aihelper/docs/architecture.md"))

        try make(["uninstall", "DESTDIR=" + dest, "PREFIX=/usr"])
        let left = try run("/usr/bin/find", [dest, "-type", "f"]).out
        XCTAssertEqual(left, "", "files left after make uninstall")
    }

    // MARK: the .deb

    /// The package's binary runs from an unpacked root with no Swift on the loader path, writes
    /// nothing where it is installed (root ignores a read-only folder, so the files are compared),
    /// and starts the TUI in a shipped theme.
    func testTheDebianPackageRunsWithoutSwift() throws {
        let output = try make(["deb", "DIST_DIR=" + home + "/dist"])
        let deb = try XCTUnwrap(output.split(separator: "\n").map(String.init).last { $0.hasSuffix(".deb") }, output)

        let fields = try run("/usr/bin/dpkg-deb", ["-f", deb, "Depends", "Installed-Size", "Version"]).out
        for package in ["libc6", "libncursesw6", "libsqlite3-0", "libcurl4", "libstdc++6", "libcmark-gfm0", "libcmark-gfm-extensions0", "libwebp7", "libxml2"] {
            XCTAssertTrue(fields.contains(package), "Depends lacks \(package): \(fields)")
        }
        XCTAssertFalse(fields.contains("-dev") || fields.contains("swift"), fields)
        let size = fields.split(separator: "\n").first { $0.hasPrefix("Installed-Size: ") }.flatMap { Int($0.dropFirst(16)) }
        XCTAssertGreaterThan(size ?? 0, 10_000, fields)

        let unpacked = home + "/root"
        try run("/usr/bin/dpkg-deb", ["-x", deb, unpacked])
        let binary = unpacked + "/usr/bin/aihelper"
        let linked = try run("/usr/bin/ldd", [binary]).out
        XCTAssertFalse(linked.contains("not found"), linked)
        if let toolchain = swiftToolchainLib() { XCTAssertFalse(linked.contains(toolchain), "resolves into \(toolchain):\n\(linked)") }
        XCTAssertFalse(linked.lowercased().contains("swift"), linked)
        XCTAssertEqual(try run(binary, ["--version"]).out, try run(release, ["--version"]).out)

        let before = try snapshot(unpacked)
        let user = home + "/user"
        let session = TmuxSession(home: user)
        try session.startBare(binary, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": user,
                                                    "PATH": "/usr/bin:/bin", "AIHELPER_NO_WIZARD": "1"],
                              arguments: ["--theme", "gruvbox"])
        let screen = session.waitFor(text: "Welcome to AI Helper", timeout: 20)
        XCTAssertFalse(screen.contains("No theme named"), screen)
        try session.press("C-q")
        XCTAssertTrue(session.waitUntilExited(timeout: 10), session.screen())
        XCTAssertTrue(FileManager.default.fileExists(atPath: user + "/.local/share/aihelper/aihelper.sqlite"), "the data is not under HOME")
        XCTAssertEqual(try snapshot(unpacked), before, "the app wrote into its install root")
    }

    /// With HOME unset the XDG folders still place the files; without them, the home folder of
    /// the user's passwd entry is used, and one that cannot be made is a clear error (as `nobody`,
    /// whose home is /nonexistent: only root can switch to it).
    func testTheInstalledBinaryRunsWithHOMEUnset() throws {
        let dest = home + "/dest", binary = home + "/dest/usr/bin/aihelper"
        try make(["install", "DESTDIR=" + dest, "PREFIX=/usr"])
        let xdg = ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
                   "XDG_CACHE_HOME": home + "/cache"]
        let result = try run("/usr/bin/env", ["-u", "HOME", "-u", "AIHELPER_HOME", binary, "tasks"], environment: xdg)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "No tasks.\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/data/aihelper/aihelper.sqlite"))

        guard getuid() == 0 else { throw XCTSkip("switching to nobody needs root") }
        let nobody = try run("/usr/bin/env", ["-u", "HOME", "-u", "AIHELPER_HOME", "/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                                              "--clear-groups", binary, "tasks"])
        XCTAssertEqual(nobody.status, 1, nobody.out)
        XCTAssertTrue(nobody.err.contains("Cannot create the folder /nonexistent/.local/share/aihelper") && nobody.err.contains("--db"),
                      nobody.err)
        XCTAssertFalse(nobody.err.contains(".."), nobody.err)
    }

    /// The Swift toolchain's library folder (beside the `swift` found on PATH), nil when none is.
    private func swiftToolchainLib() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swift") {
            let real = URL(fileURLWithPath: "\(folder)/swift").resolvingSymlinksInPath()
            return real.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib").path
        }
        return nil
    }

    /// Every file under `folder` with its size and modification time.
    private func snapshot(_ folder: String) throws -> String {
        try run("/usr/bin/find", [folder, "-printf", "%p %s %T@\n"]).out
    }
}
