// swift-tools-version:6.0
// Keystroke-to-doupdate latency of the full-screen UI. The bench target compiles the
// TerminalUI sources itself (a symlink) so it can drive the internal reducer and painter.
import PackageDescription

let package = Package(
    name: "tui-bench",
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CCmarkGFM", path: "Sources/CCmarkGFM"),
        .target(name: "ChatModel", path: "Sources/ChatModel"),
        .target(name: "MarkdownANSI", dependencies: ["CCmarkGFM"], path: "Sources/MarkdownANSI"),
        .executableTarget(
            name: "tui-bench", dependencies: ["CNcursesw", "ChatModel", "MarkdownANSI"], path: "Sources/tui-bench"),
    ],
    swiftLanguageModes: [.v6]
)
