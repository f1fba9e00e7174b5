import Foundation
import NIOSSL
import Testing

@testable import DemoServer

/// HTTPS and WSS on loopback with a certificate from the throwaway local CA (or your own files).
@Suite struct TLSTests {
    static let curlAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")

    private func curl(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runTool(["curl", "-sS", "--max-time", "20"] + arguments)
    }

    private func trustingCA(_ ca: URL) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(ca.path)
        return tls
    }

    @Test(.enabled(if: TLSTests.curlAvailable, "needs curl"))
    func localCAServesHTTPSAndWSSToClientsThatTrustIt() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let config = DemoClient.serverConfig { $0.tls = .localAuthority(stateDirectory: state) }
        try await withDemoServer(config) { server, _ in
            let ca = try #require(server.certificateAuthority)
            #expect(server.baseURL.scheme == "https")
            let folder = ca.deletingLastPathComponent()
            #expect(try permissions(folder) == 0o700)
            #expect(try permissions(folder.appendingPathComponent("ca-key.pem")) == 0o600)

            let port = try #require(server.baseURL.port)
            for host in ["localhost", "127.0.0.1"] {
                let started = try await curl([
                    "--cacert", ca.path, "-o", "/dev/null", "-w", "%{http_code}", "-X", "OPTIONS",
                    "https://\(host):\(port)/Prod",
                ])
                #expect(started.output == "200", "\(host): \(started.output)")
            }
            let body = #"{"ParticipantDetails":{"DisplayName":"Tess"}}"#
            let start = try await curl(["--cacert", ca.path, "-X", "POST", "-d", body, "https://localhost:\(port)/Prod"])
            #expect(start.status == 0, "\(start.output)")
            let token = try #require(
                ((try? JSONSerialization.jsonObject(with: Data(start.output.utf8)) as? [String: Any])?["data"]
                    as? [String: Any]).flatMap { $0["startChatResult"] as? [String: Any] }?["ParticipantToken"] as? String)
            let connect = try await curl([
                "--cacert", ca.path, "-X", "POST", "-H", "X-Amz-Bearer: \(token)", "-d", #"{"Type":["WEBSOCKET"]}"#,
                "https://localhost:\(port)/participant/connection",
            ])
            let url = try #require(
                ((try? JSONSerialization.jsonObject(with: Data(connect.output.utf8)) as? [String: Any])?["Websocket"]
                    as? [String: Any])?["Url"] as? String)
            #expect(url.hasPrefix("wss://localhost:\(port)/connect/chat?"))
            let socket = try await TestSocket.open(url, tls: trustingCA(ca))
            try await socket.subscribe()
            #expect(await socket.inbox.first { $0.contains("Helpline demo") } != nil, "the bot speaks over WSS")
            await socket.close()

            // PolyAI over the same port: REST over HTTPS, then its socket over WSS.
            let access = try await curl([
                "--cacert", ca.path, "-X", "POST", "-H", "X-Token: key", "-H", "X-Host: shop.example", "-d", "{}",
                "https://localhost:\(port)/api/v1/access-token",
            ])
            let accessToken = try #require(
                (try? JSONSerialization.jsonObject(with: Data(access.output.utf8)) as? [String: Any])?["access_token"] as? String)
            let session = try await curl([
                "--cacert", ca.path, "-X", "POST", "-H", "Authorization: Bearer \(accessToken)",
                "-d", #"{"streaming_enabled":false}"#, "https://localhost:\(port)/api/v1/sessions",
            ])
            let sessionId = try #require(
                (try? JSONSerialization.jsonObject(with: Data(session.output.utf8)) as? [String: Any])?["session_id"] as? String)
            let polyAI = try await TestSocket.open(
                "wss://localhost:\(port)/ws?access_token=\(accessToken)&session_id=\(sessionId)", tls: trustingCA(ca))
            #expect(await polyAI.inbox.first { $0.contains("EVENT_TYPE_SESSION_START") } != nil, "PolyAI over WSS")
            await polyAI.close()

            let untrusted = try await curl(["-o", "/dev/null", "https://localhost:\(port)/Prod"])
            #expect(untrusted.status == 60, "without the CA the handshake fails: \(untrusted.output)")
            await #expect(throws: (any Error).self) {
                _ = try await TestSocket.open(url, tls: TLSConfiguration.makeClientConfiguration())
            }
            #expect(server.polyAISocketURL.hasPrefix("wss://"))
        }
    }

    static let opensslAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: TLSTests.curlAvailable && TLSTests.opensslAvailable, "needs curl and openssl"))
    func ownCertificateFilesAndTheCAIsKeptAcrossStarts() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        // Two servers starting at once share one CA, and it survives restarts.
        async let first = DemoContactCenter.start(DemoClient.serverConfig { $0.tls = .localAuthority(stateDirectory: state) })
        async let second = DemoContactCenter.start(DemoClient.serverConfig { $0.tls = .localAuthority(stateDirectory: state) })
        let servers = try await [first, second]
        let ca = try #require(servers[0].certificateAuthority)
        let caText = try String(contentsOf: ca, encoding: .utf8)
        for server in servers {
            let port = try #require(server.baseURL.port)
            let reply = try await curl(["--cacert", ca.path, "-o", "/dev/null", "-w", "%{http_code}",
                                        "-X", "OPTIONS", "https://localhost:\(port)/Prod"])
            #expect(reply.output == "200", "both servers' certificates chain to the one CA")
            await server.stop()
        }
        let again = try await DemoContactCenter.start(DemoClient.serverConfig { $0.tls = .localAuthority(stateDirectory: state) })
        #expect(try String(contentsOf: ca, encoding: .utf8) == caText, "the CA a client trusts stays the same")
        await again.stop()

        // Your own certificate and key (here a self-signed one made by openssl).
        let certificate = state.appendingPathComponent("own.pem")
        let key = state.appendingPathComponent("own-key.pem")
        let made = try await runTool([
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key.path, "-out", certificate.path, "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost",
        ])
        #expect(made.status == 0, "\(made.output)")
        let own = DemoTLS(source: .files(certificate: certificate, key: key))
        try await withDemoServer(DemoClient.serverConfig { $0.tls = own }) { server, _ in
            #expect(server.certificateAuthority == nil)
            let port = try #require(server.baseURL.port)
            let reply = try await curl(["--cacert", certificate.path, "-o", "/dev/null", "-w", "%{http_code}",
                                        "-X", "POST", "-d", "{}", "https://localhost:\(port)/Prod"])
            #expect(reply.output == "502", "the template answers over HTTPS with the given certificate")
        }
        let broken = DemoTLS(source: .files(certificate: state.appendingPathComponent("nope.pem"), key: key))
        await #expect(throws: DemoServerError.self) {
            _ = try await DemoContactCenter.start(DemoClient.serverConfig { $0.tls = broken })
        }
    }
}

/// The permission bits of a file or folder.
func permissions(_ url: URL) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
