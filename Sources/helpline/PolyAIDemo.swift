import ArgumentParser
import ChatEngine
import ChatResume
import DemoServer
import Foundation
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

    /// Runs chats against `server`'s PolyAI half with `runner` until the user quits; returns the exit code.
    static func run(
        server: DemoContactCenter, runner: ChatRunner, streaming: Bool = true, displayName: String = PolyAIOptions.unnamed
    )
        async throws -> Int32
    {
        let options = PolyAIOptions(
            apiKey: apiKey, hostId: "helpline.demo",
            environment: .custom(rest: server.polyAIRestURL, ws: server.polyAISocketURL), streaming: streaming,
            displayName: displayName)
        return try await ResumingChatLoop(
            runner: runner, store: SessionStore(), key: PolyAIResumePlan.key(options), forceNew: runner.options.startsFresh
        ).run(polyAI: options)
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
