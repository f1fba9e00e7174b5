import Foundation

/// Half-open faults. A half-open connection is one whose far end has gone: the sockets open when the
/// fault begins stop answering and delivering (they are never closed). `setHalfOpen` affects only
/// those sockets: a client that reconnects gets a working socket. A half-open network *path* (the
/// `half-open-after`/`half-open-for` schedule) also swallows new handshakes: upgrade requests wait,
/// unanswered, until the path heals, and then complete if the client is still there.
extension ContactCenterHub {
    /// Silences the sockets open now (true) or lets every socket speak again (false).
    func setHalfOpen(_ value: Bool) {
        silentSockets = value ? Set(sockets.keys) : []
    }

    /// Silences the sockets open now and holds new upgrades until the path heals (false).
    func setPathHalfOpen(_ value: Bool) {
        setHalfOpen(value)
        if value {
            pathDown = true
        } else {
            healPath()
        }
    }

    /// Lets waiting upgrades go on.
    func healPath() {
        pathDown = false
        let waiters = pathWaiters
        pathWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at once unless the path is half-open; then when it heals (or the server stops).
    func waitUntilPathHeals() async {
        guard pathDown, !stopped else { return }
        await withCheckedContinuation { pathWaiters.append($0) }
    }

    /// Number of upgrade requests waiting for the path to heal.
    var heldUpgradeCount: Int { pathWaiters.count }
}
