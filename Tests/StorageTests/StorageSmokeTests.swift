import XCTest
@testable import Storage

final class StorageSmokeTests: XCTestCase {}
