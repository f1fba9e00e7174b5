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
        var trim = HeapTrim(threshold: 3, quiet: 2, afterStart: false, release: {}) { counter.calls.withLock { $0 += 1 } }
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

    @Test("the end of a burst, after its trim, is trimmed once more; a clock tick later is not")
    func trimsTheEndOfABurst() {
        let counter = Counter()
        var trim = HeapTrim(threshold: 3, quiet: 2, afterStart: false, release: {}) { counter.calls.withLock { $0 += 1 } }
        let start = Date(timeIntervalSince1970: 1_000)
        for _ in 0..<5 { trim.turn() }
        _ = trim.idle(at: start)
        #expect(trim.idle(at: start.addingTimeInterval(2)) == nil)
        #expect(counter.calls.withLock { $0 } == 1)
        // The burst's last events, fewer than the threshold, right after its trim.
        trim.turn()
        let due = trim.idle(at: start.addingTimeInterval(3))
        #expect(due == start.addingTimeInterval(5))
        #expect(trim.idle(at: start.addingTimeInterval(5)) == nil)
        #expect(counter.calls.withLock { $0 } == 2)
        // The follow-up starts no chain of its own: the next turns wait for the threshold.
        trim.turn()
        #expect(trim.idle(at: start.addingTimeInterval(6)) == nil)
        #expect(counter.calls.withLock { $0 } == 2)
    }

    @Test("the mappings go after start-up and big bursts, when the loop stayed quiet until the trim")
    func releasesMappingsAfterQuietBigBursts() {
        let trims = Counter()
        let releases = Counter()
        var trim = HeapTrim(
            threshold: 3, releaseThreshold: 10, quiet: 2, afterStart: true,
            release: { releases.calls.withLock { $0 += 1 } }, trim: { trims.calls.withLock { $0 += 1 } })
        let start = Date(timeIntervalSince1970: 1_000)
        _ = trim.idle(at: start)
        #expect(trim.idle(at: start.addingTimeInterval(2)) == nil)
        #expect(releases.calls.withLock { $0 } == 1, "start-up: released")
        // A small burst (a message typed): trimmed, mappings kept.
        for _ in 0..<4 { trim.turn() }
        _ = trim.idle(at: start.addingTimeInterval(100))
        _ = trim.idle(at: start.addingTimeInterval(102))
        #expect(trims.calls.withLock { $0 } == 2)
        #expect(releases.calls.withLock { $0 } == 1)
        // A big burst still going on when its trim is due (a streamed reply): trimmed, kept.
        for _ in 0..<10 { trim.turn(applying: 1) }
        _ = trim.idle(at: start.addingTimeInterval(200))
        trim.turn(applying: 1)
        trim.turn(applying: 1)
        _ = trim.idle(at: start.addingTimeInterval(202))
        #expect(trims.calls.withLock { $0 } == 3)
        #expect(releases.calls.withLock { $0 } == 1)
        // Its end, then quiet until the follow-up trim: released.
        trim.turn(applying: 1)
        _ = trim.idle(at: start.addingTimeInterval(203))
        _ = trim.idle(at: start.addingTimeInterval(205))
        #expect(trims.calls.withLock { $0 } == 4)
        #expect(releases.calls.withLock { $0 } == 2)
    }

    @Test("a big burst read in a few big turns counts by its messages: the mappings go after it too")
    func countsABurstByItsEvents() {
        let releases = Counter()
        var trim = HeapTrim(
            threshold: 3, releaseThreshold: 100, quiet: 2, afterStart: false,
            release: { releases.calls.withLock { $0 += 1 } }, trim: {})
        let start = Date(timeIntervalSince1970: 1_000)
        // Four turns of one message each: not a burst worth releasing for.
        for _ in 0..<4 { trim.turn(applying: 1) }
        _ = trim.idle(at: start)
        _ = trim.idle(at: start.addingTimeInterval(2))
        #expect(releases.calls.withLock { $0 } == 0)
        // Four turns of 40 messages each: a burst (160 messages), released once quiet.
        for _ in 0..<4 { trim.turn(applying: 40) }
        let wake = trim.idle(at: start.addingTimeInterval(10))
        #expect(wake == start.addingTimeInterval(12), "the loop is woken for it")
        _ = trim.idle(at: start.addingTimeInterval(12))
        #expect(releases.calls.withLock { $0 } == 1)
    }

    @Test("starting up counts as a burst: the first idle moment after it sets one trim")
    func trimsOnceAfterStartingUp() {
        let counter = Counter()
        var trim = HeapTrim(threshold: 3, quiet: 2, release: {}) { counter.calls.withLock { $0 += 1 } }
        let start = Date(timeIntervalSince1970: 1_000)
        let due = trim.idle(at: start)
        #expect(due == start.addingTimeInterval(2))
        #expect(trim.idle(at: start.addingTimeInterval(2)) == nil)
        #expect(counter.calls.withLock { $0 } == 1)
        // An idle chat afterwards: no more trims.
        trim.turn()
        #expect(trim.idle(at: start.addingTimeInterval(60)) == nil)
        #expect(counter.calls.withLock { $0 } == 1)
    }
}

extension HeapTrimTests {
    @Test("letting go of the mappings is followed by a trim, which gives back what reading them allocated")
    func trimsAfterEachRelease() {
        let log = Mutex<[String]>([])
        var trim = HeapTrim(
            threshold: 3, releaseThreshold: 10, quiet: 2, afterStart: false,
            release: { log.withLock { $0.append("release") } }, trim: { log.withLock { $0.append("trim") } })
        let start = Date(timeIntervalSince1970: 1_000)
        // A burst: both are due together.
        for _ in 0..<12 { trim.turn(applying: 1) }
        _ = trim.idle(at: start)
        _ = trim.idle(at: start.addingTimeInterval(2))
        #expect(log.withLock { $0 } == ["release", "trim"])
        // A burst read in two big turns: too few turns for a trim of its own; the release brings one.
        trim.turn(applying: 10)
        trim.turn(applying: 10)
        _ = trim.idle(at: start.addingTimeInterval(100))
        _ = trim.idle(at: start.addingTimeInterval(102))
        #expect(log.withLock { $0 } == ["release", "trim", "release", "trim"])
    }

    @Test("typing never lets the mappings go: its code is what the next key runs; its garbage is still trimmed")
    func typingKeepsTheMappings() {
        let trims = Counter()
        let releases = Counter()
        var trim = HeapTrim(
            threshold: 3, releaseThreshold: 10, quiet: 2, afterStart: false,
            release: { releases.calls.withLock { $0 += 1 } }, trim: { trims.calls.withLock { $0 += 1 } })
        var now = Date(timeIntervalSince1970: 1_000)
        // A thousand keys in words of five, a pause after each.
        for _ in 0..<200 {
            for _ in 0..<5 { trim.turn() }
            _ = trim.idle(at: now)
            now = now.addingTimeInterval(3)
            _ = trim.idle(at: now)
        }
        #expect(releases.calls.withLock { $0 } == 0)
        #expect(trims.calls.withLock { $0 } == 200)
    }
}
