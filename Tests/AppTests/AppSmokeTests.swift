import XCTest
@testable import App

final class AppSmokeTests: XCTestCase {}
