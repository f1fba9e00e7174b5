import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 listener on one IPv4 loopback address (127.0.0.1, or 127.0.0.2 standing in for
/// another host), written on plain sockets so a test decides every byte of each answer and sees
/// every request head that arrived. Each connection gets one answer and is closed.
public final class LoopbackHTTPServer: Sendable {
    /// The address it listens on.
    public let host: String
    /// The port the kernel chose.
    public let port: Int
    private let listener: Int32
    private let heads = Mutex<[String]>([])
    private let answer: @Sendable (String) -> String

    /// The listener could not be opened.
    public struct Failure: Error {}

    /// `http://host:port`.
    public var origin: String { "http://\(host):\(port)" }

    /// Every request head read so far (request line and headers), in order.
    public var requests: [String] { heads.withLock { $0 } }

    /// Listens on `host` (an IPv4 loopback address) and answers each request head with the raw
    /// response `answer` makes of it.
    public init(host: String = "127.0.0.1", answer: @escaping @Sendable (String) -> String) throws {
        (listener, port) = try Self.listen(on: host)
        self.host = host
        self.answer = answer
        Thread { [self] in serve() }.start()
    }

    /// A listening TCP socket on `host` (an IPv4 address) at a port the kernel chose: the
    /// descriptor and the port.
    public static func listen(on host: String) throws -> (fd: Int32, port: Int) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw Failure() }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && Glibc.listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw Failure()
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A raw response with `status`, `headers` and a JSON `body`, closing the connection.
    public static func response(_ status: String, headers: [String] = [], body: String = "{}") -> String {
        let lines = ["HTTP/1.1 \(status)", "Content-Type: application/json", "Content-Length: \(body.utf8.count)", "Connection: close"]
            + headers
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    /// Stops accepting: the serving thread closes the listener once its `accept` fails. Closing it
    /// here would free its descriptor while that thread may still be answering, and a server made
    /// next could get the same number: the old thread would then accept the new server's requests
    /// and answer them its own way.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                // The listener was shut down.
                close(listener)
                return
            }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var bytes = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !bytes.contains(subsequence: Array("\r\n\r\n".utf8)) {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes.append(contentsOf: buffer[0..<count])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let head = text.components(separatedBy: "\r\n\r\n").first ?? text
            heads.withLock { $0.append(head) }
            let reply = Array(answer(head).utf8)
            _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            shutdown(connection, Int32(SHUT_WR))
            // Drain what the client still sends (a body), so closing does not reset the answer away;
            // the client closes on `Connection: close`, and a second is the most it waits.
            var drain = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &drain, socklen_t(MemoryLayout<timeval>.size))
            while read(connection, &buffer, buffer.count) > 0 {}
            close(connection)
        }
    }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs in the array.
    fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { start in self[start..<(start + needle.count)].elementsEqual(needle) }
    }
}
