import Foundation
import Testing

@testable import DemoServer
import HelplineTestSupport

@Suite struct WebSocketTests {
    @Test func controlFramesAreAnsweredAndTrailingBytesIgnored() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            #expect(chat.socketURL.hasPrefix("ws://127.0.0.1:"))
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.send(#"{"topic": "aws/subscribe", "content": {"topics": ["aws/chat"]}})"#)
            let subscribed = await socket.inbox.first { $0.contains("aws/subscribe") }
            #expect(subscribed == #"{"topic":"aws/subscribe","content":{"status":"success","topics":["aws/chat"]}}"#)
            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            #expect(await socket.inbox.first { $0.contains("aws/heartbeat") } == #"{"topic":"aws/heartbeat"}"#)
            try await socket.send(#"{"topic":"aws/ping"}"#)
            let ping = await socket.inbox.first { $0.contains("aws/ping") }
            #expect(ping == #"{"topic":"aws/ping","statusCode":200,"statusContent":"OK"}"#)
            await socket.close()
        }
    }

    @Test func greetingOwnEchoAndBotReplyArrive() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat(name: "Maria")
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            let greeting = await socket.inbox.first { frame in
                TestSocket.chatItem(frame)?["Content"].map { "\($0)".contains("Helpline demo") } ?? false
            }
            let greetingItem = try #require(greeting.flatMap(TestSocket.chatItem))
            #expect(greetingItem["ParticipantRole"] as? String == "CUSTOM_BOT")
            #expect(greetingItem["InitialContactId"] as? String == chat.contactId)
            #expect(greetingItem["ContactId"] as? String == chat.contactId)
            #expect(greetingItem["Type"] as? String == "MESSAGE")

