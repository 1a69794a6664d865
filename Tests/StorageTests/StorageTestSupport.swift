import Foundation
import XCTest
import GRDB
import Core
@testable import Storage

/// A fresh temporary folder per test, removed afterwards.
class StorageTestCase: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("storage-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String = "test.sqlite") -> String { folder.appendingPathComponent(name).path }

    func openDatabase(_ name: String = "test.sqlite") throws -> AppDatabase {
        try AppDatabase.open(path: path(name))
    }

    /// A date with whole seconds, so it survives GRDB's millisecond text format unchanged.
    func fixedDate(_ offset: TimeInterval = 0) -> Date {
        Date(timeIntervalSince1970: 1_790_000_000 + offset)
    }

    func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    func assertStorageError(_ kind: StorageError.Kind, containing fragments: [String],
                            file: StaticString = #filePath, line: UInt = #line,
                            _ body: () throws -> Void) {
        do {
            try body()
            XCTFail("expected a StorageError of kind \(kind)", file: file, line: line)
        } catch let error as StorageError {
            XCTAssertEqual(error.kind, kind, error.message, file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(error.description.contains(fragment),
                              "“\(error.description)” should contain “\(fragment)”", file: file, line: line)
            }
        } catch {
            XCTFail("expected a StorageError, got \(error)", file: file, line: line)
        }
    }
}
