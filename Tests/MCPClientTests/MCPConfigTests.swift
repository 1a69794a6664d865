import XCTest
@testable import MCPClient

final class MCPConfigTests: XCTestCase {
    private func parse(_ text: String, environment: [String: String] = [:]) -> MCPConfigFile {
        MCPConfigFile.parse(Data(text.utf8), path: "/cfg/mcp.json", environment: environment)
    }

    func testDesktopShapeWithOptionalFields() {
        let file = parse("""
        {"mcpServers": {
          "time": {"command": "uvx", "args": ["mcp-server-time", "--local-timezone=${TZ:-UTC}"]},
          "git": {"command": "/opt/git-mcp", "args": ["--repo", "${HOME}/src"], "env": {"TOKEN": "${GH_TOKEN}"},
                  "enabled": false, "timeout": 2.5, "disabledTools": ["git_reset"], "cwd": "/tmp"}
        }, "other": "kept"}
        """, environment: ["HOME": "/home/ann", "GH_TOKEN": "t0k"])
        XCTAssertEqual(file.problems, [])
        XCTAssertEqual(file.servers.map(\.name), ["git", "time"])
        let git = file.servers[0], time = file.servers[1]
        XCTAssertEqual(time.args, ["mcp-server-time", "--local-timezone=UTC"])
        XCTAssertTrue(time.enabled)
        XCTAssertEqual(time.timeout, .seconds(60))
        XCTAssertEqual(git.args, ["--repo", "/home/ann/src"])
        XCTAssertEqual(git.env, ["TOKEN": "t0k"])
        XCTAssertFalse(git.enabled)
        XCTAssertEqual(git.timeout, .milliseconds(2500))
        XCTAssertEqual(git.disabledTools, ["git_reset"])
        XCTAssertEqual(git.cwd, "/tmp")
    }

    func testExpansion() {
        let env = ["A": "x", "EMPTY": ""]
        XCTAssertEqual(VariableExpansion.expand("${A}-${B}-${B:-dflt}-${EMPTY:-e}-${A:-no}", env), "x--dflt-e-x")
        XCTAssertEqual(VariableExpansion.expand("$A ${unclosed", env), "$A ${unclosed")
    }

    /// Only PATH, HOME and LANG of ours go to a server, then its own env: no API key leaks.
    func testCleanEnvironment() {
        let config = MCPServerConfig(name: "s", command: "x", env: ["TOKEN": "mine", "LANG": "de_DE.UTF-8"])
        let parent = ["PATH": "/bin", "HOME": "/h", "LANG": "en_US.UTF-8", "OPENAI_API_KEY": "sk-secret", "TERM": "xterm"]
        XCTAssertEqual(config.environment(from: parent), ["PATH": "/bin", "HOME": "/h", "LANG": "de_DE.UTF-8", "TOKEN": "mine"])
    }

    func testMalformedFilesNameTheFileAndServer() {
        XCTAssertEqual(parse("{not json").problems.count, 1)
        XCTAssertTrue(parse("{not json").problems[0].hasPrefix("/cfg/mcp.json: not valid JSON"))
        XCTAssertTrue(parse("[]").problems[0].contains("JSON object"))
        XCTAssertTrue(parse("{}").problems[0].contains("mcpServers"))
        let file = parse("""
        {"mcpServers": {"good": {"command": "a"}, "bad": {"args": ["x"]}, "worse": {"command": "b", "args": "x"},
                        "web": {"url": "http://x", "command": "d"}, "slow": {"command": "c", "timeout": -1}}}
        """)
        XCTAssertEqual(file.servers.map(\.name), ["good"])
        XCTAssertEqual(file.problems, [
            "/cfg/mcp.json: server \"bad\": \"command\" (or \"url\") is missing or not a string",
            "/cfg/mcp.json: server \"slow\": \"timeout\" must be a number of seconds between 0 and 3600",
            "/cfg/mcp.json: server \"web\": give \"command\" or \"url\", not both",
            "/cfg/mcp.json: server \"worse\": \"args\" must be a list of strings",
        ])
    }

