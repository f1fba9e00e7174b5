import AmazonConnect
import ChatEngine
import DemoServer
import Foundation
import HelplineScript

/// A demo contact center on loopback with fast replies, and a script runner against it.
public struct DemoHarness: Sendable {
    /// The demo contact center.
    public let server: DemoContactCenter
    /// Runs scripts as Tess over Connect against `server`.
    public var runner: ScriptRunner

    /// Starts the server and makes the runner.
    public static func start() async throws -> DemoHarness {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        let startURL = server.startChatURL.absoluteString
        let endpoint = server.baseURL
        // Steps without `within` wait a minute: these tests check what happens, not how fast on a loaded machine.
        let runner = ScriptRunner(configuration: SessionConfiguration(transport: .direct), patience: .seconds(60)) {
            ConnectWire(
                start: .template(url: startURL, displayName: "Tess", instanceId: nil, contactFlowId: nil),
                endpoint: endpoint.absoluteString, ids: .random())
        }
        return DemoHarness(server: server, runner: runner)
    }

    /// The example scripts shipped in `Resources/scripts`.
    public static var examplesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/scripts")
    }

    /// The example scripts, parsed.
    public static func exampleScripts() throws -> [Script] {
        let names = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)
            .filter { $0.hasSuffix(".hls") }.sorted()
        return try names.map { try ScriptParser.parse(fileAt: examplesDirectory.appendingPathComponent($0).path) }
    }
}
