import Foundation
import Testing

@testable import DemoServer

/// `helpline serve` answers an HTTP/1.0 request as HTTP/1.0 and closes the connection after it
/// (unless the client asked to keep it alive), as HTTP/1.0 clients expect.
@Suite struct HTTP10Tests {
    @Test("an HTTP/1.0 request gets an HTTP/1.0 answer and the connection closes after it")
    func plainHTTP10() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            try await connection.send("POST /participant/nope HTTP/1.0\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
            let reply = try await connection.readResponse()
            #expect(reply.statusLine.hasPrefix("HTTP/1.0 404"), "\(reply.statusLine)")
            #expect(await connection.readsEOF(), "the server closes an HTTP/1.0 connection after the answer")
        }
    }

    @Test("an HTTP/1.0 request asking for keep-alive is answered on the same connection, twice")
    func keepAliveHTTP10() async throws {
        try await withDemoServer { server, _ in
            let port = try #require(server.baseURL.port)
            let connection = try await RawConnection.open(port: port)
            let request = "POST /participant/nope HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}"
            for _ in 0..<2 {
                try await connection.send(request)
                let reply = try await connection.readResponse()
                #expect(reply.statusLine.hasPrefix("HTTP/1.0 404"), "\(reply.statusLine)")
                #expect(reply.header("Connection")?.lowercased() == "keep-alive")
            }
        }
    }
}
