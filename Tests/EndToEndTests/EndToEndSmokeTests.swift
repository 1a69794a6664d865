import XCTest
@testable import Core

final class EndToEndSmokeTests: XCTestCase {}
