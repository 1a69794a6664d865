import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real binary on a pty: how long until the first full frame is on the terminal,
/// how much memory it holds, and how fast a typed key comes back on screen.
struct StartupBenchmark {
    let binary: String
    let environment: [String: String]
    /// The status bar's last words: drawn in the first full frame, last row.
    let firstFrameMarker = "Ctrl-Q quit"

    func measure(runs: Int) -> (times: [Duration], maxResidentKB: Int) {
        var times: [Duration] = []
        var memory = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            guard let app = try? PtyProcess(binary, arguments: [], environment: environment, width: 120, height: 40) else { continue }
            if app.waitFor(firstFrameMarker) != nil {
                times.append(ContinuousClock.now - start)
                memory = max(memory, app.residentKilobytes() ?? 0)
            } else {
                print("  a run never showed its first frame; output so far: \(app.output.count) bytes")
            }
            app.send("\u{11}")  // Ctrl-Q
            app.finish()
        }
        return (times, memory)
    }

    /// Types keys one at a time and waits for each to be drawn.
    func keystrokeEcho(keys: Int) -> [Duration] {
        guard let app = try? PtyProcess(binary, arguments: [], environment: environment, width: 120, height: 40),
              var offset = app.waitFor(firstFrameMarker) else { return [] }
        usleep(200_000)
        app.drain()
        offset = app.output.count
        var samples: [Duration] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for i in 0..<keys {
            if i % 40 == 39 {  // keep the input on one line: clear it
                app.send("\u{15}")
                usleep(50_000)
                app.drain()
                offset = app.output.count
            }
            let key = String(letters[i % letters.count])
            let start = ContinuousClock.now
            app.send(key)
            guard let end = app.waitFor(key, after: offset, timeout: .seconds(2)) else { continue }
            samples.append(ContinuousClock.now - start)
            offset = end
            usleep(5_000)
            app.drain()
            offset = app.output.count
        }
        app.send("\u{11}")
        app.finish()
        return samples
    }
}
