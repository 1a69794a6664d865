import XCTest
@testable import MCPClient
