import Foundation
import Synchronization

/// The `latency` and `jitter` faults: how long a REST answer or a socket frame is held. Kept behind a
/// lock rather than on the hub actor, so every frame can ask without a hop to the hub.
final class LatencyFault: Sendable {
    private struct State {
        var latency: Duration
        var jitter: Duration
        var random: SeededRandom
    }

    private let state: Mutex<State>

    /// Starts with the configured faults; the jitter is drawn from its own seeded generator.
    init(latency: Duration?, jitter: Duration?, seed: UInt64) {
        state = Mutex(State(
            latency: latency ?? .zero, jitter: jitter ?? .zero, random: SeededRandom(seed: seed &+ 0x5EED)))
    }

    /// The next delay: latency plus a seeded random part of the jitter; nil when neither is set.
    func draw() -> Duration? {
        state.withLock { state in
            guard state.latency > .zero || state.jitter > .zero else { return nil }
            let spread = state.jitter.wholeMilliseconds
            let extra = spread > 0 ? Int64.random(in: 0...spread, using: &state.random) : 0
            return state.latency + .milliseconds(extra)
        }
    }

    /// Sets the latency and jitter (zero turns them off).
    func set(latency: Duration, jitter: Duration) {
        state.withLock { state in
            state.latency = max(latency, .zero)
            state.jitter = max(jitter, .zero)
        }
    }
}
