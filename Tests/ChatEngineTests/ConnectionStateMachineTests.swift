import ChatEngine
import ChatModel
import Foundation
import Testing

@Suite struct ConnectionStateMachineTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let policy = BackoffPolicy(base: .seconds(1), multiplier: 2, cap: .seconds(8), jitter: 0, maxAttempts: 3)

    func opened() -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(policy: policy)
        #expect(machine.start() == .connect)
        #expect(machine.state == .connecting)
        _ = machine.opened()
        #expect(machine.state == .open)
        return machine
    }

    @Test func networkLossSchedulesNumberedRetriesWithCountdown() {
        var machine = opened()
        #expect(machine.lost(.network("reset"), now: now, randomUnit: 0.5) == .wait(.seconds(1)))
        #expect(machine.state == .reconnecting(attempt: 1, nextRetryAt: now.addingTimeInterval(1)))
        #expect(machine.retryDue() == .connect)
        #expect(machine.lost(.unavailable(status: 503, type: "x", message: "y"), now: now, randomUnit: 0.5) == .wait(.seconds(2)))
        #expect(machine.state == .reconnecting(attempt: 2, nextRetryAt: now.addingTimeInterval(2)))
        _ = machine.retryDue()
        _ = machine.opened()
        #expect(machine.attempt == 0, "a successful open resets the attempt count")
    }

    @Test func budgetExhaustionFailsWithRetryHint() {
        var machine = opened()
        for _ in 1...3 {
            guard case .wait = machine.lost(.network("down"), now: now, randomUnit: 0.5) else {
                Issue.record("expected a wait")
                return
            }
            _ = machine.retryDue()
        }
        #expect(machine.lost(.network("down"), now: now, randomUnit: 0.5) == .stop)
        guard case .failed(let reason) = machine.state else {
            Issue.record("expected failed, got \(machine.state)")
            return
        }
        #expect(reason.contains("/retry"))
        #expect(machine.retryNow() == .connect)
        #expect(machine.state == .connecting)
    }

    @Test func accessDeniedAndEndedDoNotRetry() {
        var denied = opened()
        #expect(denied.lost(.accessDenied("Access denied"), now: now, randomUnit: 0.5) == .stop)
        guard case .closed = denied.state else {
            Issue.record("expected closed")
            return
        }
        var ended = opened()
        #expect(ended.lost(.chatEnded, now: now, randomUnit: 0.5) == .stop)
        #expect(ended.state == .closed(reason: "the chat has ended"))
        var rejected = opened()
        #expect(rejected.lost(.rejected(status: 400, type: "ValidationException", message: "bad"), now: now, randomUnit: 0.5) == .stop)
        guard case .failed = rejected.state else {
            Issue.record("expected failed")
            return
        }
    }

    @Test func neverOpenedFailsFast() {
        var machine = ConnectionStateMachine(policy: policy, firstConnectAttempts: 2)
        _ = machine.start()
        #expect(machine.lost(.network("refused"), now: now, randomUnit: 0.5) == .wait(.seconds(1)))
        _ = machine.retryDue()
        #expect(machine.lost(.network("refused"), now: now, randomUnit: 0.5) == .stop)
        guard case .failed(let reason) = machine.state else {
            Issue.record("expected failed")
            return
        }
        #expect(reason.contains("refused"))
    }

    @Test func endingWinsOverLoss() {
        var machine = opened()
        _ = machine.endRequested()
        #expect(machine.state == .closing)
        #expect(machine.lost(.network("closed"), now: now, randomUnit: 0.5) == .stop)
        #expect(machine.state == .closed(reason: "you ended the chat"))
        #expect(machine.retryNow() == .none, "a closed chat is not reopened")
    }
}
