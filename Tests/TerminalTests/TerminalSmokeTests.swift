import XCTest
@testable import Terminal

final class TerminalSmokeTests: XCTestCase {}
