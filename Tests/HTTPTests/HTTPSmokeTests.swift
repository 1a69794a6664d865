import XCTest
@testable import HTTP

final class HTTPSmokeTests: XCTestCase {}
