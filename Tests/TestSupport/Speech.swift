import Foundation

/// Speech made at test time by espeak-ng (Debian's `espeak-ng`, installed by `make test-deps`):
/// a WAV file of `text` (22,050 Hz mono, 16-bit).
public enum Speech {
    public struct Failed: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `text` spoken in `voice` to `file`, within `timeout` seconds.
    public static func say(_ text: String, voice: String = "en-us", to file: URL, timeout: TimeInterval = 20) throws {
        guard let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first(where: FileManager.default.isExecutableFile) else {
            throw Failed(description: "espeak-ng is not installed. Install it with `make test-deps` (Debian: espeak-ng).")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: espeak)
        process.arguments = ["-v", voice, "-w", file.path, text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failed(description: "espeak-ng did not finish within \(Int(timeout)) s")
        }
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: file.path) else {
            throw Failed(description: "espeak-ng failed (status \(process.terminationStatus)) for voice \(voice)")
        }
    }
}
