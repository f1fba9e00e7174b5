import ChatModel
import Synchronization

/// Fans the session's events out to any number of subscribers.
///
/// It keeps no transcript of its own: it holds the session core's latest transcript value (a
/// cheap shared copy), so a subscriber that joins late first gets the connection state, the
/// session facts and that transcript as one reset, then everything after.
final class EventHub: Sendable {
    private struct State {
        var subscribers: [Int: ChatEventStream.Feed] = [:]
        var nextId = 0
        var connection: ConnectionState = .idle
        var info: SessionInfo?
        var transcript = TranscriptItems()
        var hasMore = false
        var finished = false
        /// A sign-in still waiting for the customer (a late subscriber is offered it too).
        var authentication: AuthenticationState?
    }

    private let state = Mutex(State())

    /// Registers a new subscriber and returns its stream (starting with the current state).
    func subscribe() -> ChatEventStream {
        let (stream, feed) = ChatEventStream.makeStream()
        state.withLock { state in
            feed.yield(.connection(state.connection))
            if let info = state.info { feed.yield(.sessionInfo(info)) }
            if !state.transcript.isEmpty {
                feed.yield(.transcript(TranscriptUpdate(items: state.transcript, change: .reset(hasMore: state.hasMore))))
            }
            if let authentication = state.authentication { feed.yield(.authentication(authentication)) }
            if state.finished {
                feed.finish()
                return
            }
            let id = state.nextId
            state.nextId += 1
            state.subscribers[id] = feed
            feed.onTermination { [weak self] in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Publishes one event to every subscriber, keeping what a late subscriber is told current.
    ///
    /// The streams are fed outside the lock: feeding a stream whose reader has just gone runs its
    /// termination handler, which takes this lock.
    func publish(_ event: ChatEvent) {
        let feeds = state.withLock { state -> [ChatEventStream.Feed] in
            switch event {
            case .connection(let connection): state.connection = connection
            case .sessionInfo(let info): state.info = info
            case .authentication(let authentication): state.authentication = authentication.isOpen ? authentication : nil
            case .transcript(let update):
                state.transcript = update.items
                switch update.change {
                case .merged(_, let hasMore), .reset(let hasMore): state.hasMore = hasMore
                default: break
                }
            default: break
            }
            return Array(state.subscribers.values)
        }
        for feed in feeds { feed.yield(event) }
    }

    /// Ends every stream; later subscribers get the current state and an immediate end.
    func finish() {
        let feeds = state.withLock { state -> [ChatEventStream.Feed] in
            state.finished = true
            let all = Array(state.subscribers.values)
            state.subscribers = [:]
            return all
        }
        for feed in feeds { feed.finish() }
    }
}
