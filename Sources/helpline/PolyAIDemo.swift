import ArgumentParser
import ChatEngine
import DemoServer
import Foundation
import Logging
import PolyAI

/// Which protocol `helpline demo` speaks to the embedded contact center.
enum DemoProtocol: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Amazon Connect (the default).
    case connect
    /// PolyAI Messaging.
    case polyai
}

/// `helpline demo --protocol polyai`: chats with the embedded demo contact center over PolyAI Messaging.
enum PolyAIDemo {
    /// The API key the demo server accepts (it accepts any non-empty key unless told otherwise).
    static let apiKey = "helpline-demo"

    /// Runs chats against `server`'s PolyAI half until the user quits; returns the exit code.
    static func run(
        server: DemoContactCenter, common: CommonOptions, terminal: TerminalOptions = TerminalOptions(), logger: Logger,
        streaming: Bool = true, displayName: String = PolyAIOptions.unnamed
    )
        async throws -> Int32
    {
        let options = PolyAIOptions(
            apiKey: apiKey, hostId: "helpline.demo",
            environment: .custom(rest: server.polyAIRestURL, ws: server.polyAISocketURL), streaming: streaming,
            displayName: displayName)
        return try await PolyAIChatLoop(
            options: options, runner: ChatRunner(options: common, logger: logger, terminal: terminal), store: SessionStore(),
            key: PolyAIChatLoop.key(options), forceNew: common.startsFresh
        ).run()
    }

    /// The lines `helpline serve` prints for PolyAI clients.
    static func serveLines(_ server: DemoContactCenter) -> [String] {
        let trust = server.certificateAuthority.map { " --ca-file \($0.path)" } ?? ""
        return [
            "PolyAI REST:    \(server.polyAIRestURL)",
            "PolyAI socket:  \(server.polyAISocketURL)",
            "polyai with:    helpline polyai --api-key ANY --rest-url \(server.polyAIRestURL) --ws-url \(server.polyAISocketURL)\(trust)",
        ]
    }
}
