import Foundation
import HelplineTestSupport
import Testing

@testable import DemoServer

/// `helpline serve` as a user runs it: the real binary, its printed lines and its exit status.
@Suite struct ServeCommandTests {
    static let available = FileManager.default.isExecutableFile(atPath: ServeProcess.binary.path)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")

    /// The URL `helpline serve` printed on its first line.
    private func listeningURL(_ serve: ServeProcess) async throws -> String {
        let line = try #require(await serve.line(containing: "listening on "), "stdout: \(serve.output) stderr: \(serve.errors)")
        return String(line.dropFirst("listening on ".count))
    }

    @Test(.enabled(if: ServeCommandTests.available, "needs the built helpline binary and curl"))
    func aBusyPortSaysWhyAndExitsNonZero() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let serve = try ServeProcess(["--port", String(port)])
            try await serve.whileRunning {
                let status = await serve.exitStatus()
                #expect(status != nil && status != 0, "exits non-zero")
                #expect(serve.errors.contains("could not listen on 127.0.0.1:\(port)"), "\(serve.errors)")
                #expect(serve.errors.contains("address already in use"), "\(serve.errors)")
            }
        }
    }

    @Test("bound to every address: the real address, a warning and a desk token shown once; the desk asks for it",
          .enabled(if: ServeCommandTests.available, "needs the built helpline binary and curl"))
    func aNetworkAddressIsToldAndGuarded() async throws {
        let serve = try ServeProcess(["--host", "0.0.0.0", "--port", "0", "--reply-delay", "20"])
        try await serve.whileRunning {
            let url = try await listeningURL(serve)
            #expect(url.hasPrefix("http://0.0.0.0:") && url.contains("every IPv4 address"), "\(url)")
            let tokenLine = try #require(await serve.line(containing: "desk token:"), "\(serve.output)")
            let token = try #require(tokenLine.split(separator: " ").dropFirst(2).first.map(String.init))
            #expect(await serve.stderrContains("WARNING: the demo contact center listens beyond loopback"), "\(serve.errors)")
            let port = try #require(url.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
            // 127.0.0.2 stands in for another machine on the network.
            let signIn = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "20", "-X", "POST", "-d",
                          #"{"name":"Mallory"}"#, "http://127.0.0.2:\(port)/agent/sign-in"]
            #expect(try await runTool(signIn).output == "401")
            #expect(try await runTool(Array(signIn.dropLast()) + ["-H", "X-Desk-Token: \(token)", signIn[signIn.count - 1]]).output == "200")
            _ = await serve.line(containing: "agent console:")
            #expect(serve.output.components(separatedBy: token).count == 2, "the token is printed once: \(serve.output)")
        }
    }

    @Test(.enabled(if: ServeCommandTests.available, "needs the built helpline binary and curl"),
          .enabled(if: ServeCommandTests.hasIPv6Loopback, "needs ::1"))
    func ipv6LoopbackPrintsABracketedURLThatWorks() async throws {
        let serve = try ServeProcess(["--host", "::1", "--port", "0", "--reply-delay", "20"])
        try await serve.whileRunning {
            let url = try await listeningURL(serve)
            #expect(url.hasPrefix("http://[::1]:"), "\(url)")
            let start = try await runTool(["curl", "-sS", "-g", "--max-time", "20", "-X", "POST", "-d",
                                           #"{"ParticipantDetails":{"DisplayName":"Six"}}"#, url + "/Prod"])
            #expect(start.output.contains("ParticipantToken"), "\(start.output)")
            let polyAI = try #require(await serve.line(containing: "PolyAI socket:"))
            #expect(polyAI.contains("ws://[::1]:"))
        }
    }

    @Test(.enabled(if: ServeCommandTests.available, "needs the built helpline binary and curl"))
    func tlsPrintsTheCAAndTheRequestLogNamesRequestsNotTokens() async throws {
        let serve = try ServeProcess(["--port", "0", "--tls", "--log-level", "info", "--cors-origin", "http://localhost:3000"])
        try await serve.whileRunning {
            let url = try await listeningURL(serve)
            #expect(url.hasPrefix("https://127.0.0.1:"))
            let caLine = try #require(await serve.line(containing: "TLS CA:"))
            let ca = try #require(caLine.split(separator: " ").first { $0.hasSuffix("ca.pem") }.map(String.init))
            #expect(ca.hasPrefix(serve.state.path + "/helpline/"), "the CA lives under XDG_STATE_HOME/helpline")
            let start = try await runTool(["curl", "-sS", "--max-time", "20", "--cacert", ca, "-X", "POST", "-d",
                                           #"{"ParticipantDetails":{"DisplayName":"Ty"}}"#, url + "/Prod"])
            let token = try #require(
                ((try? JSONSerialization.jsonObject(with: Data(start.output.utf8)) as? [String: Any])?["data"]
                    as? [String: Any]).flatMap { $0["startChatResult"] as? [String: Any] }?["ParticipantToken"] as? String,
                "\(start.output)")
            _ = try await runTool(["curl", "-sS", "--max-time", "20", "--cacert", ca, "-X", "POST", "-H", "X-Amz-Bearer: \(token)",
                                   "-d", #"{"Type":["WEBSOCKET","CONNECTION_CREDENTIALS"]}"#, url + "/participant/connection"])
            #expect(await serve.stderrContains("POST /participant/connection 200 "), "\(serve.errors)")
            #expect(serve.errors.contains("POST /Prod 200 "))
            #expect(!serve.errors.contains(token), "the request log never shows a token")
        }

        let badOrigin = try ServeProcess(["--cors-origin", "localhost:3000"])
        try await badOrigin.whileRunning {
            #expect(await badOrigin.exitStatus() != 0)
            #expect(badOrigin.errors.contains("--cors-origin"))
        }
    }

    static let hasIPv6Loopback: Bool = {
        FileManager.default.fileExists(atPath: "/proc/net/if_inet6")
            && ((try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8))?.contains("00000000000000000000000000000001") ?? false)
    }()
}
