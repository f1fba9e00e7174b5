// swift-tools-version:6.0
// Keystroke-to-doupdate latency of the full-screen UI. The package builds the chat UI and the
// terminal runtime from their sources (symlinks) so it can drive the reducer and the painter.
import PackageDescription

let package = Package(
    name: "tui-bench",
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .systemLibrary(name: "CCmarkGFM", path: "Sources/CCmarkGFM"),
        .target(name: "ChatModel", path: "Sources/ChatModel"),
        .target(name: "MarkdownANSI", dependencies: ["CCmarkGFM"], path: "Sources/MarkdownANSI"),
        .target(name: "TerminalRuntime", dependencies: ["CNcursesw", "ChatModel", "MarkdownANSI"], path: "Sources/TerminalRuntime"),
        .target(name: "ChatUI", dependencies: ["ChatModel", "MarkdownANSI", "TerminalRuntime"], path: "Sources/ChatUI"),
        .executableTarget(
            name: "tui-bench", dependencies: ["ChatModel", "ChatUI", "MarkdownANSI", "TerminalRuntime"], path: "Sources/tui-bench"),
    ],
    swiftLanguageModes: [.v6]
)
