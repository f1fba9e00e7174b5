import SessionCore
import ChatModel
import Foundation
import Testing

@Suite struct ConnectionStateMachineTests {
    let now = Date(timeIntervalSince1970: 1_000_000)
    let policy = BackoffPolicy(base: .seconds(1), multiplier: 2, cap: .seconds(8), jitter: 0, maxAttempts: 3)

    func opened() -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(policy: policy)
        let action1 = machine.start()
        #expect(action1 == .connect)
        #expect(machine.state == .connecting)
        _ = machine.opened()
        #expect(machine.state == .open)
        return machine
    }

    @Test func networkLossSchedulesNumberedRetriesWithCountdown() {
        var machine = opened()
        let action2 = machine.lost(.network(TransportFailure(.reset, "reset")), now: now, randomUnit: 0.5)
        #expect(action2 == .wait(.seconds(1)))
        #expect(machine.state == .reconnecting(attempt: 1, nextRetryAt: now.addingTimeInterval(1)))
        let action3 = machine.retryDue()
        #expect(action3 == .connect)
        let action4 = machine.lost(.unavailable(status: 503, type: "x", message: "y"), now: now, randomUnit: 0.5)
        #expect(action4 == .wait(.seconds(2)))
        #expect(machine.state == .reconnecting(attempt: 2, nextRetryAt: now.addingTimeInterval(2)))
        _ = machine.retryDue()
        _ = machine.opened()
        #expect(machine.attempt == 0, "a successful open resets the attempt count")
    }

    @Test func protocolDelayReplacesTheBackoffForTheSameAttempt() {
        var machine = opened()
        _ = machine.lost(.network(TransportFailure(.closed, "4003")), now: now, randomUnit: 0.5)
        #expect(machine.overrideDelay(.seconds(10), now: now) == .wait(.seconds(10)))
        #expect(machine.state == .reconnecting(attempt: 1, nextRetryAt: now.addingTimeInterval(10)))
        _ = machine.ended(reason: .because("over"))
        #expect(machine.overrideDelay(.seconds(10), now: now) == .none, "nothing to delay once ended")
    }

    @Test func renewedSessionConnectsAtOnceUnlessEnded() {
        var machine = opened()
        #expect(machine.renewed() == .connect)
        #expect(machine.state == .connecting)
        _ = machine.ended(reason: .because("over"))
        #expect(machine.renewed() == .none)
        #expect(machine.state == .closed(reason: .because("over")))
    }

    @Test func budgetExhaustionFailsWithRetryHint() {
        var machine = opened()
        for _ in 1...3 {
            let step = machine.lost(.network(TransportFailure(.unreachable, "down")), now: now, randomUnit: 0.5)
            guard case .wait = step else {
                Issue.record("expected a wait")
                return
            }
            _ = machine.retryDue()
        }
        let action5 = machine.lost(.network(TransportFailure(.unreachable, "down")), now: now, randomUnit: 0.5)
        #expect(action5 == .stop)
        guard case .failed(let reason) = machine.state else {
            Issue.record("expected failed, got \(machine.state)")
            return
        }
        #expect(reason.contains("/retry"))
        let action6 = machine.retryNow()
        #expect(action6 == .connect)
        #expect(machine.state == .connecting)
    }

    @Test func accessDeniedAndEndedDoNotRetry() {
        var denied = opened()
        let action7 = denied.lost(.accessDenied("Access denied"), now: now, randomUnit: 0.5)
        #expect(action7 == .stop)
        guard case .closed = denied.state else {
            Issue.record("expected closed")
            return
        }
        var ended = opened()
        let action8 = ended.lost(.chatEnded, now: now, randomUnit: 0.5)
        #expect(action8 == .stop)
        #expect(ended.state == .closed(reason: .byServer))
        var rejected = opened()
        let action9 = rejected.lost(.rejected(status: 400, type: "ValidationException", message: "bad"), now: now, randomUnit: 0.5)
        #expect(action9 == .stop)
        guard case .failed = rejected.state else {
            Issue.record("expected failed")
            return
        }
    }

    @Test func neverOpenedFailsFast() {
        var machine = ConnectionStateMachine(policy: policy, firstConnectAttempts: 2)
        _ = machine.start()
        let action10 = machine.lost(.network(TransportFailure(.refused, "refused")), now: now, randomUnit: 0.5)
        #expect(action10 == .wait(.seconds(1)))
        _ = machine.retryDue()
        let action11 = machine.lost(.network(TransportFailure(.refused, "refused")), now: now, randomUnit: 0.5)
        #expect(action11 == .stop)
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
        let action12 = machine.lost(.network(TransportFailure(.closed, "closed")), now: now, randomUnit: 0.5)
        #expect(action12 == .stop)
        #expect(machine.state == .closed(reason: .byYou))
        let action13 = machine.retryNow()
        #expect(action13 == .none, "a closed chat is not reopened")
    }
}

