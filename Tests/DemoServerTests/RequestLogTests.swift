import Foundation
import Logging
import Testing

@testable import DemoServer
import HelplineTestSupport

/// `helpline serve --log-level info` shows a widget developer what their client did: one line per
/// request with method, path, status, milliseconds and contact id — and never a token.
@Suite struct RequestLogTests {
    @Test func oneLinePerRequestWithContactAndNoSecrets() async throws {
        let store = LogStore()
        var logger = Logger(label: "test.requests") { _ in StoreLogHandler(store: store) }
        logger.logLevel = .info
        let config = DemoClient.serverConfig { $0.logger = logger }
        var secrets: [String] = []
        var contactId = ""
        try await withDemoServer(config) { server, client in
            let chat = try await client.startChat()
            contactId = chat.contactId
            let signature = try #require(URLComponents(string: chat.socketURL)?.queryItems?.first {
                $0.name == "X-Amz-Signature"
            }?.value)
            secrets = [chat.participantToken, chat.connectionToken, signature]
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "hello")
            _ = try await client.request("/participant/message", body: "{}", bearer: "not-a-token")
            _ = try await client.request("/nowhere", method: "GET", body: nil)
            // A request the parser rejects never reaches the routes; it is logged all the same.
            let bad = try await RawConnection.open(port: try #require(server.baseURL.port))
            try await bad.send("GARBAGE / HTTP/1.1\r\n\r\n")
            #expect(try await bad.readResponse().status == 400)
            // PolyAI: its access token travels in a header and in the socket URL's query.
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/access-token", port: port, headers: ["X-Token": "api-key-secret", "X-Host": "h"], body: "{}"))
            let token = try #require(RawConnection.json(try await connection.readResponse())["access_token"] as? String)
            secrets += [token, "api-key-secret"]
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/sessions", port: port, headers: ["Authorization": "Bearer \(token)"], body: "{}"))
            let session = try #require(RawConnection.json(try await connection.readResponse())["session_id"] as? String)
            try await connection.send(RawHTTP.upgradeRequest("/ws?access_token=\(token)&session_id=\(session)", port: port))
            #expect(try await connection.readResponse().status == 101)
            await socket.close()
        }
        let lines = store.all.filter { $0.0 == .info }.map(\.1)
        let pattern = #/^(GET|POST|PUT|OPTIONS) /[^ ?]* \d{3} \d+\.\dms( contact=[0-9a-f-]{36})?/#
        let requestLines = lines.filter { $0.firstMatch(of: pattern) != nil }
        #expect(requestLines.contains { $0.hasPrefix("POST /Prod 200 ") && $0.contains("contact=\(contactId)") })
        #expect(requestLines.contains { $0.hasPrefix("POST /participant/connection 200 ") && $0.contains("contact=\(contactId)") })
        #expect(requestLines.contains { $0.hasPrefix("GET /connect/chat 101 ") && $0.contains("contact=\(contactId)") })
        #expect(requestLines.contains { $0.hasPrefix("POST /participant/message 200 ") && $0.contains("contact=\(contactId)") })
        #expect(requestLines.contains { $0.hasPrefix("POST /participant/message 403 ") })
        #expect(requestLines.contains { $0.hasPrefix("GET /nowhere 404 ") })
        #expect(lines.contains { $0.hasPrefix("- - 400 ") }, "\(lines)")
        #expect(requestLines.contains { $0.hasPrefix("POST /api/v1/sessions 200 ") && $0.contains("contact=") })
        #expect(requestLines.contains { $0.hasPrefix("GET /ws 101 ") })
        #expect(!secrets.isEmpty)
        for record in store.all {
            for secret in secrets { #expect(!record.1.contains(secret), "a secret was logged: \(record.1)") }
        }
    }
}
