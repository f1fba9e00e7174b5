import ChatEngine
import ChatModel
import Synchronization

/// When each reply's completing frame arrived on the socket, so a matched `expect` can tell how
/// much of the wait was the client's own (frame arrival → match). It observes the session, so an
/// arrival is noted before the event reaches any subscriber (the script's inbox).
final class FrameArrivals: SessionObserver {
    private let arrivals = Mutex<[String: ContinuousClock.Instant]>([:])

    /// Notes an event a frame caused: the first time an agent/bot item is seen complete.
    func observe(_ event: ChatEvent, frameArrival: ContinuousClock.Instant?) {
        guard let instant = frameArrival, case .transcript(let update) = event, let item = update.item, !item.isOwn,
            !item.isStreaming
        else { return }
        arrivals.withLock { arrivals in
            if arrivals[item.id] == nil { arrivals[item.id] = instant }
        }
    }

    /// Nothing to do at the end.
    func sessionFinished() {}

    /// When the frame that completed item `id` arrived, if it came over the socket.
    func arrival(of id: String) -> ContinuousClock.Instant? {
        arrivals.withLock { $0[id] }
    }
}
