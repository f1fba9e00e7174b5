import Foundation
import Testing

@testable import DemoServer
import HelplineTestSupport

/// Broken or hostile clients get a clear error, and the server keeps serving everybody else.
@Suite struct HostileClientTests {
    /// Proves the server still serves: a whole chat start works.
    private func stillServes(_ client: DemoClient) async throws {
        let chat = try await client.startChat()
        #expect(try await client.send(chat, "still there?").status == 200)
    }

    @Test func malformedJSONGetsAValidationErrorOrParseError() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let bad = try await client.request("/participant/message", body: "{\"ContentType\":", bearer: chat.connectionToken)
            #expect(bad.status == 400)
            #expect(bad.header("x-amzn-ErrorType") == "ValidationException")
            let port = try #require(client.server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/access-token", port: port, headers: ["X-Token": "k", "X-Host": "h"], body: "{}"))
            let token = try #require(RawConnection.json(try await connection.readResponse())["access_token"] as? String)
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/sessions", port: port, headers: ["Authorization": "Bearer \(token)"], body: "{nope"))
            let session = try await connection.readResponse()
            #expect(session.status == 400)
            #expect(RawConnection.json(session)["message"] as? String == "Error parsing request")
            try await stillServes(client)
        }
    }

    @Test func oversizedBodiesAre413AndTheConnectionCloses() async throws {
        try await withDemoServer { server, client in
            let port = try #require(server.baseURL.port)
            let declared = try await RawConnection.open(port: port)
            try await declared.send("POST /participant/message HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n{")
            let refused = try await declared.readResponse()
            #expect(refused.status == 413)
            #expect(refused.text.contains("too large"))
            #expect(await declared.readsEOF(), "the rest of the body is not read")

            let chunked = try await RawConnection.open(port: port)
            try await chunked.send("POST /participant/message HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "a", count: 1 << 16)
            var answered: RawConnection.Reply?
            for _ in 0..<40 where answered == nil {
                try? await chunked.send(String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n")
            }
            answered = try await chunked.readResponse()
            #expect(answered?.status == 413)
            try await stillServes(client)
        }
    }

    @Test func unknownRoutesSayNotFound() async throws {
        try await withDemoServer { _, client in
            let reply = try await client.request("/participant/nope", body: "{}")
            #expect(reply.status == 404)
            #expect(reply.text == "No route for POST /participant/nope\n")
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
            let port = try #require(client.server.baseURL.port)
            let upgrade = await RawHTTP.statusLine(port: port, request: RawHTTP.upgradeRequest("/nowhere", port: port))
            #expect(upgrade == "HTTP/1.1 404 Not Found")
            try await stillServes(client)
        }
    }

    /// A start-chat call on a connection of its own (no pooled connection the short idle limit could close).
    private func startsAChat(port: Int) async throws -> Bool {
        let connection = try await RawConnection.open(port: port)
        try await connection.send(RawConnection.request(
            "POST", "/Prod", port: port, body: #"{"ParticipantDetails":{"DisplayName":"Ok"}}"#))
        return try await connection.readResponse().status == 200
    }

    @Test func slowAndHalfSentRequestsTimeOutWhileOthersAreServed() async throws {
        // Short limits, but far longer than the moment between a test's connect and its first bytes,
        // even on a loaded machine (5 s ran out there: the server closed before the test's bytes went).
        let config = DemoClient.serverConfig {
            $0.connectionLimits = DemoConnectionLimits(idleTimeout: .seconds(15), requestTimeout: .seconds(15))
        }
        try await withDemoServer(config) { server, _ in
            let port = try #require(server.baseURL.port)
            let headOnly = try await RawConnection.open(port: port, timeout: 60)
            try await headOnly.send("POST /participant/message HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            let bodyShort = try await RawConnection.open(port: port, timeout: 60)
            try await bodyShort.send("POST /participant/message HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"a\":")
            let silent = try await RawConnection.open(port: port, timeout: 60)
            #expect(try await startsAChat(port: port))

            let headTimeout = try await headOnly.readResponse()
            #expect(headTimeout.status == 408)
            #expect(headTimeout.text.contains("not completed in time"))
            #expect(await headOnly.readsEOF())
            #expect(try await bodyShort.readResponse().status == 408)
            #expect(await bodyShort.readsEOF())
            #expect(await silent.readsEOF(), "an idle connection is closed without an answer")
            #expect(try await startsAChat(port: port))
        }
    }

    @Test func controlCharactersInHeadersGetA400NotAHang() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let name = "receipt\u{07}.png"
            let started = try await client.post(
                "/participant/start-attachment-upload",
                ["ContentType": "image/png", "AttachmentSizeInBytes": 4, "AttachmentName": name, "ClientToken": "c1"],
                bearer: chat.connectionToken)
            let metadata = try #require(started.json["UploadMetadata"] as? [String: Any])
            let url = try #require(URL(string: metadata["Url"] as? String ?? ""))
            let headers = try #require(metadata["HeadersToInclude"] as? [String: String])
            #expect(headers["Content-Disposition"]?.contains("\u{07}") == true)
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port, timeout: 5)
            var request = "PUT \(url.path)?\(url.query ?? "") HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            for (key, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(key): \(value)\r\n" }
            try await connection.send(request + "\r\nabcd")
            let reply = try await connection.readResponse()
            #expect(reply.status == 400, "answered at once, not after minutes")
            #expect(reply.text.contains("header"))
            #expect(await connection.readsEOF())
            try await stillServes(client)
        }
    }

    @Test func malformedRequestHeadsGetA400ThatSaysWhy() async throws {
        try await withDemoServer { server, client in
            let port = try #require(server.baseURL.port)
            let cases: [(String, String)] = [
                ("GARBAGE\r\n\r\n", "unknown method"),
                ("GET /x HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n", "too large"),
                ("POST /Prod HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "chunk size"),
            ]
            for (request, reason) in cases {
                let connection = try await RawConnection.open(port: port, timeout: 5)
                try await connection.send(request)
                let reply = try await connection.readResponse()
                #expect(reply.status == 400, "\(reason)")
                #expect(reply.text.contains(reason), "\(reply.text)")
                #expect(await connection.readsEOF(), "\(reason): the connection is closed after the 400")
            }
            try await stillServes(client)
        }
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            let body = #"{"ParticipantDetails":{"DisplayName":"Curl"}}"#
            try await connection.send("POST /Prod HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
            #expect(try await connection.readResponse().status == 100)
            try await connection.send(body)
            #expect(try await connection.readResponse().status == 200)
        }
    }

    @Test func badSocketFramesGetErrorsOrACloseCode() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.send("this is not json")
            let error = await socket.inbox.first { $0.contains(#""message":"Forbidden""#) }
            #expect(error?.contains("connectionId") == true)
            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            #expect(await socket.inbox.first { $0 == #"{"topic":"aws/heartbeat"}"# } != nil, "the socket stays usable")
            try await socket.send(String(repeating: "x", count: SocketEndpoint.maxMessageSize + 10))
            let close = try await socket.task.value
            #expect(close?.closeCode == .messageTooLarge)
            try await stillServes(client)
        }
    }
}
