import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `/bin/sh -c COMMAND` in a process group of its own (so one signal reaches all it started),
/// stdin from /dev/null, stdout (and stderr, when asked) into pipes the caller reads; SIGPIPE
/// back to its default and no signal blocked, as the app ignores SIGPIPE once MCP servers run
/// and an ignored signal stays ignored across exec. For `api_key_command` and the recorder.
struct GroupProcess {
    /// Why it could not start: an error number (`strerror`).
    struct SpawnFailure: Error { let code: Int32 }

    let pid: pid_t
    /// The read ends (close-on-exec); `stderr` is -1 when it goes to /dev/null.
    let stdout: Int32
    let stderr: Int32

    /// Spawns `command`; the error number when the pipes or the spawn fail.
    static func spawn(_ command: String, captureStderr: Bool = false) -> Result<GroupProcess, SpawnFailure> {
        var out: [Int32] = [0, 0], err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { return .failure(SpawnFailure(code: errno)) }
        if captureStderr, pipe(&err) != 0 {
            let code = errno
            out.forEach { close($0) }
            return .failure(SpawnFailure(code: code))
        }
        // The child gets the write ends as its stdout / stderr only (pipe2 is not imported; a child
        // spawned by another thread in between could inherit them, and would only delay EOF).
        for fd in out + err where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        if captureStderr { posix_spawn_file_actions_adddup2(&actions, err[1], 2) }
        else { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        close(out[1])
        if err[1] >= 0 { close(err[1]) }
        guard spawned == 0 else {
            close(out[0])
            if err[0] >= 0 { close(err[0]) }
            return .failure(SpawnFailure(code: spawned))
        }
        return .success(GroupProcess(pid: pid, stdout: out[0], stderr: err[0]))
    }

    /// The signal to the whole group.
    func signal(_ number: Int32) { kill(-pid, number) }

    /// The wait status once the shell ended (nil while it runs); a child reaped elsewhere
    /// (SIGCHLD ignored) counts as ended with status 0.
    func reap() -> Int32? {
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status }
            if done == -1 && errno == EINTR { continue }
            return done == -1 ? 0 : nil
        }
    }

    /// The wait status once the shell ended, or nil at the deadline (it closed stdout and
    /// lingers). It sleeps between looks: call it off the loop.
    func reap(until deadline: Date) -> Int32? {
        while true {
            if let status = reap() { return status }
            guard deadline.timeIntervalSinceNow > 0 else { return nil }
            usleep(5_000)
        }
    }

    /// Kills the group and waits for the shell (SIGKILL cannot be refused).
    func killGroup() -> Int32 {
        signal(SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import: the exit code, or nil
    /// when a signal ended it (`signalNumber`).
    static func exitCode(_ status: Int32) -> Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
    static func signalNumber(_ status: Int32) -> Int32 { status & 0x7f }
}
