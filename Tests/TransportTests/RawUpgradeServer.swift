import Crypto
import Foundation
import Synchronization

/// A loopback listener for one WebSocket upgrade, written byte by byte so a test controls exactly
/// what the client reads: it keeps the request head, then refuses with 403, accepts with 101
/// and a text frame in the same write (as a server that greets at once can), accepts and sends
/// frames of any size, or says nothing.
final class RawUpgradeServer: Sendable {
    /// A frame as the server sends it (unmasked).
    struct Frame: Sendable {
        /// 0x0 continuation, 0x1 text, 0x2 binary.
        var opcode: UInt8
        var fin = true
        var payload: [UInt8]

        /// A whole text message in one frame.
        static func text(_ text: String) -> Frame { Frame(opcode: 0x1, payload: Array(text.utf8)) }

        /// The frame's bytes on the wire: FIN and opcode, the length (7 bits, 16 or 64), the payload.
        var bytes: [UInt8] {
            var head: [UInt8] = [(fin ? 0x80 : 0) | opcode]
            let count = payload.count
            if count < 126 {
                head.append(UInt8(count))
            } else if count < 65_536 {
                head += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
            } else {
                head.append(127)
                head += (0..<8).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
            }
            return head + payload
        }
    }

    /// What the server answers.
    enum Answer: Sendable {
        /// 403 Forbidden.
        case refuse
        /// 101 Switching Protocols and, in the same write, an unmasked text frame with this text.
        case acceptAndGreet(String)
        /// 101 Switching Protocols, then these frames in order.
        case acceptAndSend([Frame])
        /// Nothing: the request is read and never answered (the connection stays open until the
        /// client closes it, or 60 s pass).
        case silence
    }

    let url: String
    private let listener: Int32
    private let received = Mutex<String?>(nil)

    struct Failure: Error {}

    /// The close code the client sent after the frames of `acceptAndSend`, if it sent one.
    var closeCodeReceived: Int? { clientClose.withLock { $0 } }
    private let clientClose = Mutex<Int?>(nil)

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
            upgrade(head, then: [.text(text)], on: connection)
        case .acceptAndSend(let frames):
            upgrade(head, then: frames, on: connection)
        case .silence:
            var timeout = timeval(tv_sec: 60, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = read(connection, &buffer, buffer.count)
        }
    }

    /// Answers the upgrade `head` asked for with 101 and `frames` (all in one write), then waits for
    /// the client to close and keeps the close code it sent.
    private func upgrade(_ head: String, then frames: [Frame], on connection: Int32) {
        let key = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let digest = Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        let accept = Data(digest).base64EncodedString()
        var reply = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(accept)\r\n\r\n".utf8)
        for frame in frames { reply += frame.bytes }
        Self.write(reply, to: connection)
        // Stays until the client closes (or 10 s pass, so a client that never closes cannot hang the test).
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            while let (opcode, payload) = Self.clientFrame(from: &bytes) {
                guard opcode == 0x8 else { continue }
                if payload.count >= 2 { clientClose.withLock { $0 = Int(payload[0]) << 8 | Int(payload[1]) } }
                return
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// Takes one whole client frame (masked) off the front of `bytes`: its opcode and unmasked
    /// payload; nil while it has not all arrived.
    private static func clientFrame(from bytes: inout [UInt8]) -> (UInt8, [UInt8])? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard bytes.count >= offset + 4 + length else { return nil }
        let mask = Array(bytes[offset..<offset + 4])
        let payload = bytes[(offset + 4)..<(offset + 4 + length)].enumerated().map { $0.element ^ mask[$0.offset % 4] }
        let opcode = bytes[0] & 0x0F
        bytes.removeFirst(offset + 4 + length)
        return (opcode, payload)
    }

    /// Writes all of `bytes` (a large write goes out in several calls as the client reads).
    private static func write(_ bytes: some Sequence<UInt8>, to connection: Int32) {
        let data = Array(bytes)
        var sent = 0
        while sent < data.count {
            let count = data.withUnsafeBytes { Glibc.write(connection, $0.baseAddress.map { $0 + sent }, data.count - sent) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
