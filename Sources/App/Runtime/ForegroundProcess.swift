import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program in the terminal's foreground, for $EDITOR and $PAGER. Foundation's
/// `Process` puts the child in a process group of its own, so a program that reads the
/// terminal (less, vi) is stopped or gets EIO and exits at once; posix_spawn without
/// POSIX_SPAWN_SETPGROUP keeps it in ours.
enum ForegroundProcess {
    /// The exit status, or nil when the program could not be started or was killed.
    static func run(_ arguments: [String]) -> Int32? {
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, arguments[0], nil, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }
}
