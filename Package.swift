// swift-tools-version:6.0
import PackageDescription

// Release builds put each function in its own section, so the linker can place the code that
// start-up and a chat turn run together (scripts/startup.order, below): the kernel maps
// code 64 KB around each page run, and start-up runs code of every module (docs/performance.md).
let sections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

let package = Package(
    name: "AIHelper",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aihelper", targets: ["aihelper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),  // the SDK's; its Transport names Logger
        // the SDK's too (its conformance server); `aihelper mcp serve --http` listens with NIOHTTP1
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        // SHA-256 of attached images (their key in the database, docs/images.md): Foundation has none on Linux
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        // System libraries
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CCmarkGFM", path: "Sources/CCmarkGFM"),
        // Image previews: stb_image compiled in from Debian's libstb-dev, libwebp opened on first use (docs/images.md)
        // libxml2's streaming reader, opened on first use (only sync reads XML; docs/sync.md)
        .target(name: "CXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CImage", cSettings: [.unsafeFlags(["-Wno-unused-function"])], linkerSettings: [.linkedLibrary("dl")]),

        // Modules (arrows point down only; see docs/architecture.md)
        .target(name: "Core", swiftSettings: sections),
        .target(name: "Storage", dependencies: ["Core", .product(name: "GRDB", package: "GRDB.swift"),
                                                .product(name: "Crypto", package: "swift-crypto")], swiftSettings: sections),
        .target(name: "HTTP", dependencies: ["CCurl"], swiftSettings: sections),
        .target(name: "Providers", dependencies: ["Core", "HTTP"], swiftSettings: sections),
        .target(name: "Tools", dependencies: ["Core", "Storage"], swiftSettings: sections),
        .target(name: "Agent", dependencies: ["Core", "Providers", "Tools", "Storage"], swiftSettings: sections),
        // External MCP servers from mcp.json as tools (the MCP client bridge of the Tools layer)
        .target(name: "MCPClient", dependencies: ["Core", "Tools", "HTTP", .product(name: "MCP", package: "swift-sdk")], swiftSettings: sections),
        .target(name: "Terminal", dependencies: ["CNcursesw", "CImage", "Core"], swiftSettings: sections),
        // `aihelper mcp serve`: the built-in tools over MCP (the Tools layer of docs/architecture.md);
        // calls run through the registry's `run`, as the agent's do, without the agent
        .target(name: "MCPServer", dependencies: ["Core", "Storage", "Tools",
                                                  .product(name: "MCP", package: "swift-sdk"),
                                                  .product(name: "Logging", package: "swift-log"),
                                                  .product(name: "NIOCore", package: "swift-nio"),
                                                  .product(name: "NIOPosix", package: "swift-nio"),
                                                  .product(name: "NIOHTTP1", package: "swift-nio")], swiftSettings: sections),
        .target(name: "Interop", dependencies: ["Core"], swiftSettings: sections),  // iCalendar, vCard, Markdown and JSON files
        // Two-way CalDAV/CardDAV and vdir sync of tasks, todos and contacts (docs/sync.md)
        .target(name: "Sync", dependencies: ["Core", "Storage", "Interop", "HTTP", "CXML", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: sections),
        // Markdown answers: cmark-gfm's tree as Swift values, and code highlighting (issue 15)
        .target(name: "Markdown", dependencies: ["CCmarkGFM"], swiftSettings: sections),
        .target(name: "App", dependencies: ["Core", "Storage", "Providers", "Tools", "Agent", "Terminal", "Interop", "MCPClient", "Markdown", "Sync",
                                            .product(name: "TOMLKit", package: "TOMLKit")], swiftSettings: sections),
        .executableTarget(name: "aihelper", dependencies: [
            "App", "Core", "Storage", "Providers", "Agent", "Tools", "Terminal", "Interop", "MCPServer", "MCPClient", "Sync",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: sections, linkerSettings: [
            // lld with packed relative relocations: the static binary's 2 MB relocation table
            // shrinks to a few KB, which is read at every start (docs/performance.md).
            // -L: FoundationNetworking's -lcurl finds Sources/CCurl/link/libcurl.so, an empty linker
            // script; its calls land in CCurl's forwards, which load libcurl on first use, so it
            // is not loaded at start (4–5 MB resident, docs/performance.md).
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                          "-L", Context.packageDirectory + "/Sources/CCurl/link"]),
            // The functions start-up and a chat turn run, placed first and together: about 4 MB
            // less code resident (scripts/startup-order.sh writes the list; docs/performance.md).
            .unsafeFlags(["-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/scripts/startup.order",
                          "-Xlinker", "--no-warn-symbol-ordering"], .when(configuration: .release)),
        ]),
        .executableTarget(name: "Bench", dependencies: ["App", "Core", "Storage", "Terminal", "Providers", "Agent", "Tools",
                                                  "Interop", "Sync", "TestSupport"]),  // the loopback provider peer, Radicale

        // Shared by the test targets: the loopback peer servers and bounded waits. It knows no
        // module of the app; the App's test harness is a file of AppTests (docs/architecture.md, Tests).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Image files for the preview tests (PNG, JPEG, GIF, WebP written from pixels)
        .target(name: "ImageFixtures", path: "Tests/ImageFixtures", cSettings: [.unsafeFlags(["-Wno-unused-function"])],
                linkerSettings: [.linkedLibrary("dl")]),

        // One test target per module
        .testTarget(name: "CoreTests", dependencies: ["Core", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "Core", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport"]),
        .testTarget(name: "ProvidersTests", dependencies: ["Providers", "Core", "HTTP", "TestSupport"]),
        .testTarget(name: "ToolsTests", dependencies: ["Tools", "Storage", "Core"]),
        .testTarget(name: "AgentTests", dependencies: ["Agent", "Providers", "Tools", "Storage", "Core", "TestSupport", "MCPClient"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Core", "ImageFixtures"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Terminal", "Storage", "Core", "Agent", "Providers", "Tools", "TestSupport", "Interop",
                                                     "MCPClient", "Markdown", "Sync"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "InteropTests", dependencies: ["Interop", "Storage", "Core", "TestSupport"]),
        .testTarget(name: "SyncTests", dependencies: ["Sync", "Storage", "Interop", "HTTP", "Core", "TestSupport",
                                                     .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["Storage", "Core", "TestSupport"]),
        .testTarget(name: "MCPServerTests", dependencies: ["MCPServer"]),
        .testTarget(name: "MCPClientTests", dependencies: ["MCPClient", "Agent", "Providers", "Tools", "Storage", "Core",
                                                           "TestSupport"]),
    ]
)

// Tests against servers other people wrote (llama.cpp's llama-server, llama-cpp-python,
// llm-mock-api, llmock), installed by `make test-deps` (scripts/real-servers.sh).
package.targets.append(
    .testTarget(name: "RealServerTests", dependencies: ["Providers", "HTTP", "Core", "TestSupport"])
)
