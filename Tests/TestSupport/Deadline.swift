import Foundation

public struct DeadlineExceeded: Error, CustomStringConvertible {
    public var seconds: Double
    public var description: String { "did not finish within \(seconds) s" }
}

/// Runs `body`, cancelling it and throwing when it takes longer than `seconds`, so that no
/// test can hang.
public func withDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw DeadlineExceeded(seconds: seconds)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
