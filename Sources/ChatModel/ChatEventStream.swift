import Synchronization

/// One subscriber's events, in the order they were published, read with `for await`.
///
/// It does what `AsyncStream` with an unbounded buffer does, with one difference that matters for
/// long chats: the reader takes everything waiting as one batch, and the waiting list starts empty
/// again. A burst (ten thousand messages of a long history, or a busy bot) therefore leaves nothing
/// allocated once it has been read, where a stream's buffer keeps the room its longest backlog
/// needed for as long as the chat lasts.
///
/// One task reads a stream at a time. Reading ends with `nil` after ``Feed/finish()``, and when the
/// reading task is cancelled; the feed's termination handler runs once, when the feed finishes, the
/// reader is cancelled or the stream is dropped.
public struct ChatEventStream: AsyncSequence, Sendable {
    /// What the stream yields.
    public typealias Element = ChatEvent

    /// The publishing side: yields events to the stream and finishes it.
    public struct Feed: Sendable {
        fileprivate let mailbox: Mailbox

        /// Adds `event` after those already yielded (ignored once the stream has ended).
        public func yield(_ event: ChatEvent) { mailbox.put(event) }

        /// Ends the stream: the reader gets what is waiting, then `nil`.
        public func finish() { mailbox.end() }

        /// Runs once when the stream ends (finished, its reader cancelled, or the stream dropped).
        public func onTermination(_ handler: @escaping @Sendable () -> Void) { mailbox.setTermination(handler) }
    }

    /// A new stream and the feed that fills it.
    public static func makeStream() -> (stream: ChatEventStream, feed: Feed) {
        let mailbox = Mailbox()
        return (ChatEventStream(reader: Reader(mailbox)), Feed(mailbox: mailbox))
    }

    /// A stream holding `events`, already finished (for a reader that wants a fixed list).
    public init(finishedWith events: [ChatEvent]) {
        let (stream, feed) = Self.makeStream()
        for event in events { feed.yield(event) }
        feed.finish()
        self = stream
    }

    /// The stream's reading end; when the last copy of the stream and its iterator goes, the feed is told.
    private let reader: Reader

    private init(reader: Reader) { self.reader = reader }

    /// Makes the iterator (one per stream).
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: reader) }

    /// Reads the stream: a batch at a time from the mailbox, an event at a time to the caller.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let reader: Reader
        private var batch: [ChatEvent] = []
        private var next = 0

        fileprivate init(reader: Reader) { self.reader = reader }

        /// The next event; nil once the stream has ended or the reading task is cancelled.
        public mutating func next() async -> ChatEvent? {
            await next(isolation: nil)
        }

        /// The next event, read on the caller's actor (what `for await` calls): an event of the
        /// batch in hand is returned without suspending, and a reader on the terminal's actor
        /// waits there. A plain `next()` would run on the global executor — two hops per event,
        /// through the threads the engine is busy on, which let a burst pile up unread.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> ChatEvent? {
            if next == batch.count {
                batch = []
                next = 0
                guard let taken = await reader.mailbox.take(isolation: actor) else { return nil }
                batch = taken
            }
            defer { next += 1 }
            return batch[next]
        }
    }
}

/// Ends the stream when its last reader goes, as a stream dropped unread must not keep its feed busy.
private final class Reader: Sendable {
    let mailbox: Mailbox

    init(_ mailbox: Mailbox) { self.mailbox = mailbox }

    deinit { mailbox.cancel() }
}

/// The events waiting for the reader, the reader waiting for events, and whether the stream ended.
private final class Mailbox: Sendable {
    private struct State {
        var waiting: [ChatEvent] = []
        var reader: CheckedContinuation<[ChatEvent]?, Never>?
        /// True once finished: what waits is still read, nothing more is added.
        var finished = false
        /// True once the reader went (cancelled or dropped): nothing is read or added.
        var cancelled = false
        var termination: (@Sendable () -> Void)?

        /// Everything waiting, the list left empty; nil when nothing waits (as after a cancel,
        /// which drops what waited).
        mutating func takeWaiting() -> [ChatEvent]? {
            guard !waiting.isEmpty else { return nil }
            defer { waiting = [] }
            return waiting
        }
    }

    private let state = Mutex(State())

    func put(_ event: ChatEvent) {
        let reader = state.withLock { state -> CheckedContinuation<[ChatEvent]?, Never>? in
            guard !state.finished, !state.cancelled else { return nil }
            if let reader = state.reader {
                state.reader = nil
                return reader
            }
            state.waiting.append(event)
            return nil
        }
        reader?.resume(returning: [event])
    }

    func end() { close(cancelling: false) }

    func cancel() { close(cancelling: true) }

    /// Ends the stream once: a finish keeps what waits for the reader, a cancel drops it. The waiting
    /// reader gets nil and the termination handler runs, both outside the lock.
    private func close(cancelling: Bool) {
        typealias Wakeups = (reader: CheckedContinuation<[ChatEvent]?, Never>?, termination: (@Sendable () -> Void)?)
        let wakeups = state.withLock { state -> Wakeups in
            if cancelling {
                guard !state.cancelled else { return (nil, nil) }
                state.cancelled = true
                state.waiting = []
            } else {
                guard !state.finished, !state.cancelled else { return (nil, nil) }
                state.finished = true
            }
            defer {
                state.reader = nil
                state.termination = nil
            }
            return (state.reader, state.termination)
        }
        wakeups.reader?.resume(returning: nil)
        wakeups.termination?()
    }

    func setTermination(_ handler: @escaping @Sendable () -> Void) {
        let ended = state.withLock { state -> Bool in
            if state.finished || state.cancelled { return true }
            state.termination = handler
            return false
        }
        if ended { handler() }
    }

    /// Everything waiting (the list starts empty again), or nil once the stream has ended; waits,
    /// on `actor`, only when nothing is waiting.
    func take(isolation actor: isolated (any Actor)?) async -> [ChatEvent]? {
        if let ready = state.withLock({ $0.takeWaiting() }) {
            if Task.isCancelled {
                cancel()
                return nil
            }
            return ready
        }
        return await withTaskCancellationHandler(operation: {
            await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<[ChatEvent]?, Never>) in
                let answer = state.withLock { state -> [ChatEvent]?? in
                    if let batch = state.takeWaiting() { return .some(batch) }
                    if state.finished || state.cancelled { return .some(nil) }
                    precondition(state.reader == nil, "two tasks read one ChatEventStream")
                    state.reader = continuation
                    return .none
                }
                if case .some(let batch) = answer { continuation.resume(returning: batch) }
            }
        }, onCancel: {
            cancel()
        }, isolation: actor)
    }
}
