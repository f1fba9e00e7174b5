import Foundation
import HTTPTypes
import Logging
import NIOCore
import SessionCore
import Synchronization
import WSClient

/// One open (or opening) socket: frames to write go through `outbound`, written in order by the
/// socket's own task; closing finishes the stream and cancels the task.
public final class SocketLink: Sendable {
    private let outbound: AsyncStream<String>.Continuation
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A link whose frames go to `outbound`.
    public init(outbound: AsyncStream<String>.Continuation) {
        self.outbound = outbound
    }

    /// Queues a frame (after every frame queued before).
    public func write(_ text: String) { outbound.yield(text) }

    /// Hands over the task that runs the socket.
    public func attach(_ running: Task<Void, Never>) { task.withLock { $0 = running } }

    /// Stops the socket; nothing more is reported from it.
    public func close() {
        outbound.finish()
        task.withLock { $0?.cancel() }
    }
}

/// Runs one WebSocket connection for the session: reports it opened, every text frame, and how it
/// ended; writes the frames queued on its link.
public enum WebSocketConnection {
    /// Why a socket ended without an error of its own.
    private enum Ended: Error { case byUs }

    /// Opens `endpoint` with `settings` (headers, trace, TLS, proxy) and runs it until it ends;
    /// `report` gets what happened, in order. A server that has not answered the upgrade within
    /// `upgradeDeadline` is given up on: the socket is reported unreachable (see ``UpgradeDeadline``).
    public static func run(
        endpoint: SocketEndpoint, settings: TransportSettings, upgradeDeadline: Duration = .seconds(15),
        outbound: AsyncStream<String>, logger: Logger, report: @escaping @Sendable (SocketEvent) async -> Void
    ) async {
        await UpgradeDeadline.run(deadline: upgradeDeadline, url: endpoint.url, trace: settings.trace, report: report) { gate in
            await runSocket(endpoint: endpoint, settings: settings, outbound: outbound, logger: logger, report: gate.forward)
        }
    }

    /// Runs one socket with no deadline of its own.
    private static func runSocket(
        endpoint: SocketEndpoint, settings: TransportSettings, outbound: AsyncStream<String>, logger: Logger,
        report: @escaping @Sendable (SocketEvent) async -> Void
    ) async {
        let trace = settings.trace
        var headers = HTTPFields()
        for (name, value) in settings.extraHeaders + endpoint.headers.map({ ($0.key, $0.value) }) {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        trace?.socket("open", url: endpoint.url)
        let proxy = settings.proxy.proxy(for: endpoint.url)
        let serverName: String?
        do {
            serverName = try SocketServerName.resolve(url: endpoint.url)
        } catch {
            trace?.socket("close", detail: error.description)
            await report(.closed(.unreachable(TransportFailure(.unreachable, "socket: \(error.description)"))))
            return
        }
        if let target = try? DirectWebSocket.Target(url: endpoint.url) {
            let fields = settings.extraHeaders + endpoint.headers.map { ($0.key, $0.value) }
            await runDirect(
                target, url: endpoint.url, headers: fields, serverName: serverName, proxy: proxy, settings: settings,
                limit: endpoint.largestMessage, outbound: outbound, report: report)
            return
        }
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: SocketLimits.largestFrame, additionalHeaders: headers, closeTimeout: .seconds(2), sniHostname: serverName)
        let opened = Mutex(false)
        let handler: WebSocketDataHandler<WebSocketClient.Context> = { inbound, writer, _ in
            opened.withLock { $0 = true }
            await report(.opened)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var messages = InboundMessages(limit: endpoint.largestMessage)
                    for try await frame in inbound {
                        let opcode: InboundMessages.Opcode = switch frame.opcode {
                        case .text: .text
                        case .binary: .binary
                        case .continuation: .continuation
                        }
                        if let message = try messages.take(opcode, fin: frame.fin, data: frame.data) {
                            await Self.deliver(message, trace: trace, report: report)
                        }
                    }
                }
                group.addTask {
                    for await text in outbound {
                        trace?.socket("out", frame: text)
                        try await writer.write(.text(text))
                    }
                    throw Ended.byUs
                }
                try await group.next()
                group.cancelAll()
            }
        }
        do {
            let tls = settings.tls.configuration()
            let close = if let proxy {
                try await WebSocketClient.connect(
                    url: endpoint.url, configuration: configuration, tlsConfiguration: tls,
                    proxySettings: Self.proxySettings(proxy), logger: logger, handler: handler)
            } else {
                try await WebSocketClient.connect(
                    url: endpoint.url, configuration: configuration, tlsConfiguration: tls, logger: logger, handler: handler)
            }
            let code = close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
            trace?.socket("close", detail: close.map { "\($0.closeCode) \($0.reason ?? "")" } ?? "closed")
            await report(.closed(.afterOpen(code: code)))
        } catch {
            await reportFailure(
                error, url: endpoint.url, proxy: proxy, trace: trace, opened: opened.withLock { $0 }, report: report)
        }
    }

    /// Traces and reports a message either client read: a text frame, or the size of one skipped
    /// for being over ``SocketLimits/largestMessage`` (binary messages are not read).
    static func deliver(
        _ message: InboundMessages.Message, trace: TraceRecorder?, report: @escaping @Sendable (SocketEvent) async -> Void
    ) async {
        switch message {
        case .text(let text):
            trace?.socket("in", frame: text)
            await report(.frame(text))
        case .oversized(let bytes):
            trace?.socket("in", detail: "a message of \(bytes) bytes, over the limit: skipped")
            await report(.skippedOversized(bytes: bytes))
        case .binary:
            break
        }
    }

    /// Traces and reports how a socket run that threw ended, for either client: closed by us
    /// (nothing to report), an upgrade the server refused, or a network failure (a lost socket once
    /// it had opened, an unreachable one before).
    private static func reportFailure(
        _ error: any Error, url: String, proxy: ProxyServer?, trace: TraceRecorder?, opened: Bool,
        report: @escaping @Sendable (SocketEvent) async -> Void
    ) async {
        if error is CancellationError || (error as? Ended) == .byUs {
            trace?.socket("close", detail: "closed by us")
        } else if (error as? WebSocketClientError) == .webSocketUpgradeFailed || error is DirectWebSocket.UpgradeRefused {
            trace?.socket("close", detail: "upgrade refused")
            await report(.closed(.upgradeRefused))
        } else {
            let failure = await NetworkErrorText.explain(error, url: url, proxy: proxy)
            trace?.socket("close", detail: failure.detail)
            if Task.isCancelled { return }
            await report(.closed(opened ? .afterOpen(code: nil) : .unreachable(failure.rephrased { "socket: \($0)" })))
        }
    }
}

