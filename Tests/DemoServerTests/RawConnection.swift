import Dispatch
import Foundation
import HelplineTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One raw TCP connection to 127.0.0.1 for tests that must control the bytes: several HTTP requests on
/// one keep-alive connection, half-sent requests, WebSocket frames written by hand. Every blocking call
/// runs on a Dispatch thread (never on the two-thread concurrency pool the in-process server needs) and
/// is bounded by the socket's receive timeout.
final class RawConnection: @unchecked Sendable {
    /// A parsed HTTP response.
    struct Reply {
        var statusLine: String
        var headers: [(String, String)]
        var body: Data

        /// The status code (0 if the status line is malformed).
        var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
        /// A header value, case-insensitively.
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        /// The body as text.
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private let queue = DispatchQueue(label: "raw-connection")

    private init(fd: Int32) { self.fd = fd }

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds of silence.
    static func open(port: Int, timeout: Int = 10) async throws -> RawConnection {
        try await onThread {
            guard let fd = RawHTTP.connectedSocket(port: port, receiveTimeout: timeout) else { throw POSIXError(.ECONNREFUSED) }
            return RawConnection(fd: fd)
        }
    }

    deinit { close(fd) }

    /// Writes bytes.
    func send(_ bytes: [UInt8]) async throws {
        try await run {
            var offset = 0
            while offset < bytes.count {
                // MSG_NOSIGNAL: writing to a connection the server closed fails instead of raising SIGPIPE.
                let written = bytes[offset...].withUnsafeBytes {
                    #if canImport(Glibc)
                        Glibc.send(self.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    #else
                        Darwin.send(self.fd, $0.baseAddress, $0.count, 0)
                    #endif
                }
                guard written > 0 else { throw POSIXError(.EPIPE) }
                offset += written
            }
        }
    }

    /// Writes text.
    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Reads one HTTP response (Content-Length or chunked bodies; none for 101).
    func readResponse() async throws -> Reply {
        try await run {
            let head = try self.readUntil([13, 10, 13, 10])
            let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            guard let statusLine = lines.first else { throw POSIXError(.EBADMSG) }
            let headers = lines.dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            var reply = Reply(statusLine: statusLine, headers: headers, body: Data())
            if (100..<200).contains(reply.status) || reply.status == 204 { return reply }
            if let length = reply.header("Content-Length").flatMap(Int.init) {
                reply.body = Data(try self.readExactly(length))
            } else if reply.header("Transfer-Encoding")?.lowercased() == "chunked" {
                while true {
                    let sizeLine = String(decoding: try self.readUntil([13, 10]), as: UTF8.self)
                    let size = Int(sizeLine.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) ?? 0
                    if size == 0 {
                        _ = try self.readUntil([13, 10])
                        break
                    }
                    reply.body.append(contentsOf: try self.readExactly(size))
                    _ = try self.readExactly(2)
                }
            }
            return reply
        }
    }

    /// True when the server closes the connection (EOF or reset) before the read timeout.
    func readsEOF() async -> Bool {
        (try? await run { () -> Bool in
            while true {
                if try self.fill() == 0 { return true }
                self.buffer.removeAll()
            }
        }) ?? false
    }

    /// Sends a masked text frame (as a client must).
    func sendText(_ text: String) async throws {
        try await send(Self.clientFrame(opcode: 0x1, payload: Array(text.utf8)))
    }

    /// Reads one server frame: (opcode, payload).
    func readFrame() async throws -> (opcode: UInt8, payload: [UInt8]) {
        try await run {
            let first = try self.readExactly(2)
            var length = Int(first[1] & 0x7F)
            if length == 126 {
                length = try self.readExactly(2).reduce(0) { $0 << 8 | Int($1) }
            } else if length == 127 {
                length = try self.readExactly(8).reduce(0) { $0 << 8 | Int($1) }
            }
            return (first[0] & 0x0F, try self.readExactly(length))
        }
    }

    /// A client frame with a fixed masking key.
    static func clientFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    // MARK: Blocking helpers (on the connection's queue only)

    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(fd, &chunk, chunk.count)
        // A reset (the server closed with bytes of ours unread) ends the stream like a FIN does.
        if count < 0, errno == ECONNRESET { return 0 }
        guard count >= 0 else { throw POSIXError(.ETIMEDOUT) }
        buffer += chunk[0..<count]
        return count
    }

    private func readUntil(_ marker: [UInt8]) throws -> [UInt8] {
        while true {
            if let range = buffer.firstRange(of: marker) {
                let head = Array(buffer[..<range.lowerBound])
                buffer.removeSubrange(..<range.upperBound)
                return head
            }
            guard try fill() > 0 else { throw POSIXError(.ECONNRESET) }
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() > 0 else { throw POSIXError(.ECONNRESET) }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

extension RawConnection {
    /// A minimal HTTP/1.1 request with `Host`, optional extra headers and a body.
    static func request(_ method: String, _ target: String, port: Int, headers: [String: String] = [:],
                        body: String? = nil) -> String
    {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        return text + "\r\n" + (body ?? "")
    }

    /// The JSON object of a reply body.
    static func json(_ reply: Reply) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]) ?? [:]
    }
}
