import ChatModel
import Synchronization

/// Fans the engine's events out to any number of subscribers.
///
/// A subscriber that joins late first gets the current connection state, session facts
/// and every transcript item in its current form, so each subscriber sees each item
/// exactly once whenever it joined.
final class EventHub: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<ChatEvent>.Continuation] = [:]
        var nextId = 0
        var connection: ConnectionState = .idle
        var info: SessionInfo?
        var items: [ChatItem] = []
        var indexByKey: [String: Int] = [:]
        var finished = false

        /// Rebuilds the lookup after the item list changed other than at its end.
        mutating func reindex() {
            indexByKey = [:]
            for (index, item) in items.enumerated() { indexByKey[item.localId ?? item.id] = index }
        }
    }

    private let state = Mutex(State())

    /// Registers a new subscriber and returns its stream.
    func subscribe() -> AsyncStream<ChatEvent> {
        let (stream, continuation) = AsyncStream<ChatEvent>.makeStream(bufferingPolicy: .unbounded)
        state.withLock { state in
            continuation.yield(.connection(state.connection))
            if let info = state.info { continuation.yield(.sessionInfo(info)) }
            for item in state.items { continuation.yield(.item(item)) }
            if state.finished {
                continuation.finish()
                return
            }
            let id = state.nextId
            state.nextId += 1
            state.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
        }
        return stream
    }

    /// Publishes one event to every subscriber, keeping the replay state current.
    func publish(_ event: ChatEvent) {
        state.withLock { state in
            switch event {
            case .connection(let connection): state.connection = connection
            case .sessionInfo(let info): state.info = info
            case .item(let item):
                state.indexByKey[item.localId ?? item.id] = state.items.count
                state.items.append(item)
            case .itemUpdated(let item):
                if let index = state.indexByKey[item.localId ?? item.id] ?? state.indexByKey[item.id] {
                    state.items[index] = item
                }
            case .olderItems(let older, _):
                state.items.insert(contentsOf: older, at: 0)
                state.reindex()
            case .transcriptReset(let items, _):
                state.items = items
                state.reindex()
            default: break
            }
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every stream; later subscribers get the replay and an immediate end.
    func finish() {
        let continuations = state.withLock { state -> [AsyncStream<ChatEvent>.Continuation] in
            state.finished = true
            let all = Array(state.subscribers.values)
            state.subscribers = [:]
            return all
        }
        for continuation in continuations { continuation.finish() }
    }
}
