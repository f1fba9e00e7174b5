import ChatModel
import Foundation
import Logging
import SessionCore

/// The live events port of a ``ChatSession``: publishes to observers and subscribers, writes the
/// transcript files and the log, and wakes those waiting for the end or for a download. Owned by
/// the session and used only on it.
final class SessionOutlet: DriverEvents {
    private let hub: EventHub
    private let observers: [any SessionObserver]
    private let transcripts: [any TranscriptSink]
    private let logger: Logger
    /// While a socket frame is being handled: when it arrived (for ``SessionObserver``s).
    var frameArrival: ContinuousClock.Instant?
    private var finishedWaiters: [CheckedContinuation<Void, Never>] = []
    private var downloadWaiters: [String: [CheckedContinuation<String?, Never>]] = [:]
    private var isFinished = false

    /// An outlet to `hub` and the configuration's observers, transcript files and logger.
    init(hub: EventHub, configuration: SessionConfiguration) {
        self.hub = hub
        self.observers = configuration.observers
        self.transcripts = configuration.transcripts
        self.logger = configuration.logger
    }

    func publish(_ event: ChatEvent) {
        for observer in observers { observer.observe(event, frameArrival: frameArrival) }
        hub.publish(event)
        if case .transfer(let transfer) = event, transfer.direction == .download { downloadMoved(transfer) }
    }

    func record(_ record: TranscriptRecord) {
        for sink in transcripts { sink.write(record) }
    }

    func log(_ level: LogLevel, _ text: String) {
        switch level {
        case .debug: logger.debug("\(text)")
        case .info: logger.info("\(text)")
        case .warning: logger.warning("\(text)")
        case .error: logger.error("\(text)")
        }
    }

    /// Ends every stream and wakes everyone waiting; transcript files are written out first.
    func finished() {
        guard !isFinished else { return }
        isFinished = true
        for sink in transcripts { sink.drain() }
        for observer in observers { observer.sessionFinished() }
        hub.finish()
        releaseFinishedWaiters()
        for (_, waiters) in downloadWaiters { for waiter in waiters { waiter.resume(returning: nil) } }
        downloadWaiters = [:]
    }

    /// Waits with `waiter` until the session is over or its state terminal.
    func waitForEnd(_ waiter: CheckedContinuation<Void, Never>) {
        finishedWaiters.append(waiter)
    }

    /// Waits with `waiter` for the path the download of `attachmentId` is saved at (nil if it fails).
    func waitForDownload(_ attachmentId: String, _ waiter: CheckedContinuation<String?, Never>) {
        guard !isFinished else { return waiter.resume(returning: nil) }
        downloadWaiters[attachmentId, default: []].append(waiter)
    }

    /// Wakes those waiting for the end (the state is terminal, or the session over).
    func releaseFinishedWaiters() {
        for waiter in finishedWaiters { waiter.resume() }
        finishedWaiters = []
    }

    /// A download moved on: those waiting for it learn where it went once it is done.
    private func downloadMoved(_ transfer: FileTransfer) {
        let path: String?
        switch transfer.phase {
        case .running: return
        case .finished(let written): path = written
        case .failed: path = nil
        }
        for waiter in downloadWaiters.removeValue(forKey: transfer.id) ?? [] { waiter.resume(returning: path) }
    }
}