            let sent = try await client.send(chat, "what are your hours?")
            let id = try #require(sent.json["Id"] as? String)
            let echo = await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == id }
            let echoItem = try #require(echo.flatMap(TestSocket.chatItem))
            #expect(echoItem["ParticipantRole"] as? String == "CUSTOMER")
            #expect(echoItem["AbsoluteTime"] as? String == sent.json["AbsoluteTime"] as? String)
            let reply = await socket.inbox.first { frame in
                let item = TestSocket.chatItem(frame)
                return item?["ContentType"] as? String == "text/markdown"
                    && (item?["Content"] as? String)?.contains("| Day |") == true
            }
            #expect(reply != nil)
            let receipt = await socket.inbox.first { TestSocket.chatItem($0)?["Type"] as? String == "MESSAGEMETADATA" }
            let metadata = try #require(receipt.flatMap(TestSocket.chatItem)?["MessageMetadata"] as? [String: Any])
            #expect(metadata["MessageId"] as? String == id)
            let typing = await socket.inbox.first {
                TestSocket.chatItem($0)?["ContentType"] as? String == EventType.typing
            }
            #expect(typing != nil)
            let record = await server.transcript(contactId: chat.contactId)
            let stored = try #require(record.first { $0.id == id })
            #expect(stored.receipts.first?.readTimestamp != nil)
            await socket.close()
        }
    }

    @Test func ownTypingIsEchoed() async throws {
        try await withDemoServer { _, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            let typing = try await client.post(
                "/participant/event", ["ContentType": EventType.typing], bearer: chat.connectionToken)
            let id = try #require(typing.json["Id"] as? String)
            let echo = await socket.inbox.first { TestSocket.chatItem($0)?["Id"] as? String == id }
            #expect(echo.flatMap(TestSocket.chatItem)?["ParticipantId"] as? String == chat.participantId)
            await socket.close()
        }
    }

    @Test func expiredOrUnknownSocketURLsAreRefused() async throws {
        let config = DemoClient.serverConfig { $0.socketURLLifetime = .milliseconds(50) }
        try await withDemoServer(config) { _, client in
            let chat = try await client.startChat()
            try await Task.sleep(for: .milliseconds(120))
            await #expect(throws: (any Error).self) { _ = try await TestSocket.open(chat.socketURL) }
            let forged = chat.socketURL.replacingOccurrences(of: "X-Amz-Signature=", with: "X-Amz-Signature=00")
            await #expect(throws: (any Error).self) { _ = try await TestSocket.open(forged) }
            let port = try #require(client.server.baseURL.port)
            let target = try #require(URL(string: chat.socketURL))
            let pathAndQuery = target.path + "?" + (target.query ?? "")
            let line = await RawHTTP.statusLine(port: port, request: RawHTTP.upgradeRequest(pathAndQuery, port: port))
            #expect(line == "HTTP/1.1 403 Forbidden")
        }
    }

    @Test func endingAChatSendsLeftThenEndedAndCloses() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = await socket.inbox.first { $0.contains("Helpline demo") }
            await server.endChat(contactId: chat.contactId)
            #expect(await socket.inbox.waitClosed())
            let types = await socket.chatItems().compactMap { $0["ContentType"] as? String }
            #expect(types.suffix(2) == [EventType.participantLeft, EventType.chatEnded])
            #expect(try await client.send(chat, "anyone?").status == 403)
            let reconnect = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET"]], bearer: chat.participantToken)
            #expect(reconnect.status == 403)
        }
    }

    @Test func faultsDropHalfOpenAndRefuse() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            await server.setHalfOpen(true)
            try await socket.send(#"{"topic":"aws/heartbeat"}"#)
            try await Task.sleep(for: .milliseconds(100))
            #expect(await socket.inbox.frames.contains(#"{"topic":"aws/heartbeat"}"#) == false)
            await server.setHalfOpen(false)
            await server.setDeepHeartbeatFailure(true)
            try await socket.send(#"{"topic":"aws/ping"}"#)
            #expect(await socket.inbox.first { $0.contains(#""statusCode":500"#) } != nil)
            await server.dropAllSockets()
            #expect(await socket.inbox.waitClosed())
            await server.refuseUpgrades(true)
            let fresh = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET"]], bearer: chat.participantToken)
            let url = try #require((fresh.json["Websocket"] as? [String: Any])?["Url"] as? String)
            await #expect(throws: (any Error).self) { _ = try await TestSocket.open(url) }
            let port = try #require(server.baseURL.port)
            let target = try #require(URL(string: url))
            let refused = await RawHTTP.statusLine(
                port: port, request: RawHTTP.upgradeRequest(target.path + "?" + (target.query ?? ""), port: port))
            #expect(refused == "HTTP/1.1 403 Forbidden")
            await server.refuseUpgrades(false)
            let accepted = await RawHTTP.statusLine(
                port: port, request: RawHTTP.upgradeRequest(target.path + "?" + (target.query ?? ""), port: port))
            #expect(accepted == "HTTP/1.1 101 Switching Protocols")
            let reopened = try await TestSocket.open(url)
            await reopened.close()
        }
    }

    @Test func dropsAreGracefulOrAbrupt() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let graceful = try await TestSocket.open(chat.socketURL)
            try await graceful.subscribe()
            await server.dropAllSockets()
            let frame = try? await graceful.task.value
            #expect(frame?.closeCode == .goingAway)

            let again = try await client.post(
                "/participant/connection", ["Type": ["WEBSOCKET"]], bearer: chat.participantToken)
            let url = try #require((again.json["Websocket"] as? [String: Any])?["Url"] as? String)
            let abrupt = try await TestSocket.open(url)
            try await abrupt.subscribe()
            await server.dropAllSockets(abruptly: true)
            let none = try? await abrupt.task.value
            #expect(none == nil, "no close frame after an abrupt drop")
            #expect(await abrupt.inbox.waitClosed())
        }
    }

    @Test func streamedRepliesArriveAsNumberedChunksThenTheWholeMessage() async throws {
        try await withDemoServer { server, client in
            let chat = try await client.startChat()
            let socket = try await TestSocket.open(chat.socketURL)
            try await socket.subscribe()
            _ = try await client.send(chat, "show me streaming")
            let final = await socket.inbox.first { frame in
                let metadata = TestSocket.chatItem(frame)?["MessageMetadata"] as? [String: Any]
                return metadata?["MessageCompleted"] as? Bool == true
            }
            let whole = try #require(final.flatMap(TestSocket.chatItem))
            let id = try #require(whole["Id"] as? String)
            #expect(whole["ParticipantRole"] as? String == "SYSTEM")
            #expect(whole["DisplayName"] as? String == "BOT")
            let chunks = await socket.chatItems().filter {
                $0["Id"] as? String == id && ($0["MessageMetadata"] as? [String: Any])?["MessageCompleted"] as? Bool == false
            }
            let numbers = chunks.compactMap { ($0["MessageMetadata"] as? [String: Any])?["ChunkNumber"] as? Int }
            #expect(numbers.count > 3)
            #expect(numbers == Array(1...numbers.count))
            #expect(chunks.compactMap { $0["Content"] as? String }.joined() == whole["Content"] as? String)
            let stored = await server.transcript(contactId: chat.contactId).filter { $0.id == id }
            #expect(stored.count == 1)
            #expect(stored.first?.content == whole["Content"] as? String)
            await socket.close()
        }
    }
}

/// Server shutdown closes sockets with a close frame (1001), not by dropping the connection.
@Suite struct ShutdownTests {
    @Test func stoppingTheServerClosesSocketsGracefully() async throws {
        let server = try await DemoContactCenter.start(DemoClient.serverConfig())
        let chat = try await DemoClient(server: server).startChat()
        let socket = try await TestSocket.open(chat.socketURL)
        try await socket.subscribe()
        await server.stop()
        let close = try? await socket.task.value
        #expect(close?.closeCode == .goingAway)
    }
}
