import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing

@testable import DemoServer

/// A demo server that listens beyond loopback asks every agent-desk call for the desk token: 127.0.0.2
/// stands in for the network, reaching a server bound to every address. Before, anyone there could
/// sign in as an agent, read the queue and accept a chat (and with it the chat's participant token).
@Suite struct ExposedDeskTests {
    /// A request as a machine on the network would send it, to `base` + `path`.
    private static func call(
        _ base: String, _ path: String, method: String = "POST", headers: [String: String] = [:], body: [String: Any] = [:]
    ) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if method == "POST" { request.httpBody = try JSONSerialization.data(withJSONObject: body) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test("bound to every address: the real address is told, the desk asks for its token, customers need none")
    func exposedServerGuardsTheDesk() async throws {
        try await withDemoServer(DemoClient.serverConfig { $0.host = "0.0.0.0" }) { server, _ in
            #expect(server.isExposed)
            #expect(server.listeningURL.hasPrefix("http://0.0.0.0:"), "\(server.listeningURL)")
            let token = try #require(server.deskToken, "a token is made when none was given")
            #expect(token.count >= 32)
            let port = try #require(server.baseURL.port)
            let network = "http://127.0.0.2:\(port)"

            let anonymous = try await Self.call(network, "/agent/sign-in", body: ["name": "Mallory"])
            #expect(anonymous.status == 401 && anonymous.body.contains("desk token"), "\(anonymous)")
            let wrong = try await Self.call(network, "/agent/queue", method: "GET", headers: ["X-Desk-Token": token + "x"])
            #expect(wrong.status == 401, "\(wrong)")
            for path in ["/agent/accept", "/agent/release", "/agent/sign-out"] {
                #expect(try await Self.call(network, path, body: ["contactId": "x"]).status == 401, "\(path)")
            }

            let customer = try await Self.call(network, "/Prod", body: ["ParticipantDetails": ["DisplayName": "Ana"]])
            #expect(customer.status == 200 && customer.body.contains("ParticipantToken"), "customers need no desk token: \(customer)")

            let signIn = try await Self.call(network, "/agent/sign-in", headers: ["X-Desk-Token": token], body: ["name": "Sam"])
            #expect(signIn.status == 200 && signIn.body.contains("agentToken"), "\(signIn)")
        }
    }

    @Test("a desk token given on loopback is asked for too; none given there, none asked")
    func loopbackDesk() async throws {
        try await withDemoServer { server, _ in
            #expect(!server.isExposed && server.deskToken == nil)
            let open = try await Self.call(server.baseURL.absoluteString, "/agent/sign-in", body: ["name": "Sam"])
            #expect(open.status == 200, "\(open)")
        }
        try await withDemoServer(DemoClient.serverConfig { $0.deskToken = "a-desk-token-of-my-own" }) { server, _ in
            let base = server.baseURL.absoluteString
            #expect(try await Self.call(base, "/agent/sign-in", body: ["name": "Sam"]).status == 401)
            let given = try await Self.call(base, "/agent/sign-in", headers: ["X-Desk-Token": "a-desk-token-of-my-own"], body: ["name": "Sam"])
            #expect(given.status == 200, "\(given)")
        }
    }

    @Test("loopback is 127.0.0.0/8, ::1 and localhost; wildcards and every other address are the network")
    func loopbackRule() {
        for host in ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"] {
            #expect(ListenAddress.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "[::]", "", "192.168.1.20", "10.0.0.1", "fe80::1", "example.com", "::ffff:10.0.0.1"] {
            #expect(!ListenAddress.isLoopback(host), "\(host)")
        }
    }
}
