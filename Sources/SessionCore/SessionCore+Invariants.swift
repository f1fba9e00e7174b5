import Foundation

/// What the core holds to be impossible, said where it would happen (assertions as design): a debug
/// build stops at the first broken one; a release build logs it and keeps it for the simulator, which
/// stops the run at the step that broke it.
extension SessionCore {
    /// A state the core holds to be impossible was reached: stops (``CoreSettings/stopsOnBrokenInvariant``),
    /// or logs `message` and keeps it in ``brokenInvariants``.
    mutating func broken(_ message: String) {
        if settings.stopsOnBrokenInvariant { preconditionFailure("session core invariant: \(message)") }
        brokenInvariants.append(message)
        log(.error, "broken invariant: \(message)")
    }

    /// What holds between any two inputs of a running core: an open connection has a live socket (unless
    /// the chat ended while the missed messages were being read, and the page on its way ends it).
    mutating func checkInvariants() {
        if !isFinished, connection.state == .open, !socket.isLive, !ending.endsAfterBackfill {
            broken("the connection is open, the socket \(socket.stage)")
        }
    }
}
