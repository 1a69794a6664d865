import Foundation
import GRDB

/// Why the database could not be opened or used, in words a person can act on.
/// The text always names the file and says what to do next.
public struct StorageError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case permissionDenied
        case notADatabase
        case locked
        case newerSchema
        case notAFile
        case other
    }

    public var kind: Kind
    public var path: String
    public var message: String

    public init(kind: Kind, path: String, message: String) {
        self.kind = kind; self.path = path; self.message = message
    }

    public var description: String { message }

    private static let orOtherPath = "start with --db OTHER_PATH"

    static func permissionDenied(_ path: String, writing: Bool = false) -> StorageError {
        StorageError(kind: .permissionDenied, path: path, message:
            "Cannot \(writing ? "write to" : "read") the database at \(path): permission denied. "
            + "Check the file's owner and mode, or \(orOtherPath).")
    }

    static func notADatabase(_ path: String) -> StorageError {
        StorageError(kind: .notADatabase, path: path, message:
            "The file at \(path) is not a valid AI Helper database (it may be corrupt). It was left untouched. "
            + "Move it aside or \(orOtherPath).")
    }

    static func locked(_ path: String) -> StorageError {
        StorageError(kind: .locked, path: path, message:
            "The database at \(path) is locked by another program that did not let go in time. "
            + "Close the other program (or another AI Helper that is busy with it) and try again, or \(orOtherPath).")
    }

    static func newerSchema(_ path: String) -> StorageError {
        StorageError(kind: .newerSchema, path: path, message:
            "The database at \(path) was written by a newer version of AI Helper. It was left untouched. "
            + "Update AI Helper, or \(orOtherPath).")
    }

    static func notAFile(_ path: String, reason: String) -> StorageError {
        StorageError(kind: .notAFile, path: path, message:
            "Cannot open the database at \(path): \(reason). Pick a file path, or \(orOtherPath).")
    }

    /// Maps an SQLite failure met while opening or migrating to a message about `path`.
    static func opening(_ path: String, error: any Error) -> StorageError {
        if let storageError = error as? StorageError { return storageError }
        guard let dbError = error as? DatabaseError else {
            return StorageError(kind: .other, path: path, message:
                "Cannot open the database at \(path): \(error). It was left untouched; \(orOtherPath).")
        }
        switch dbError.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return notADatabase(path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return locked(path)
        case .SQLITE_PERM, .SQLITE_AUTH:
            return permissionDenied(path)
        case .SQLITE_READONLY:
            return permissionDenied(path, writing: true)
        case .SQLITE_CANTOPEN:
            return StorageError(kind: .permissionDenied, path: path, message:
                "Cannot open the database at \(path): SQLite could not open the file or its folder. "
                + "Check that the folder exists and is writable, or \(orOtherPath).")
        default:
            return StorageError(kind: .other, path: path, message:
                "Cannot open the database at \(path): \(dbError.message ?? "\(dbError.resultCode)"). "
                + "It was left untouched; \(orOtherPath).")
        }
    }
}