extension WebSocketConnection {
    /// Runs a socket to an IPv6 address with ``DirectWebSocket``, reporting as
    /// ``run(endpoint:settings:upgradeDeadline:outbound:logger:report:)`` does.
    private static func runDirect(
        _ target: DirectWebSocket.Target, url: String, headers: [(String, String)], serverName: String?, proxy: ProxyServer?,
        settings: TransportSettings, limit: Int, outbound: AsyncStream<String>,
        report: @escaping @Sendable (SocketEvent) async -> Void
    ) async {
        let trace = settings.trace
        if proxy != nil {
            let reason = "socket: a proxy is not used for the IPv6 address [\(target.host)]; add it to NO_PROXY"
            trace?.socket("close", detail: reason)
            await report(.closed(.unreachable(TransportFailure(.unreachable, reason))))
            return
        }
        let opened = Mutex(false)
        do {
            let code = try await DirectWebSocket.run(
                target, headers: headers, tls: settings.tls.configuration(), serverName: serverName, limit: limit,
                outbound: outbound,
                opened: {
                    opened.withLock { $0 = true }
                    await report(.opened)
                },
                message: { message in await Self.deliver(message, trace: trace, report: report) })
            trace?.socket("close", detail: code.map { "\($0)" } ?? "closed")
            await report(.closed(.afterOpen(code: code)))
        } catch {
            await reportFailure(error, url: url, proxy: nil, trace: trace, opened: opened.withLock { $0 }, report: report)
        }
    }

    /// The proxy settings for a socket through `proxy`: a CONNECT tunnel, with the credentials if any.
    static func proxySettings(_ proxy: ProxyServer) -> WebSocketProxySettings {
        var headers = HTTPFields()
        if let authorization = proxy.basicAuthorization { headers[.proxyAuthorization] = authorization }
        return WebSocketProxySettings(host: proxy.host, port: proxy.port, type: .http(connectHeaders: headers), timeout: .seconds(30))
    }
}

/// What a socket reports.
public enum SocketEvent: Sendable {
    /// The handshake completed.
    case opened
    /// A text message arrived.
    case frame(String)
    /// A text message over ``SocketLimits/largestMessage`` arrived and was skipped (the socket
    /// stays open); its size in bytes.
    case skippedOversized(bytes: Int)
    /// It ended (or could not be opened).
    case closed(SocketClose)
}
