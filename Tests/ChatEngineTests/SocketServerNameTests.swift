import Foundation
import Testing

@testable import ChatEngine

/// The TLS server name of a socket: its URL's host; `localhost` for a loopback address; an error
/// for any other address over `wss://`.
@Suite struct SocketServerNameTests {
    @Test func hostNamesAreThemselves() throws {
        #expect(try SocketServerName.resolve(url: "wss://socket.example.com/chat?x=1") == "socket.example.com")
        #expect(try SocketServerName.resolve(url: "wss://localhost:8443/ws") == "localhost")
    }

    @Test func plainSocketsSendNoName() throws {
        #expect(try SocketServerName.resolve(url: "ws://127.0.0.1:8080/ws") == nil)
        #expect(try SocketServerName.resolve(url: "ws://10.1.2.3/ws") == nil)
    }

    @Test("a loopback address is checked as localhost (SNI cannot carry an IP address)")
    func loopbackIsLocalhost() throws {
        #expect(try SocketServerName.resolve(url: "wss://127.0.0.1:8443/ws") == "localhost")
        #expect(try SocketServerName.resolve(url: "wss://127.9.8.7/ws") == "localhost")
    }

    @Test("another address over wss is one clear error naming it")
    func otherAddressesAreRefused() {
        do {
            _ = try SocketServerName.resolve(url: "wss://10.1.2.3:443/ws")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("10.1.2.3"))
            #expect(error.description.contains("host name"))
        }
    }

    @Test("an IPv6 address cannot be a socket host (the WebSocket library cannot parse it)")
    func ipv6IsExplained() {
        #expect(throws: SocketServerName.Problem.self) { try SocketServerName.resolve(url: "wss://[::1]:8443/ws") }
        #expect(throws: SocketServerName.Problem.self) { try SocketServerName.resolve(url: "ws://[::1]:8080/ws") }
    }
}
