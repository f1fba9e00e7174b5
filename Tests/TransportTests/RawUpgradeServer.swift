import Crypto
import Foundation
import Synchronization

/// A loopback listener for one WebSocket upgrade, written byte by byte so a test controls exactly
/// what the client reads: it keeps the request head, then refuses with 403, accepts with 101
/// and a text frame in the same write (as a server that greets at once can), or says nothing.
final class RawUpgradeServer: Sendable {
    /// What the server answers.
    enum Answer: Sendable {
        /// 403 Forbidden.
        case refuse
        /// 101 Switching Protocols and, in the same write, an unmasked text frame with this text.
        case acceptAndGreet(String)
        /// Nothing: the request is read and never answered (the connection stays open until the
        /// client closes it, or 60 s pass).
        case silence
    }

    let url: String
    private let listener: Int32
    private let received = Mutex<String?>(nil)

    struct Failure: Error {}

    /// The request head it read, once it has answered.
    var head: String? { received.withLock { $0 } }

    init(host: String, answer: Answer) throws {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var port: UInt16 = 0
        var bound = false
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            bound = Self.bind(fd, &address, &port) { $0.sin6_port }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            bound = Self.bind(fd, &address, &port) { $0.sin_port }
        }
        guard bound else {
            close(fd)
            throw Failure()
        }
        listener = fd
        url = v6 ? "ws://[\(host)]:\(port)/chat" : "ws://\(host):\(port)/chat"
        Thread { [self] in serveOne(answer) }.start()
    }

    /// Binds `fd` to `address` (port 0), listens, and reads back the port the kernel chose.
    private static func bind<Address>(
        _ fd: Int32, _ address: inout Address, _ port: inout UInt16, _ portOf: (Address) -> UInt16
    ) -> Bool {
        var length = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        port = UInt16(bigEndian: portOf(address))
        return bound
    }

    private func serveOne(_ answer: Answer) {
        defer { close(listener) }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let head = String(decoding: bytes, as: UTF8.self)
        received.withLock { $0 = head }
        switch answer {
        case .refuse:
            Self.write("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8, to: connection)
        case .acceptAndGreet(let text):
            let key = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
            let digest = Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
            let accept = Data(digest).base64EncodedString()
            var reply = Array(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
            let payload = Array(text.utf8)
            reply += [0x81, UInt8(payload.count)] + payload  // FIN + text, unmasked, under 126 bytes
            Self.write(reply, to: connection)
            // Stays until the client closes (or 10 s pass, so a client that never closes cannot hang the test).
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = read(connection, &buffer, buffer.count)
        case .silence:
            var timeout = timeval(tv_sec: 60, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = read(connection, &buffer, buffer.count)
        }
    }

    private static func write(_ bytes: some Sequence<UInt8>, to connection: Int32) {
        let data = Array(bytes)
        _ = data.withUnsafeBytes { Glibc.write(connection, $0.baseAddress, $0.count) }
    }
}
