import Foundation

/// Copying without the mouse: OSC 52 asks the terminal to set its clipboard (it travels
/// over ssh; inside tmux it is wrapped so tmux passes it on), and `wl-copy` or
/// `xclip -selection clipboard` set the desktop's clipboard when they are installed.
enum Clipboard {
    /// Terminals cap OSC 52 (xterm at 100,000 bytes of base64); longer text goes by the tools only.
    static let maxOSC52Bytes = 74_000

    /// The OSC 52 sequence for `text` (already sanitized), as one string. In tmux it goes
    /// twice: plain, which tmux takes into its paste buffer and forwards (`set-clipboard on`),
    /// and wrapped in tmux's DCS passthrough (each ESC doubled), which reaches the outer
    /// terminal when `allow-passthrough` is on. nil when the text is too long.
    static func osc52(_ text: String, inTmux: Bool) -> String? {
        let bytes = Data(text.utf8)
        guard bytes.count <= maxOSC52Bytes else { return nil }
        let sequence = "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
        guard inTmux else { return sequence }
        return sequence + "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// The desktop clipboard tool to run, given the environment: `wl-copy` under Wayland,
    /// `xclip -selection clipboard` under X11, each only when found on PATH.
    static func tool(environment: [String: String]) -> [String]? {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            path.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if environment["WAYLAND_DISPLAY"] != nil, let wl = find("wl-copy") { return [wl] }
        if environment["DISPLAY"] != nil, let xclip = find("xclip") { return [xclip, "-selection", "clipboard"] }
        return nil
    }

    /// Runs the tool with `text` on its stdin; true when it exited cleanly within two seconds.
    static func run(_ command: [String], text: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        // wl-copy and xclip stay in the background to serve the selection: only the first
        // process is waited for, and not for long.
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return !process.isRunning && process.terminationStatus == 0
    }
}
