import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny blocking HTTP/1.1 exchange over a raw TCP socket, to see exact status lines (e.g. upgrade refusals).
public enum RawHTTP {
    /// Sends `request` to 127.0.0.1:`port` and returns the first response line (or nil).
    ///
    /// The blocking socket calls run on a Dispatch thread, never on the Swift concurrency pool: blocking
    /// the pool (2 threads on a 2-core machine) would starve the in-process server that must answer.
    public static func statusLine(port: Int, request: String) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: blockingStatusLine(port: port, request: request))
            }
        }
    }

    /// Sends `request` (which should ask `Connection: close`) to 127.0.0.1:`port` and returns the whole
    /// response as text (or nil).
    public static func response(port: Int, request: String) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: blockingExchange(port: port, request: request, whole: true))
            }
        }
    }

    private static func blockingStatusLine(port: Int, request: String) -> String? {
        blockingExchange(port: port, request: request, whole: false)?.components(separatedBy: "\r\n").first
    }

    /// Sends `request` to 127.0.0.1:`port` and returns what came back (all of it until the server
    /// closes, when `whole`; else the first read), or nil; blocks the calling thread (give it one of
    /// its own: never a Swift concurrency thread).
    public static func blockingExchange(port: Int, request: String, whole: Bool) -> String? {
        guard let fd = connectedSocket(port: port, receiveTimeout: 5) else { return nil }
        defer { close(fd) }
        let bytes = Array(request.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count]
            if !whole { break }
        }
        guard !received.isEmpty else { return nil }
        return String(decoding: received, as: UTF8.self)
    }

    /// A TCP socket connected to 127.0.0.1:`port` whose reads give up after `receiveTimeout` seconds
    /// of silence (the caller closes it), or nil when it could not connect. Blocks.
    public static func connectedSocket(port: Int, receiveTimeout: Int) -> Int32? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// A WebSocket upgrade request for `pathAndQuery`.
    public static func upgradeRequest(_ pathAndQuery: String, port: Int) -> String {
        "GET \(pathAndQuery) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }
}
