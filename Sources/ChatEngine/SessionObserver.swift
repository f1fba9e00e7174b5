import ChatModel

/// Sees every event a session publishes, in order, as it is published (before any subscriber of
/// ``ChatSession/events`` does), and hears when the session is finished.
///
/// Observers run on the session's executor: they must be quick and must not call the session. They
/// suit recorders that have to be complete however the process ends (`--record`, `--golden`).
public protocol SessionObserver: Sendable {
    /// Called with each published event, in publishing order.
    func observe(_ event: ChatEvent)
    /// Called once when the session is finished (its streams end), after the transcript files are drained.
    func sessionFinished()
}
