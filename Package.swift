// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Helpline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "helpline", targets: ["helpline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
    ],
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CLibedit", path: "Sources/CLibedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", path: "Sources/CCmarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // Header only: libqrencode is loaded at run time (ChatUI's QRCode), so the release executable needs it not.
        .systemLibrary(name: "CQRencode", path: "Sources/CQRencode", providers: [.apt(["libqrencode-dev"])]),
        .target(name: "ChatModel"),
        .target(name: "SessionCore", dependencies: ["ChatModel"]),
        .target(name: "MarkdownANSI", dependencies: ["CCmarkGFM"]),
        .target(
            name: "Transport",
            dependencies: [
                "ChatModel", "SessionCore",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .target(
            name: "ChatEngine",
            dependencies: [
                "ChatModel", "SessionCore", "Transport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "AmazonConnect", dependencies: ["SessionCore", "ChatModel"]),
        .target(name: "PolyAI", dependencies: ["SessionCore", "ChatModel"]),
        .target(name: "TerminalRuntime", dependencies: ["CNcursesw", "CLibedit", "ChatModel", "MarkdownANSI"]),
        .target(name: "ChatUI", dependencies: ["CQRencode", "ChatModel", "MarkdownANSI", "TerminalRuntime"]),
        .target(name: "TerminalUI", dependencies: ["ChatModel", "ChatUI", "MarkdownANSI", "TerminalRuntime"]),
        .target(name: "ChatResume", dependencies: ["AmazonConnect", "ChatEngine", "PolyAI", "SessionCore"]),
        .target(name: "HelplineScript", dependencies: ["ChatEngine", "ChatModel", "SessionCore"]),
        .target(
            name: "AgentConsole",
            dependencies: [
                "AmazonConnect", "ChatEngine", "ChatModel", "ChatUI", "MarkdownANSI", "SessionCore", "TerminalRuntime", "Transport",
            ]),
        .target(name: "AWSSigV4", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "ConnectDirect", dependencies: ["AWSSigV4", "AmazonConnect", "SessionCore", "Transport"]),
        .target(name: "HelplineConfig", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        .target(
            name: "DemoServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The flows are compiled in (Flows/EmbeddedFlows.swift, written by scripts/embed-flows.py).
            exclude: ["Resources"]),
        .executableTarget(
            name: "helpline",
            dependencies: [
                "ChatModel", "SessionCore", "ChatEngine", "AmazonConnect", "PolyAI", "MarkdownANSI", "ChatUI", "TerminalRuntime",
                "TerminalUI", "DemoServer", "HelplineScript", "AWSSigV4", "ConnectDirect", "HelplineConfig", "AgentConsole", "Transport",
                "ChatResume",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "helpline-bench",
            dependencies: ["AmazonConnect", "ChatEngine", "ChatModel", "DemoServer", "PolyAI", "Transport"],
            path: "Benchmarks/engine-bench", exclude: ["run.sh"]),
        .testTarget(name: "ChatModelTests", dependencies: ["ChatModel", "SimulatedServices"]),
        .testTarget(name: "MarkdownANSITests", dependencies: ["MarkdownANSI", "SimulatedServices"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "ChatEngineTests", dependencies: ["ChatEngine", "ChatModel", "SessionCore"]),
        .testTarget(name: "SessionCoreTests", dependencies: ["SessionCore", "ChatModel"]),
        .testTarget(
            name: "AmazonConnectTests", dependencies: ["AmazonConnect", "SessionCore", "ChatModel", "MarkdownANSI"],
            exclude: ["Golden"]),
        .target(name: "SimulatedServices", path: "Tests/SimulatedServices"),
        .target(
            name: "SessionSimulation",
            dependencies: ["SessionCore", "ChatModel", "AmazonConnect", "PolyAI", "SimulatedServices"],
            path: "Tests/SessionSimulation"),
        .executableTarget(name: "helpline-sim", dependencies: ["SessionSimulation"], path: "Tests/SimulatorCLI"),
        .executableTarget(name: "heap-probe", dependencies: ["TerminalRuntime"], path: "Tests/HeapProbe"),
        .testTarget(name: "SimulationTests", dependencies: ["SessionSimulation", "SimulatedServices", "SessionCore", "ChatModel"]),
        .target(
            name: "HelplineTestSupport",
            dependencies: [
                "ChatModel", "SessionCore", "ChatEngine", "AmazonConnect", "PolyAI", "DemoServer", "HelplineScript", "Transport",
            ],
            path: "Tests/HelplineTestSupport", exclude: ["botocore_sign.py"]),
        .testTarget(
            name: "PolyAITests", dependencies: ["PolyAI", "ChatEngine", "ChatModel", "DemoServer", "HelplineTestSupport"]),
        .testTarget(
            name: "DemoServerTests",
            dependencies: [
                "DemoServer", "HelplineTestSupport",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            exclude: ["boto3", "browser"]),
        .testTarget(
            name: "HelplineScriptTests",
            dependencies: [
                "HelplineScript", "AmazonConnect", "ChatEngine", "ChatModel", "SessionCore", "DemoServer", "HelplineTestSupport",
                "Transport",
            ]),
        .testTarget(
            name: "AWSSigV4Tests", dependencies: ["AWSSigV4", "HelplineTestSupport"], exclude: ["Vectors"]),
        .testTarget(name: "HelplineConfigTests", dependencies: ["HelplineConfig"]),
        .testTarget(
            name: "ConnectDirectTests",
            dependencies: ["AWSSigV4", "AmazonConnect", "ConnectDirect", "SessionCore", "HelplineTestSupport"]),
        .testTarget(
            name: "AgentConsoleTests",
            dependencies: [
                "AgentConsole", "ChatEngine", "ChatModel", "ChatUI", "DemoServer", "HelplineTestSupport", "TerminalRuntime", "Transport",
            ]),
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "TransportTests",
            dependencies: [
                "Transport", "SessionCore", "HelplineTestSupport", "ChatEngine", "ChatModel", "PolyAI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(name: "ChatResumeTests", dependencies: ["ChatResume", "AmazonConnect", "ChatEngine", "PolyAI", "SessionCore"]),
        .testTarget(name: "ChatUITests", dependencies: ["ChatUI", "ChatModel", "MarkdownANSI", "TerminalRuntime"]),
        .testTarget(name: "TerminalRuntimeTests", dependencies: ["TerminalRuntime", "MarkdownANSI", "HelplineTestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ChatUI", "ChatModel"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "AgentConsole", "AmazonConnect", "ChatEngine", "ChatModel", "ChatUI", "SessionCore", "DemoServer", "HelplineScript",
                "HelplineTestSupport", "TerminalRuntime", "TerminalUI", "Transport",
                "helpline",
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
