import ChatModel
import Synchronization

/// When each reply's completing frame arrived on the socket, so a matched `expect` can tell how
/// much of the wait was the client's own (frame arrival → match).
final class FrameArrivals: Sendable {
    private let arrivals = Mutex<[String: ContinuousClock.Instant]>([:])

    /// Notes an event a frame caused: the first time an agent/bot item is seen complete.
    func note(_ event: ChatEvent, arrivedAt instant: ContinuousClock.Instant) {
        guard case .transcript(let update) = event, let item = update.item, !item.isOwn, !item.isStreaming else { return }
        arrivals.withLock { arrivals in
            if arrivals[item.id] == nil { arrivals[item.id] = instant }
        }
    }

    /// When the frame that completed item `id` arrived, if it came over the socket.
    func arrival(of id: String) -> ContinuousClock.Instant? {
        arrivals.withLock { $0[id] }
    }
}