    /// A remote entry: `url` (http or https only) and `headers` with `${VAR}` from the environment;
    /// an unset variable is an error naming it, never an empty token sent.
    func testRemoteServersURLAndHeaders() {
        let file = parse("""
        {"mcpServers": {"api": {"url": "https://mcp.example.com/mcp?key=k123456789", "headers": {"Authorization": "Bearer ${MY_TOKEN}", "X-Team": "${TEAM:-core}"}, "timeout": 5},
                        "unset": {"url": "http://h/mcp", "headers": {"Authorization": "Bearer ${NOT_SET}"}},
                        "local": {"url": "file:///etc/passwd"}, "ftp": {"url": "ftp://h/x"}, "nohost": {"url": "http:///x"},
                        "badheader": {"url": "http://h/", "headers": {"X-N": 3}}, "empty": {"url": "http://h/", "headers": {"T": "${EMPTY}"}}}}
        """, environment: ["MY_TOKEN": "tok-abcdefgh", "EMPTY": ""])
        XCTAssertEqual(file.servers.map(\.name), ["api"])
        let api = file.servers[0]
        XCTAssertEqual(api.url, "https://mcp.example.com/mcp?key=k123456789")
        XCTAssertEqual(api.headers, ["Authorization": "Bearer tok-abcdefgh", "X-Team": "core"])
        XCTAssertEqual(api.timeout, .seconds(5))
        // The servers view shows the URL without its query, where keys travel.
        XCTAssertEqual(api.location, "https://mcp.example.com/mcp (query hidden)")
        XCTAssertEqual(file.problems, [
            "/cfg/mcp.json: server \"badheader\": header \"X-N\" must be a string",
            "/cfg/mcp.json: server \"empty\": header \"T\" uses ${EMPTY}, which is not set in the environment; the server is not started",
            "/cfg/mcp.json: server \"ftp\": \"url\" must be http or https, not ftp:",
            "/cfg/mcp.json: server \"local\": \"url\" must be http or https, not file:",
            "/cfg/mcp.json: server \"nohost\": \"url\" is not a URL: http:///x",
            "/cfg/mcp.json: server \"unset\": header \"Authorization\" uses ${NOT_SET}, which is not set in the environment; the server is not started",
        ])
    }

    /// A header value with a line break (from the environment or the file) would inject headers.
    func testAHeaderWithALineBreakIsRefused() {
        let file = parse(#"""
        {"mcpServers": {"env": {"url": "http://h/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}},
                        "literal": {"url": "http://h/mcp", "headers": {"X-A": "a\u001b[2Jb"}}}}
        """#, environment: ["TOKEN": "t\r\nX-Evil: 1"])
        XCTAssertEqual(file.servers.map(\.name), [])
        XCTAssertEqual(file.problems, [
            "/cfg/mcp.json: server \"env\": header \"Authorization\" holds a line break or control character; the server is not started",
            "/cfg/mcp.json: server \"literal\": header \"X-A\" holds a line break or control character; the server is not started",
        ])
    }

    func testMissingFileIsNoServers() {
        XCTAssertEqual(MCPConfigFile.load(path: "/nonexistent/mcp.json"), MCPConfigFile())
    }

    func testToolNamesAreWhatProvidersAccept() {
        XCTAssertEqual(ToolNames.agentName(server: "time", tool: "get_current_time"), "time__get_current_time")
        XCTAssertEqual(ToolNames.agentName(server: "my server", tool: "fetch.url/v2"), "my_server__fetch_url_v2")
        XCTAssertEqual(ToolNames.agentName(server: "日本", tool: "é"), "_____")
        let a = ToolNames.agentName(server: "s", tool: String(repeating: "a", count: 80) + "1")
        let b = ToolNames.agentName(server: "s", tool: String(repeating: "a", count: 80) + "2")
        XCTAssertLessThanOrEqual(a.count, 64)
        XCTAssertNotEqual(a, b)
        XCTAssertNotNil(a.range(of: "^[A-Za-z0-9_-]+$", options: .regularExpression))
    }

    /// Enabling or disabling writes `enabled` and keeps every other field of the file.
    func testEditorKeepsTheRestOfTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"mcpServers": {"a": {"command": "x", "args": ["1"], "custom": {"k": 1}}, "b": {"command": "y"}}, "theme": "dark"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        try MCPConfigEditor.setEnabled(false, server: "a", path: path)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        XCTAssertEqual(root["theme"] as? String, "dark")
        let servers = root["mcpServers"] as! [String: [String: Any]]
        XCTAssertEqual(servers["a"]?["enabled"] as? Bool, false)
        XCTAssertEqual(servers["a"]?["args"] as? [String], ["1"])
        XCTAssertEqual((servers["a"]?["custom"] as? [String: Int])?["k"], 1)
        XCTAssertEqual(servers["b"]?["command"] as? String, "y")
        XCTAssertThrowsError(try MCPConfigEditor.setEnabled(true, server: "zzz", path: path))
    }
}
