import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import SessionCore

/// A WebSocket client written on SwiftNIO for socket URLs whose host is an IPv6 address
/// (`ws://[::1]:8080/ws`), which the WebSocket library used for every other socket cannot read (it
/// cuts the host at its first colon). Text messages in and out (fragments joined by
/// ``InboundMessages``, which skips one over the limit), pings answered, the server's close code
/// reported. It connects directly: no proxy.
enum DirectWebSocket {
    /// The server answered the upgrade with something other than 101.
    struct UpgradeRefused: Error {}

    /// The URL is not `ws://[address]:port/path` or `wss://…`: the socket is not one for this client.
    struct NotAnIPv6URL: Error {}

    /// Where to connect and what to ask for.
    struct Target: Equatable {
        /// The address without brackets.
        var host: String
        var port: Int
        /// Path and query of the upgrade request.
        var path: String
        /// The `Host` header: `[address]:port`.
        var hostHeader: String
        var secure: Bool

        /// Reads `ws://[address][:port]/path?query` (or `wss://`).
        init(url: String) throws(NotAnIPv6URL) {
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
                scheme == "ws" || scheme == "wss", let raw = components.host, raw.hasPrefix("[")
            else { throw NotAnIPv6URL() }
            host = String(raw.dropFirst().dropLast())
            secure = scheme == "wss"
            port = components.port ?? (secure ? 443 : 80)
            let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
            path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
            hostHeader = components.port.map { "\(raw):\($0)" } ?? raw
        }
    }

    /// The pipeline's outcome once the upgrade request is answered.
    private enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case notUpgraded
    }

    /// Connects, upgrades and runs the socket until it ends: `opened` once the handshake completes,
    /// `message` for each message, frames from `outbound` written in order. A frame over
    /// ``SocketLimits/largestFrame`` closes the socket (1009). Returns the server's close code (nil
    /// when it closed without one); throws `CancellationError` when `outbound` ended (we closed it).
    static func run(
        _ target: Target, headers: [(String, String)], tls: TLSConfiguration?, serverName: String?, limit: Int,
        outbound messages: AsyncStream<String>, opened: @escaping @Sendable () async -> Void,
        message: @escaping @Sendable (InboundMessages.Message) async -> Void
    ) async throws -> Int? {
        let context = try target.secure ? NIOSSLContext(configuration: tls ?? .makeClientConfiguration()) : nil
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(30))
            .connect(host: target.host, port: target.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    }
                    var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: upgradeConfiguration(target, headers: headers))
                    // A frame the server sends right behind its 101 can arrive in the same read (a
                    // PolyAI server greets at once): it goes on to the WebSocket handlers, not dropped.
                    pipeline.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                }
            }
        guard case .websocket(let channel) = try await upgrade.get() else { throw UpgradeRefused() }
        return try await channel.executeThenClose { inbound, outbound in
            await opened()
            return try await withThrowingTaskGroup(of: Int?.self) { group in
                group.addTask {
                    var joined = InboundMessages(limit: limit)
                    for try await frame in inbound {
                        switch frame.opcode {
                        case .text, .binary, .continuation:
                            let opcode: InboundMessages.Opcode =
                                frame.opcode == .text ? .text : frame.opcode == .binary ? .binary : .continuation
                            if let complete = try joined.take(opcode, fin: frame.fin, data: frame.unmaskedData) {
                                await message(complete)
                            }
                        case .ping:
                            try await outbound.write(Self.frame(.pong, frame.unmaskedData))
                        case .connectionClose:
                            var data = frame.unmaskedData
                            let code = data.readInteger(as: UInt16.self)
                            try? await outbound.write(Self.frame(.connectionClose, Self.closeBody(code ?? 1000)))
                            return code.map(Int.init)
                        default:
                            continue
                        }
                    }
                    return nil
                }
                group.addTask {
                    for await message in messages {
                        try await outbound.write(Self.frame(.text, ByteBuffer(string: message)))
                    }
                    try? await outbound.write(Self.frame(.connectionClose, Self.closeBody(1000)))
                    throw CancellationError()
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        }
    }

    /// The upgrade request (GET with `Host`, the caller's headers and the WebSocket key) and what
    /// to do with its answer.
    private static func upgradeConfiguration(
        _ target: Target, headers: [(String, String)]
    ) -> NIOTypedHTTPClientUpgradeConfiguration<Upgrade> {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target.path)
        head.headers.add(name: "Host", value: target.hostHeader)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: SocketLimits.largestFrame) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                Upgrade.websocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
            }
        }
        return NIOTypedHTTPClientUpgradeConfiguration(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .notUpgraded } })
    }

    /// A client frame (masked, as RFC 6455 requires of clients).
    private static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }

    /// A close frame's body: the code, big-endian.
    private static func closeBody(_ code: UInt16) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(code)
        return buffer
    }
}
