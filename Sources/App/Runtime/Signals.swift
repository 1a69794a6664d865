import Foundation
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Signals reach the loop through a self-pipe: the handler only writes the signal number,
/// the loop does the work (resize, clean shutdown) on its own thread.
enum Signals {
    nonisolated(unsafe) private static var writeDescriptor: Int32 = -1
    nonisolated(unsafe) private(set) static var readDescriptor: Int32 = -1

    static func install() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for sig in [SIGWINCH, SIGTERM, SIGINT, SIGHUP] {
            signal(sig) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Signals.writeDescriptor, &byte, 1)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        installCrashHandler()
    }

    /// The signal numbers received since the last call.
    static func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var out: [Int32] = []
        while true {
            let n = read(readDescriptor, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n].map { Int32($0) }
        }
        return out
    }

    /// On a crash, give the user their terminal back before the process dies (htop does the same).
    private static func installCrashHandler() {
        for sig in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig) { number in
                NcursesBackend.emergencyRestore()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
