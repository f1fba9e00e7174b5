import Foundation

/// The `latency` and `jitter` faults: how long a REST answer or a socket frame is held.
extension ContactCenterHub {
    /// The next delay: latency plus a seeded random part of the jitter; nil when neither is set.
    func drawDelay() -> Duration? {
        guard latency > .zero || jitter > .zero else { return nil }
        let spread = jitter.wholeMilliseconds
        let extra = spread > 0 ? Int64.random(in: 0...spread, using: &jitterRandom) : 0
        return latency + .milliseconds(extra)
    }

    /// Sets the latency and jitter (zero turns them off).
    func setLatency(_ latency: Duration, jitter: Duration) {
        self.latency = max(latency, .zero)
        self.jitter = max(jitter, .zero)
    }

    /// The contact a ParticipantToken or ConnectionToken belongs to (for the request log).
    func contactId(forToken token: String) -> String? {
        connectionTokens[token]?.contactId ?? participantTokens[token]?.contactId
    }
}
