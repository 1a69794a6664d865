import XCTest
@testable import Core

final class CoreSmokeTests: XCTestCase {}
