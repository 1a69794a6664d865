import Foundation

/// The command that records: `[voice] record_command`, else the first of the known recorders
/// found on PATH, each asked for 16 kHz mono 16-bit WAV on stdout (docs/voice.md, Recording).
enum RecorderCommand {
    /// Program and command line, in the order they are tried. parecord writes to stdout when
    /// given no file (libsndfile on fd 1); pw-record and rec need `-`.
    static let known: [(program: String, command: String)] = [
        ("pw-record", "pw-record --rate 16000 --channels 1 -"),
        ("parecord", "parecord --rate=16000 --channels=1 --file-format=wav"),
        ("arecord", "arecord -q -f S16_LE -r 16000 -c 1 -t wav"),
        ("rec", "rec -q -r 16000 -c 1 -t wav -"),
    ]

    /// The command to run, or nil when none is configured and none is installed.
    static func choose(configured: String?, path: String?) -> String? {
        if let configured = configured?.trimmingCharacters(in: .whitespaces), !configured.isEmpty { return configured }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        return known.first { recorder in
            folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + recorder.program) }
        }?.command
    }

    /// The packages that bring a recorder, for the distribution `/etc/os-release` names
    /// (`ID`, then `ID_LIKE`); Debian's names when it names none we know.
    static func packages(osRelease: String?) -> [String] {
        var ids: [String] = []
        for line in (osRelease ?? "").split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "ID" || parts[0] == "ID_LIKE" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            ids += value.split(separator: " ").map { $0.lowercased() }
        }
        for id in ids {
            switch id {
            case "debian", "ubuntu": return debian
            case "fedora", "rhel", "centos": return ["pipewire-utils (pw-record)", "alsa-utils (arecord)", "sox"]
            case "arch", "manjaro": return ["pipewire (pw-record)", "alsa-utils (arecord)", "sox"]
            default: continue
            }
        }
        return debian
    }

    private static let debian = ["pipewire-bin (pw-record)", "pulseaudio-utils (parecord)", "alsa-utils (arecord)", "sox"]
}