@Suite struct SuspendResumeMachineTests {
    @Test func suspendedMachineIgnoresLossesUntilResumed() {
        var machine = ConnectionStateMachine(policy: BackoffPolicy(base: .seconds(1), cap: .seconds(2)))
        _ = machine.start()
        _ = machine.opened()
        _ = machine.suspend()
        #expect(machine.state == .idle && machine.isSuspended)
        let lost = machine.lost(.network(TransportFailure(.closed, "closed")), now: Date(), randomUnit: 0.5)
        #expect(lost == .none && machine.state == .idle, "a suspended connection does not retry")
        let resumed = machine.resume()
        #expect(resumed == .connect && machine.state == .connecting && !machine.isSuspended)
    }

    @Test func endedChatsCannotBeSuspended() {
        var machine = ConnectionStateMachine(policy: BackoffPolicy(base: .seconds(1), cap: .seconds(2)))
        _ = machine.start()
        _ = machine.ended(reason: .because("done"))
        _ = machine.suspend()
        #expect(!machine.isSuspended)
    }
}

@Suite("Backoff across connections that close as soon as they open")
struct ShortLivedConnectionTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let policy = BackoffPolicy(base: .seconds(1), multiplier: 2, cap: .seconds(30), jitter: 0, maxAttempts: 5)

    @Test("a server that drops every socket right after it opens meets a growing backoff, and the budget still holds")
    func growing() {
        var machine = ConnectionStateMachine(policy: policy)
        _ = machine.start()
        var now = start
        var delays: [Duration] = []
        for _ in 1...6 {
            _ = machine.opened(now: now)
            now = now.addingTimeInterval(0.2)
            guard case .wait(let delay) = machine.lost(.network(TransportFailure(.closed, "closed (1009)")), now: now, randomUnit: 0.5) else {
                Issue.record("expected a wait, got \(machine.state)")
                return
            }
            delays.append(delay)
            now = now.addingTimeInterval(delay.seconds)
            _ = machine.retryDue()
        }
        #expect(delays == [.seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)])
        #expect(machine.shortLivedInARow == 6)
        #expect(machine.state == .connecting, "each open renews the budget: the chat is not given up")
    }

    @Test("a connection that stayed up starts the backoff over")
    func stableResets() {
        var machine = ConnectionStateMachine(policy: policy)
        _ = machine.start()
        _ = machine.opened(now: start)
        _ = machine.lost(.network(TransportFailure(.reset, "reset")), now: start.addingTimeInterval(1), randomUnit: 0.5)
        _ = machine.retryDue()
        _ = machine.opened(now: start.addingTimeInterval(3))
        let action = machine.lost(.network(TransportFailure(.reset, "reset")), now: start.addingTimeInterval(7), randomUnit: 0.5)
        #expect(action == .wait(.seconds(1)))
        #expect(machine.shortLivedInARow == 0)
    }
}
