import Foundation
import Testing

@testable import DemoServer
import HelplineTestSupport

/// Amazon Connect's JavaScript client opens only `wss://` and `ws://127.0.0.1:` socket URLs (spec §3.1):
/// the emulator hands out `ws://127.0.0.1:PORT` to a request that came to any loopback host.
@Suite struct LoopbackSocketURLTests {
    @Test("loopback hosts get 127.0.0.1 with their port; other hosts, TLS and a server 127.0.0.1 does not reach keep theirs")
    func authorities() {
        for host in ["localhost:8080", "LOCALHOST:8080", "[::1]:8080", "127.0.0.2:8080", "127.0.0.1:8080"] {
            #expect(SocketAuthority.authority(for: host, secure: false, reachesIPv4Loopback: true) == "127.0.0.1:8080", "\(host)")
        }
        #expect(SocketAuthority.authority(for: "localhost", secure: false, reachesIPv4Loopback: true) == "127.0.0.1")
        #expect(SocketAuthority.authority(for: "chat.example:8080", secure: false, reachesIPv4Loopback: true) == "chat.example:8080")
        #expect(SocketAuthority.authority(for: "192.168.1.5:8080", secure: false, reachesIPv4Loopback: true) == "192.168.1.5:8080")
        #expect(SocketAuthority.authority(for: "localhost:8443", secure: true, reachesIPv4Loopback: true) == "localhost:8443")
        #expect(SocketAuthority.authority(for: "[::1]:8080", secure: false, reachesIPv4Loopback: false) == "[::1]:8080")
        #expect(SocketAuthority.reachesIPv4Loopback("0.0.0.0") && SocketAuthority.reachesIPv4Loopback("127.0.0.1"))
        #expect(!SocketAuthority.reachesIPv4Loopback("::1"))
    }

    @Test("a request to Host localhost:PORT or [::1]:PORT is handed ws://127.0.0.1:PORT/…, and that socket works")
    func handedOutURLWorks() async throws {
        try await withDemoServer { server, client in
            let port = try #require(server.baseURL.port)
            let chat = try await client.startChat()
            for host in ["localhost:\(port)", "[::1]:\(port)"] {
                let body = #"{"Type":["WEBSOCKET","CONNECTION_CREDENTIALS"]}"#
                let request = "POST /participant/connection HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
                    + "X-Amz-Bearer: \(chat.participantToken)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                let response = try #require(await RawHTTP.response(port: port, request: request))
                let json = try #require(response.components(separatedBy: "\r\n\r\n").last)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let url = try #require((object["Websocket"] as? [String: Any])?["Url"] as? String, "\(response)")
                #expect(url.hasPrefix("ws://127.0.0.1:\(port)/"), "Host \(host) got \(url)")
                let socket = try await TestSocket.open(url)
                try await socket.subscribe()
                _ = try await client.send(chat, "hours")
                let reply = await socket.inbox.first { $0.contains("Day") }
                #expect(reply != nil, "the bot's reply came on the socket opened at \(url)")
                await socket.close()
            }
        }
    }
}
