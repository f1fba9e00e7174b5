import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The demo contact center on the IPv6 loopback (`::1`) and the real client reaching it at `[::1]`:
/// REST, the socket (whose URL holds the bracketed address) and TLS, both protocols.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/net/if_inet6"), "needs ::1"))
struct IPv6EndToEndTests {
    private static func server(tls: Bool = false) async throws -> (DemoContactCenter, TLSDemo?) {
        if tls {
            let demo = try await TLSDemo.start { $0.host = "::1" }
            return (demo.server, demo)
        }
        return (try await DemoContactCenter.start(DemoServerConfiguration(host: "::1", replyDelay: .milliseconds(10))), nil)
    }

    @Test("Connect and PolyAI at [::1] over ws:// and wss://: the bot answers, the message is sent once")
    func chatsOverIPv6() async throws {
        for secure in [false, true] {
            let (server, tls) = try await Self.server(tls: secure)
            let base = "\(secure ? "https" : "http")://[::1]:\(server.baseURL.port ?? 0)"
            let socket = "\(secure ? "wss" : "ws")://[::1]:\(server.baseURL.port ?? 0)"
            let trust = tls.map { ["--ca-file", $0.ca] } ?? []
            let runs: [(String, [String])] = [
                ("connect", ["connect", "--start-url", base + "/Prod", "--endpoint-url", base, "--display-name", "Six"]),
                ("polyai", ["polyai", "--api-key", "demo-key", "--rest-url", base + "/api/v1", "--ws-url", socket + "/ws"]),
            ]
            for (name, arguments) in runs {
                // Input ends once the reply is in, however long a loaded machine takes.
                let result = try await InteractiveHelpline.run(
                    arguments + ["--plain", "--new", "--linger", "1"] + trust, input: "hours\n", awaiting: ["opening hours"])
                let label = "\(name) secure=\(secure)"
                #expect(result.status == 0, "\(label): \(result.stderr)")
                let lines = result.stdout.split(separator: "\n")
                #expect(lines.filter { $0.contains("opening hours") }.count == 1, "\(label): \(result.stdout)\n\(result.stderr)")
                #expect(lines.filter { $0.hasSuffix(": hours") }.count == 1, "\(label): \(result.stdout)")
            }
            if let tls { await tls.stop() } else { await server.stop() }
        }
    }
}
