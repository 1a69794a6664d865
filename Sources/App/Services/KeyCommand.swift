import Foundation
import Providers
#if canImport(Glibc)
import Glibc
#endif

/// A provider's `api_key_command` (`[providers.openai] api_key_command = "pass show openai"`):
/// run with `/bin/sh -c`, no stdin, stderr discarded, in a process group of its own so a
/// timeout kills whatever it started; the key is the first line of its stdout, trimmed. The
/// key lives in memory only: it is never written to a file, the database, a log or the screen,
/// and no error quotes the command's output.
public enum KeyCommand {
    public static let timeout: TimeInterval = 10
    /// More output than this is read and dropped: a key is a line, not a stream.
    static let outputLimit = 64 * 1024

    public enum Failure: Error, Equatable {
        case cannotStart(Int32)
        case exitStatus(Int32)
        case signal(Int32)
        case timedOut(TimeInterval)
        case empty
        /// The line holds control characters (an escape sequence, NUL): not a key.
        case notText
    }

    /// Runs `command` and returns its first line, trimmed.
    public static func run(_ command: String, timeout: TimeInterval = timeout) -> Result<String, Failure> {
        let process: GroupProcess
        switch GroupProcess.spawn(command) {
        case .success(let spawned): process = spawned
        case .failure(let failure): return .failure(.cannotStart(failure.code))
        }
        defer { close(process.stdout) }
        let deadline = Date().addingTimeInterval(timeout)
        var output: [UInt8] = []
        guard readAll(process.stdout, into: &output, until: deadline), let status = process.reap(until: deadline) else {
            _ = process.killGroup()
            return .failure(.timedOut(timeout))
        }
        guard let code = GroupProcess.exitCode(status) else { return .failure(.signal(GroupProcess.signalNumber(status))) }
        if code != 0 { return .failure(.exitStatus(code)) }
        let first = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let key = first.trimmingCharacters(in: .whitespaces)
        if key.isEmpty { return .failure(.empty) }
        return key.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? .failure(.notText) : .success(key)
    }

    /// Reads to EOF (false when the deadline came first), keeping at most `outputLimit` bytes.
    private static func readAll(_ fd: Int32, into output: inout [UInt8], until deadline: Date) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(min(left * 1000 + 1, 1000)))
            if ready < 0 && errno != EINTR { return false }
            guard ready > 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { return true }
            if count < 0 { if errno == EINTR || errno == EAGAIN { continue }; return true }
            if output.count < outputLimit { output += buffer.prefix(min(count, outputLimit - output.count)) }
        }
    }

    /// What to tell the user: names the provider and the status, never the command's output.
    static func error(_ failure: Failure, provider: ProviderKind) -> ProviderError {
        error(failure, what: "The api_key_command for \(provider.displayName)", table: "[providers.\(provider.rawValue)]")
    }

    /// The same for any such command: `what` names it, `table` and `setting` say where it is set.
    static func error(_ failure: Failure, what: String, table: String, setting: String = "api_key_command") -> ProviderError {
        let message: String
        switch failure {
        case .cannotStart(let code): message = "\(what) could not be started (\(String(cString: strerror(code))))."
        case .exitStatus(let code): message = "\(what) failed with exit status \(code)."
        case .signal(let signal): message = "\(what) was killed by signal \(signal)."
        case .timedOut(let seconds): message = "\(what) printed no key within \(Int(seconds)) s and was stopped."
        case .empty: message = "\(what) printed nothing."
        case .notText: message = "\(what) printed control characters, not a key."
        }
        return ProviderError(.missingKey, message,
                             suggestion: "Run it in a shell to see why, or fix \(table) \(setting) in config.toml.")
    }
}

extension ProviderConfig {
    /// `values(for:chosen:)` with the key from `kind`'s api_key_command, when it has one (run
    /// once per process and command: the TUI builds providers often, and `pass` may ask for a
    /// passphrase). Throws the command's failure as a `ProviderError`.
    public func valuesWithKey(for kind: ProviderKind, chosen: Bool,
                              run: (String) -> Result<String, KeyCommand.Failure> = KeyCommandCache.shared.key) throws -> ProviderConfigValues {
        var values = values(for: kind, chosen: chosen)
        guard let command = perProvider[kind]?.apiKeyCommand else { return values }
        switch run(command) {
        case .success(let key): values.commandKeys[kind] = key
        case .failure(let failure): throw KeyCommand.error(failure, provider: kind)
        }
        return values
    }
}

/// Keys that commands printed, by command, for this process only; failures are not kept, so
/// the next use runs the command again.
public final class KeyCommandCache: @unchecked Sendable {
    public static let shared = KeyCommandCache()
    private let lock = NSLock()
    private var keys: [String: String] = [:]

    public func key(_ command: String) -> Result<String, KeyCommand.Failure> {
        if let key = lock.withLock({ keys[command] }) { return .success(key) }
        let result = KeyCommand.run(command)
        if case .success(let key) = result { lock.withLock { keys[command] = key } }
        return result
    }
}
