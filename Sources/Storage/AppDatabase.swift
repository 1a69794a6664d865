import Foundation
import GRDB
import Core

/// The one SQLite database (placeholder: filled in by the Storage work).
public final class AppDatabase: Sendable {
    public let path: String
    public let pool: DatabasePool
    public init(path: String) throws {
        self.path = path
        self.pool = try DatabasePool(path: path)
    }
}
