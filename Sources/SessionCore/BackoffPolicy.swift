/// Exponential backoff with jitter and a cap, as a pure value.
///
/// Attempt `n` (1-based) waits `min(cap, base × multiplier^(n-1))`, spread by ±`jitter`
/// (a fraction) using a random unit value supplied by the caller, so tests are exact.
public struct BackoffPolicy: Sendable, Hashable {
    /// Delay before the first retry.
    public var base: Duration
    /// Growth factor per attempt.
    public var multiplier: Double
    /// Longest delay before jitter.
    public var cap: Duration
    /// Fraction of the delay to spread by, in 0...1 (0.3 = ±30 %).
    public var jitter: Double
    /// Attempts before giving up; nil retries forever.
    public var maxAttempts: Int?

    /// Creates a policy.
    public init(base: Duration, multiplier: Double = 2, cap: Duration, jitter: Double = 0.3, maxAttempts: Int? = nil) {
        self.base = base
        self.multiplier = multiplier
        self.cap = cap
        self.jitter = min(max(jitter, 0), 1)
        self.maxAttempts = maxAttempts
    }

    /// Amazon Connect: ChatJS retries at min(2^n × 2 s, 30 s); we add ±30 % jitter and
    /// start the first retry after 0.5 s because a dropped socket usually comes right back.
    public static let connect = BackoffPolicy(
        base: .milliseconds(500), multiplier: 2, cap: .seconds(30), jitter: 0.3, maxAttempts: 12)

    /// The delay before attempt `attempt` (1-based); `randomUnit` is uniform in 0..<1.
    public func delay(attempt: Int, randomUnit: Double) -> Duration {
        let exponent = Double(max(attempt, 1) - 1)
        let baseSeconds = base.seconds
        let raw = baseSeconds * pow(multiplier, min(exponent, 60))
        let capped = min(raw, cap.seconds)
        let unit = min(max(randomUnit, 0), 1)
        let spread = capped * jitter * (unit * 2 - 1)
        return .milliseconds(Int64(max(0, capped + spread) * 1000))
    }

    /// True when `attempt` is still within the budget.
    public func allows(attempt: Int) -> Bool {
        guard let maxAttempts else { return true }
        return attempt <= maxAttempts
    }
}

extension Duration {
    /// The duration in seconds as a floating-point value.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

private func pow(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    var remaining = Int(exponent)
    while remaining > 0 {
        result *= base
        remaining -= 1
    }
    return result
}
