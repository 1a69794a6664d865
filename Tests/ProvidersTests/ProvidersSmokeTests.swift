import XCTest
@testable import Providers

final class ProvidersSmokeTests: XCTestCase {}
