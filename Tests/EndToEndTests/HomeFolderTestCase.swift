import Foundation
import XCTest

/// A test with its own AIHELPER_HOME: a fresh temporary folder per test, removed afterwards.
class HomeFolderTestCase: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("aih-\(type(of: self))-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: home) }
}
