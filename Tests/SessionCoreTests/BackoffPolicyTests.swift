import SessionCore
import Testing

@Suite struct BackoffPolicyTests {
    let policy = BackoffPolicy(base: .seconds(1), multiplier: 2, cap: .seconds(30), jitter: 0.3, maxAttempts: 5)

    @Test func growsExponentiallyWithoutJitterAtTheMidpoint() {
        let delays = (1...6).map { policy.delay(attempt: $0, randomUnit: 0.5) }
        #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30)])
    }

    @Test func jitterStaysWithinItsBounds() {
        for attempt in 1...10 {
            let center = policy.delay(attempt: attempt, randomUnit: 0.5).seconds
            let low = policy.delay(attempt: attempt, randomUnit: 0).seconds
            let high = policy.delay(attempt: attempt, randomUnit: 0.999_999).seconds
            #expect(abs(low - center * 0.7) < 0.002)
            #expect(abs(high - center * 1.3) < 0.002)
            for step in 0..<20 {
                let value = policy.delay(attempt: attempt, randomUnit: Double(step) / 20).seconds
                #expect(value >= low - 0.001 && value <= high + 0.001)
            }
        }
    }

    @Test func capHoldsForHugeAttemptNumbers() {
        #expect(policy.delay(attempt: 500, randomUnit: 0.5) == .seconds(30))
        #expect(policy.delay(attempt: 0, randomUnit: 0.5) == .seconds(1))
    }

    @Test func budgetCountsAttempts() {
        #expect(policy.allows(attempt: 5))
        #expect(!policy.allows(attempt: 6))
        #expect(BackoffPolicy(base: .seconds(1), cap: .seconds(2)).allows(attempt: 10_000))
    }
}
