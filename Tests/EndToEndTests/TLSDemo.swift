import DemoServer
import Foundation

/// The demo contact center over HTTPS and WSS, its certificate from a throwaway local CA in a
/// temporary folder (SANs localhost, 127.0.0.1 and ::1), plus the command lines that chat with it.
struct TLSDemo: Sendable {
    let server: DemoContactCenter
    /// The CA certificate clients must trust (`--ca-file`).
    let ca: String
    let state: URL

    /// Starts the server (on 127.0.0.1, an ephemeral port).
    static func start(_ adjust: (inout DemoServerConfiguration) -> Void = { _ in }) async throws -> TLSDemo {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-tls-\(UUID().uuidString)")
        var configuration = DemoServerConfiguration(replyDelay: .milliseconds(10))
        configuration.tls = .localAuthority(stateDirectory: state)
        adjust(&configuration)
        let server = try await DemoContactCenter.start(configuration)
        guard let ca = server.certificateAuthority else {
            await server.stop()
            throw CocoaError(.fileNoSuchFile)
        }
        return TLSDemo(server: server, ca: ca.path, state: state)
    }

    /// The server's port.
    var port: Int { server.baseURL.port ?? 0 }

    /// `helpline connect`: the start-chat call at `startHost`, the Participant Service at
    /// `participantHost` (whose name the server puts in the socket URL too).
    func connect(startHost: String = "localhost", participantHost: String = "127.0.0.1", _ extra: [String] = []) -> [String] {
        [
            "connect", "--start-url", "https://\(startHost):\(port)/Prod", "--endpoint-url", "https://\(participantHost):\(port)",
            "--display-name", "Tess", "--plain", "--new", "--linger", "3",
        ] + extra
    }

    /// `helpline polyai`: REST at `restHost`, the socket at `socketHost`.
    func polyAI(restHost: String = "localhost", socketHost: String = "127.0.0.1", _ extra: [String] = []) -> [String] {
        [
            "polyai", "--api-key", "demo-key", "--rest-url", "https://\(restHost):\(port)/api/v1",
            "--ws-url", "wss://\(socketHost):\(port)/ws", "--plain", "--new", "--linger", "3",
        ] + extra
    }

    /// Stops the server and removes the CA folder.
    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: state)
    }
}
