import Foundation
import Testing

@testable import Transport

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

    @Test("an IPv6 socket host: ::1 over wss is checked as localhost, ws needs no name, another address over wss is refused")
    func ipv6Names() throws {
        #expect(try SocketServerName.resolve(url: "wss://[::1]:8443/ws") == "localhost")
        #expect(try SocketServerName.resolve(url: "ws://[::1]:8080/ws") == nil)
        #expect(throws: SocketServerName.Problem.self) { try SocketServerName.resolve(url: "wss://[2001:db8::1]/ws") }
    }

    @Test("an IPv6 socket URL is read with its brackets kept in Host, its path and query whole")
    func directTarget() throws {
        let target = try DirectWebSocket.Target(url: "wss://[::1]:8443/ws?access_token=a%2Bb&session_id=s")
        #expect(target.host == "::1" && target.port == 8443 && target.secure)
        #expect(target.hostHeader == "[::1]:8443")
        #expect(target.path == "/ws?access_token=a%2Bb&session_id=s")
        let plain = try DirectWebSocket.Target(url: "ws://[fe80::1]")
        #expect(plain.port == 80 && plain.path == "/" && plain.hostHeader == "[fe80::1]")
        #expect(throws: DirectWebSocket.NotAnIPv6URL.self) { try DirectWebSocket.Target(url: "ws://localhost:8080/ws") }
    }
}
