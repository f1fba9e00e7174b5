import Foundation
import Synchronization
import Testing

@testable import TerminalRuntime

@Suite("Giving memory back after a burst")
struct HeapTrimTests {
    final class Counter: Sendable {
        let calls = Mutex(0)
    }

    @Test("a burst is trimmed once, a quiet moment after the loop first goes idle; an idle chat never")
    func trimsAfterTheBurstSettles() {
        let counter = Counter()
        var trim = HeapTrim(threshold: 3, quiet: 2) { counter.calls.withLock { $0 += 1 } }
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(trim.idle(at: start) == nil, "no turns: nothing to give back")
        for _ in 0..<5 { trim.turn() }
        let due = trim.idle(at: start)
        #expect(due == start.addingTimeInterval(2), "the loop is told when to wake for the trim")
        // More of the burst arrives before then: the trim still waits for its time.
        trim.turn()
        #expect(trim.idle(at: start.addingTimeInterval(1)) == due)
        #expect(counter.calls.withLock { $0 } == 0)
        #expect(trim.idle(at: start.addingTimeInterval(2)) == nil)
        #expect(counter.calls.withLock { $0 } == 1)
        // Idle afterwards, and a turn or two (a clock tick): no second trim.
        trim.turn()
        #expect(trim.idle(at: start.addingTimeInterval(60)) == nil)
        #expect(trim.idle(at: start.addingTimeInterval(120)) == nil)
        #expect(counter.calls.withLock { $0 } == 1)
    }
}
