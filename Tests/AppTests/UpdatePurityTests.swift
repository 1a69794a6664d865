import XCTest

/// `update` is pure: the update code (Sources/App/Model) reads the time from `state.clock`, which
/// the runtime stamps on each batch of events, and the zone from `state.timeZone`, never the
/// system's. Reads the sources themselves, so a new `Date()` there fails here.
final class UpdatePurityTests: XCTestCase {
    /// The update code's folder, from this file's place in the repository.
    static let updateCode = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
        .appendingPathComponent("../../Sources/App/Model").standardized

    /// Reads of the clock, the zone, the locale and the environment.
    static let ambient = ["Date()", "Date.now", "Date(timeIntervalSinceNow", "TimeZone.current", "TimeZone = .current",
                          "Calendar.current", "Locale.current", "ProcessInfo", "getenv(", "CivilDate.today", ".today()"]
    /// `CivilDate(someDate)` without `in:` takes the system's zone.
    static let dateInSystemZone = try! NSRegularExpression(pattern: #"CivilDate\(\s*[a-z][\w.]*\s*\)"#)

    func testTheUpdateCodeReadsNoClockZoneOrEnvironment() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.updateCode, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 10, "the update code is at \(Self.updateCode.path)")
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//")[0]   // what comments say is not a read
                let range = NSRange(code.startIndex..., in: code)
                if Self.ambient.contains(where: code.contains) || Self.dateInSystemZone.firstMatch(in: code, range: range) != nil {
                    found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(found, [], "update code reads the system's clock, zone or environment; use state.clock / state.timeZone")
    }

    func testTheCheckFindsWhatItLooksFor() {
        let samples = ["expires: Date().addingTimeInterval(5)", "let now = Date.now", "var zone: TimeZone = .current",
                       "let today = CivilDate(now)", "ProcessInfo.processInfo.environment[\"HOME\"]"]
        for sample in samples {
            let range = NSRange(sample.startIndex..., in: sample)
            XCTAssertTrue(Self.ambient.contains(where: sample.contains) || Self.dateInSystemZone.firstMatch(in: sample, range: range) != nil, sample)
        }
        let fine = "let today = CivilDate(now, in: state.timeZone)"
        XCTAssertNil(Self.dateInSystemZone.firstMatch(in: fine, range: NSRange(fine.startIndex..., in: fine)))
    }
}
