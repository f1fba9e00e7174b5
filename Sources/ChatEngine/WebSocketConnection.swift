import Foundation
import HTTPTypes
import Logging
import NIOCore
import WSClient

/// Writes text frames to an open swift-websocket connection.
struct WebSocketFrameWriter: SocketWriter {
    let outbound: WebSocketOutboundWriter
    let trace: TraceRecorder?

    func send(text: String) async throws {
        trace?.socket("out", frame: text)
        try await outbound.write(.text(text))
    }
}

/// Why a socket session ended without an error of its own.
enum SocketEnd: Error, Sendable {
    /// The server closed the socket (code and reason when given).
    case closedByServer(code: Int?, reason: String)
    /// No frame arrived within the heartbeat timeout.
    case silent
    /// The server never confirmed the subscription.
    case notSubscribed
    /// We closed it on purpose.
    case closedByUs
    /// We replaced it on purpose, as the protocol asked (a maximum socket age).
    case retired
    /// The server answered the upgrade request with something other than 101.
    case upgradeRefused
}

/// Opens one WebSocket connection and runs it until it closes.
enum WebSocketConnection {
    /// Connects, calls `opened` with a writer, feeds every text frame to `received`,
    /// and runs `heartbeat` beside it; returns or throws when the socket ends.
    static func run(
        endpoint: SocketEndpoint,
        logger: Logger,
        closeSignal: AsyncStream<Void>,
        opened: @escaping @Sendable (any SocketWriter) async throws -> Void,
        received: @escaping @Sendable (String) async -> Void,
        heartbeat: @escaping @Sendable (any SocketWriter) async throws -> Void
    ) async throws {
        let defaults = TransportDefaults.current
        let trace = defaults.trace
        var headers = HTTPFields()
        for (name, value) in defaults.extraHeaders + endpoint.headers.map({ ($0.key, $0.value) }) {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        trace?.socket("open", url: endpoint.url)
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 1 << 20, additionalHeaders: headers, closeTimeout: .seconds(2))
        let close: WebSocketCloseFrame?
        do {
            close = try await WebSocketClient.connect(
                url: endpoint.url, configuration: configuration, tlsConfiguration: defaults.tls.configuration(), logger: logger
            ) { inbound, outbound, _ in
                let writer = WebSocketFrameWriter(outbound: outbound, trace: trace)
                try await opened(writer)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            if case .text(let text) = message {
                                trace?.socket("in", frame: text)
                                await received(text)
                            }
                        }
                    }
                    group.addTask { try await heartbeat(writer) }
                    group.addTask {
                        for await _ in closeSignal {}
                        throw SocketEnd.closedByUs
                    }
                    try await group.next()
                    group.cancelAll()
                }
            }
        } catch let error as SocketEnd {
            throw error
        } catch let error as BackendError {
            throw error
        } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
            throw SocketEnd.upgradeRefused
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw BackendError.network("socket: \(HTTPTransport.describe(error))")
        }
        let reason = close.map { "\($0.closeCode) \($0.reason ?? "")" } ?? "closed"
        trace?.socket("close", detail: reason)
        throw SocketEnd.closedByServer(code: close.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }, reason: reason)
    }
}
