import Foundation
import Testing

@testable import DemoServer
import HelplineTestSupport

/// Node's WebSocket and browsers reuse a pooled keep-alive connection for the upgrade; the real
/// services answer `101` there, so the emulator must too (it used to answer `307` + `Connection: close`).
@Suite struct KeepAliveUpgradeTests {
    @Test func connectSocketUpgradesOnTheConnectionThatServedREST() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request(
                "POST", "/Prod", port: port, body: #"{"ParticipantDetails":{"DisplayName":"Kim"}}"#))
            let started = try await connection.readResponse()
            #expect(started.status == 200)
            let result = (RawConnection.json(started)["data"] as? [String: Any])?["startChatResult"] as? [String: Any]
            let token = try #require(result?["ParticipantToken"] as? String)
            try await connection.send(RawConnection.request(
                "POST", "/participant/connection", port: port, headers: ["X-Amz-Bearer": token],
                body: #"{"Type":["WEBSOCKET","CONNECTION_CREDENTIALS"]}"#))
            let connected = try await connection.readResponse()
            #expect(connected.status == 200)
            let url = try #require(URL(string: (RawConnection.json(connected)["Websocket"] as? [String: Any])?["Url"] as? String ?? ""))

            try await connection.send(RawHTTP.upgradeRequest(url.path + "?" + (url.query ?? ""), port: port))
            let upgraded = try await connection.readResponse()
            #expect(upgraded.statusLine == "HTTP/1.1 101 Switching Protocols")
            #expect(upgraded.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            try await connection.sendText(#"{"topic":"aws/subscribe","content":{"topics":["aws/chat"]}}"#)
            let frame = try await connection.readFrame()
            #expect(frame.opcode == 0x1)
            #expect(String(decoding: frame.payload, as: UTF8.self).contains(#""status":"success""#))
        }
    }

    @Test func polyAISocketUpgradesOnTheConnectionThatServedREST() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/access-token", port: port, headers: ["X-Token": "key", "X-Host": "shop.example"],
                body: "{}"))
            let token = try #require(RawConnection.json(try await connection.readResponse())["access_token"] as? String)
            try await connection.send(RawConnection.request(
                "POST", "/api/v1/sessions", port: port, headers: ["Authorization": "Bearer \(token)"],
                body: #"{"streaming_enabled":false,"platform":"web"}"#))
            let session = try #require(RawConnection.json(try await connection.readResponse())["session_id"] as? String)

            try await connection.send(RawHTTP.upgradeRequest("/ws?access_token=\(token)&session_id=\(session)", port: port))
            let upgraded = try await connection.readResponse()
            #expect(upgraded.statusLine == "HTTP/1.1 101 Switching Protocols")
            let batch = try await connection.readFrame()
            #expect(String(decoding: batch.payload, as: UTF8.self).contains("EVENT_TYPE_SESSION_START"))
        }
    }

    @Test func aRefusedUpgradeAfterRESTIsA403AndOthersAreStillServed() async throws {
        try await withDemoServer { server, client in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send(RawConnection.request("POST", "/Prod", port: port, body: "{}"))
            #expect(try await connection.readResponse().status == 502)
            try await connection.send(RawHTTP.upgradeRequest("/connect/chat?X-Amz-Signature=nope", port: port))
            #expect(try await connection.readResponse().statusLine == "HTTP/1.1 403 Forbidden")
            #expect(await connection.readsEOF(), "a refused upgrade closes the connection")
            #expect(try await client.startChat().contactId.isEmpty == false)
        }
    }
}
