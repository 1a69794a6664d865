import XCTest
@testable import Tools

final class ToolsSmokeTests: XCTestCase {}
