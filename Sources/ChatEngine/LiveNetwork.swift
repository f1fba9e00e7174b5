import Foundation
import Logging
import SessionCore
import Transport

/// The live network port of a ``ChatSession``: each call in a task on the transport, each socket on
/// ``WebSocketConnection``; what they answer goes back to the session, which hands it to its driver.
/// Owned by the session and used only on it.
final class LiveNetwork: DriverNetwork {
    /// The session answers go back to (set once it exists; the tasks hold it while they run).
    weak var session: ChatSession?
    private let transport: HTTPTransport
    private let logger: Logger
    private var calls: [RequestID: Task<Void, Never>] = [:]
    private var sockets: [SocketID: SocketLink] = [:]

    /// A network on `transport`.
    init(transport: HTTPTransport, logger: Logger) {
        self.transport = transport
        self.logger = logger
    }

    func call(_ id: RequestID, _ request: HTTPRequest) {
        guard let session else { return }
        let transport = transport
        calls[id] = Task {
            let result = await transport.execute(request)
            await session.answered(id, .http(id, result))
        }
    }

    func upload(_ id: RequestID, _ upload: FileUpload) {
        guard let session else { return }
        let transport = transport
        let steps = ProgressSteps(total: upload.size)
        calls[id] = Task {
            let result = await transport.execute(upload) { bytes in
                guard steps.due(bytes) else { return }
                Task { await session.progressed(id, bytes: bytes) }
            }
            await session.answered(id, .http(id, result))
        }
    }

    func download(_ id: RequestID, _ download: FileDownload) {
        guard let session else { return }
        calls[id] = Task {
            let result = await session.fetch(download, id: id)
            await session.answered(id, .downloaded(id, result))
        }
    }

    func cancelCall(_ id: RequestID) {
        calls.removeValue(forKey: id)?.cancel()
    }

    /// The call answered: its task is done.
    func ended(_ id: RequestID) {
        calls[id] = nil
    }

    func openSocket(_ id: SocketID, _ endpoint: SocketEndpoint) {
        guard let session else { return }
        let (outbound, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let link = SocketLink(outbound: continuation)
        sockets[id] = link
        let logger = logger
        let settings = transport.settings
        // The upgrade has the deadline a REST call has.
        let deadline = transport.timeout
        link.attach(Task {
            await WebSocketConnection.run(
                endpoint: endpoint, settings: settings, upgradeDeadline: deadline, outbound: outbound, logger: logger
            ) { event in
                await session.socket(id, event, arrived: .now)
            }
        })
    }

    func write(_ text: String, on id: SocketID) {
        sockets[id]?.write(text)
    }

    func closeSocket(_ id: SocketID) {
        sockets.removeValue(forKey: id)?.close()
    }
}
