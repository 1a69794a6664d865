import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a pty with a `[[sync.accounts]]` account on the Radicale: keys typed
/// while its first sync (on start, in the background) pulls the collections into an empty
/// database; each key's echo is the input line showing the text typed so far.
/// When no ⟳ shows within 5 s (the TUI's background sync not wired), the same first sync runs
/// as `aihelper sync` beside it, on the same home and database, and is said so.
struct SyncEchoBenchmark {
    let binary: String
    let server: DAVServer
    /// The calendar's and the task list's URLs.
    let collections: [String]

    init(binary: String, server: DAVServer, collections: [String]) throws {
        self.binary = binary; self.server = server; self.collections = collections
    }

    struct Outcome {
        var samples: [Duration] = []
        /// Keys whose echo came while the sync ran.
        var syncing = 0
        /// Runs whose sync was `aihelper sync` beside the TUI.
        var besideRuns = 0
        var missed: [String] = []
    }

    func measure(home: String, runs: Int) throws -> Outcome {
        var outcome = Outcome()
        for run in 0..<runs {
            let folder = "\(home)-\(run)"
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try prepare(folder)
            let environment = ["AIHELPER_HOME": folder, "HOME": folder, "TERM": "xterm-256color", "LANG": "C.UTF-8",
                               "PATH": "/usr/bin:/bin", "AIHELPER_NO_WIZARD": "1"]
            guard let app = try? PtyProcess(binary, arguments: [], environment: environment, width: 120, height: 40),
                  app.waitFor("Ctrl-Q quit", timeout: .seconds(20)) != nil else { outcome.missed.append("a first frame"); continue }
            defer { app.send("\u{11}"); app.finish() }
            if app.waitUntil(timeout: .seconds(5), { $0.text.contains("⟳") }) != nil {
                type(app, &outcome) { app.screen.text.contains("⟳") }
            } else {
                let sync = Process()
                sync.executableURL = URL(fileURLWithPath: binary)
                sync.arguments = ["sync"]
                sync.environment = environment
                sync.standardOutput = FileHandle.nullDevice
                sync.standardError = FileHandle.nullDevice
                try sync.run()
                outcome.besideRuns += 1
                type(app, &outcome) { sync.isRunning }
                sync.waitUntilExit()
            }
        }
        return outcome
    }

    /// Keys at 20 a second until the sync ends or 60 s pass; lines of 30 keys, cleared with Ctrl-U.
    private func type(_ app: PtyProcess, _ outcome: inout Outcome, running: () -> Bool) {
        let letters = Array("abcdefghijklmnoprstuvwy")
        let deadline = ContinuousClock.now + .seconds(60)
        var syncing = true
        while syncing, ContinuousClock.now < deadline {
            var typed = "zqx"  // not timed: the line's start, so "a" alone is not found elsewhere
            app.send(typed)
            guard app.waitUntil(timeout: .seconds(5), { $0.text.contains("zqx") }) != nil else { outcome.missed.append("the line's start"); return }
            for i in 0..<30 {
                let key = letters[i % letters.count]
                typed.append(key)
                let shown = typed
                let sent = ContinuousClock.now
                app.send(String(key))
                guard let echoed = app.waitUntil(timeout: .seconds(5), { $0.text.contains(shown) }) else {
                    outcome.missed.append("the echo of \(shown)"); return
                }
                outcome.samples.append(echoed.at - sent)
                syncing = running()
                if syncing { outcome.syncing += 1 }
                usleep(50_000)
            }
            app.send("\u{15}")  // Ctrl-U
            _ = app.waitUntil(timeout: .seconds(5), { !$0.text.contains("zqx") })
        }
    }

    /// config.toml with the account, and its password in credentials.toml (0600).
    private func prepare(_ folder: String) throws {
        let config = """
        [[sync.accounts]]
        name = "bench"
        kind = "caldav"
        url = "\(server.baseURL)"
        user = "\(server.user)"
        tasks = "\(collections[0])"
        todos = "\(collections[1])"

        """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        let credentials = folder + "/credentials.toml"
        try Data("[sync]\nbench = \"\(server.password)\"\n".utf8).write(to: URL(fileURLWithPath: credentials))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials)
    }
}
