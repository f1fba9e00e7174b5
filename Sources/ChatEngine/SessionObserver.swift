import ChatModel

/// Sees every event a session publishes, in order, as it is published (before any subscriber of
/// ``ChatSession/events`` does), and hears when the session is finished.
///
/// Observers run on the session's executor: they must be quick and must not call the session. They
/// suit recorders that have to be complete however the process ends (`--record`, `--golden`), and
/// `helpline script`'s measure of the client's own added latency (frame arrival → `expect` match).
public protocol SessionObserver: Sendable {
    /// Called with each published event, in publishing order; `frameArrival` is when the socket frame
    /// that caused it was read (before it waited for the session), `nil` for events no frame caused.
    func observe(_ event: ChatEvent, frameArrival: ContinuousClock.Instant?)
    /// Called once when the session is finished (its streams end), after the transcript files are drained.
    func sessionFinished()
}
