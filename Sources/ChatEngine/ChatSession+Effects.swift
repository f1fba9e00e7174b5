import ChatModel
import Foundation
import SessionCore
import Transport
import Synchronization

/// Carrying out what the core asks: calls, sockets, timers, events, records, saves.
extension ChatSession {
    func carry(_ effect: SessionEffect) {
        switch effect {
        case .http(let id, let request):
            let transport = configuration.transport
            calls[id] = Task {
                let result = await transport.execute(request)
                await self.answered(id, .http(id, result))
            }
        case .upload(let id, let upload):
            let transport = configuration.transport
            let steps = ProgressSteps(total: upload.size)
            calls[id] = Task {
                let result = await transport.execute(upload) { bytes in
                    guard steps.due(bytes) else { return }
                    Task { await self.progressed(id, bytes: bytes) }
                }
                await self.answered(id, .http(id, result))
            }
        case .download(let id, let download):
            calls[id] = Task {
                let result = await self.fetch(download, id: id)
                await self.answered(id, .downloaded(id, result))
            }
        case .openSocket(let id, let endpoint):
            open(id, endpoint)
        case .write(let id, let text):
            sockets[id]?.write(text)
        case .closeSocket(let id):
            sockets.removeValue(forKey: id)?.close()
        case .startTimer(let key, let at):
            startTimer(key, at: at)
        case .cancelTimer(let key):
            timers.removeValue(forKey: key)?.task.cancel()
        case .publish(let event):
            for observer in configuration.observers { observer.observe(event, frameArrival: frameArrival) }
            hub.publish(event)
            if case .connection = event { releaseWaitersIfTerminal() }
            if case .transfer(let transfer) = event, transfer.direction == .download { downloadMoved(transfer) }
        case .persist(let snapshot):
            configuration.onPersist?(snapshot)
        case .forget:
            configuration.onForget?()
        case .record(let record):
            for sink in configuration.transcripts { sink.write(record) }
        case .log(let level, let text):
            switch level {
            case .debug: logger.debug("\(text)")
            case .info: logger.info("\(text)")
            case .warning: logger.warning("\(text)")
            case .error: logger.error("\(text)")
            }
        case .finished:
            finish()
        }
    }

    /// A call ended: forget its task, hand its answer to the core.
    private func answered(_ id: RequestID, _ input: SessionInput) {
        guard calls.removeValue(forKey: id) != nil else { return }
        progressSeen[id] = nil
        feed(input)
    }

    /// A transfer's progress, unless a later report came first or the transfer is over: each report
    /// arrives in a task of its own, and a late one would move the bar back (46 % after 100 %).
    func progressed(_ id: RequestID, bytes: Int64) {
        guard calls[id] != nil, bytes > (progressSeen[id] ?? -1) else { return }
        progressSeen[id] = bytes
        feed(.progress(id, bytes: bytes))
    }

    private func open(_ id: SocketID, _ endpoint: SocketEndpoint) {
        let (outbound, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let link = SocketLink(outbound: continuation)
        sockets[id] = link
        let logger = logger
        let settings = configuration.transport.settings
        // The upgrade has the deadline a REST call has.
        let deadline = configuration.transport.timeout
        link.attach(Task {
            await WebSocketConnection.run(
                endpoint: endpoint, settings: settings, upgradeDeadline: deadline, outbound: outbound, logger: logger
            ) { event in
                await self.socket(id, event, arrived: .now)
            }
        })
    }

    private func socket(_ id: SocketID, _ event: SocketEvent, arrived: ContinuousClock.Instant) {
        guard sockets[id] != nil else { return }
        switch event {
        case .opened: feed(.socketOpened(id))
        case .frame(let text):
            frameArrival = arrived
            feed(.socketFrame(id, text))
            frameArrival = nil
        case .skippedOversized(let bytes):
            feed(.socketSkippedOversized(id, bytes: bytes))
        case .closed(let close):
            sockets.removeValue(forKey: id)?.close()
            feed(.socketClosed(id, close))
        }
    }

    private func startTimer(_ key: TimerKey, at deadline: Date) {
        timers.removeValue(forKey: key)?.task.cancel()
        nextTimerToken += 1
        let token = nextTimerToken
        let wait = max(0, deadline.timeIntervalSince(configuration.now()))
        let sleep = configuration.sleep
        let task = Task {
            guard (try? await sleep(.milliseconds(Int64((wait * 1000).rounded(.up))))) != nil else { return }
            await self.timerFired(key, token: token)
        }
        timers[key] = (token, task)
    }

    private func timerFired(_ key: TimerKey, token: Int) {
        guard timers[key]?.token == token else { return }
        timers[key] = nil
        feed(.timer(key))
    }
}

/// Lets progress through in 5 % steps, and not at all for small files.
final class ProgressSteps: Sendable {
    /// Files smaller than this get no progress reports.
    static let threshold: Int64 = 256 * 1024
    private let total: Int64
    private let last = Mutex(-1)

    init(total: Int64) {
        self.total = total
    }

    /// True when `bytes` moved the transfer into a new step.
    func due(_ bytes: Int64) -> Bool {
        guard total >= Self.threshold else { return false }
        let step = Int(min(100, bytes * 100 / total)) / 5
        return last.withLock { last in
            guard step > last else { return false }
            last = step
            return true
        }
    }
}
