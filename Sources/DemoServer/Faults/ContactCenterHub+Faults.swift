import Foundation

/// The faults the hub injects, switched at run time (tests, the fault schedule). Half-open: a
/// connection whose far end has gone — the sockets open when the fault begins stop answering and
/// delivering (they are never closed), and a client that reconnects gets a working socket. A
/// half-open network *path* (the `half-open-after`/`half-open-for` schedule) also swallows new
/// handshakes: upgrade requests wait, unanswered, until the path heals, then complete if the client
/// is still there.
extension ContactCenterHub {
    /// Draws the configured REST failure, before any processing.
    func drawInjectedFailure() -> ParticipantServiceError? { faults.drawRESTFailure() }

    /// The next REST or frame delay (nil: none).
    nonisolated func drawDelay() -> Duration? { latencyFault.draw() }

    /// Sets the latency and jitter (zero turns them off).
    nonisolated func setLatency(_ latency: Duration, jitter: Duration) {
        latencyFault.set(latency: latency, jitter: jitter)
    }

    /// Closes every socket with 1001 (going away), or drops the connections without a close frame.
    func dropAllSockets(abruptly: Bool = false) {
        for link in sockets.values {
            link.end(abruptly ? .abort : .close(code: 1001, reason: "Going away"))
        }
        sockets.removeAll()
    }

    /// Refuses (or again allows) every socket upgrade.
    func setRefuseUpgrades(_ value: Bool) { faults.refuseUpgrades = value }

    /// Answers `aws/ping` with 500 while set.
    func setPingFailure(_ value: Bool) { faults.pingFailure = value }

    /// Delays every fanned-out frame by a random part of `window` (nil: in order again).
    func setReorderWindow(_ window: Duration?) { faults.reorderWindow = window }

    /// Answers receipts with 409 ConflictException while set.
    func setReceiptConflict(_ value: Bool) { faults.receiptConflict = value }

    /// Marks every completed attachment REJECTED while set (pretend malware scan).
    func setRejectAttachments(_ value: Bool) { faults.rejectAttachments = value }

    /// Fails this share of Participant REST calls with 500/429, drawn from a seeded generator.
    func setRESTFailureRate(_ rate: Double, seed: UInt64) { faults.setRESTFailureRate(rate, seed: seed) }

    /// Makes every ConnectionToken issued so far expired (403 from now on).
    func expireConnectionTokens() { store.expireConnectionTokens(before: nowMillis) }

    /// Silences the sockets open now (true) or lets every socket speak again (false).
    func setHalfOpen(_ value: Bool) {
        faults.silentSockets = value ? Set(sockets.keys) : []
    }

    /// Silences the sockets open now and holds new upgrades until the path heals (false).
    func setPathHalfOpen(_ value: Bool) {
        setHalfOpen(value)
        if value {
            faults.pathDown = true
        } else {
            healPath()
        }
    }

    /// Lets waiting upgrades go on.
    func healPath() {
        for waiter in faults.healPath() { waiter.resume() }
    }

    /// Returns at once unless the path is half-open; then when it heals (or the server stops).
    func waitUntilPathHeals() async {
        guard faults.pathDown, !stopped else { return }
        await withCheckedContinuation { faults.pathWaiters.append($0) }
    }

    /// Number of upgrade requests waiting for the path to heal.
    var heldUpgradeCount: Int { faults.pathWaiters.count }
}
