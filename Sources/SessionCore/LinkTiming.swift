import Foundation

/// The link's round trip as the core measures it (REST answers, socket upgrades), smoothed as TCP
/// does (RFC 6298); waits for answers grow with it on a slow or jittery link.
struct LinkTiming: Sendable {
    /// The smoothed round trip, in seconds (0 until the first sample).
    private(set) var roundTrip: TimeInterval = 0
    /// How much samples stray from ``roundTrip`` (smoothed mean deviation), in seconds.
    private(set) var variation: TimeInterval = 0

    /// Folds in one measured round trip (a negative one, from a clock that went back, is ignored).
    mutating func note(_ sample: TimeInterval) {
        guard sample >= 0, sample.isFinite else { return }
        if roundTrip == 0 {
            roundTrip = sample
            variation = sample / 2
        } else {
            variation = variation * 3 / 4 + abs(roundTrip - sample) / 4
            roundTrip = roundTrip * 7 / 8 + sample / 8
        }
    }

    /// `base`, or longer on a slow link: at least `factor` round trips, each counted as the smoothed
    /// round trip plus four times its variation (so a jittery link's slow answers still count).
    func patient(_ base: Duration, rounds factor: Double) -> Duration {
        let round = roundTrip + 4 * variation
        let millis = min(round * factor * 1000, 86_400_000).rounded(.up)
        return max(base, .milliseconds(Int64(millis)))
    }
}
