import ChatModel
import Foundation
import SessionCore
import Testing

/// The driver's rules: stale wake-ups, answers of calls no longer pending, late progress and
/// frames of sockets let go of never reach the core.
@Suite("The session driver's bookkeeping")
struct SessionDriverTests {
    let t0 = Date(timeIntervalSince1970: 1_000_000)
    let ok = HTTPResult.response(HTTPResponse(status: 200))

    /// A driver whose chat has started and whose socket `s1` is opening (its connect call answered).
    func connected() -> (SessionDriver, RecordingPorts) {
        let ports = RecordingPorts()
        var driver = SessionDriver(core: SessionCore(wire: StubWire(), settings: CoreSettings(), ids: IDSource(seed: 1), now: t0))
        driver.handle(.start, now: t0, ports: ports.bundle)
        if let start = ports.calls.last { driver.handle(.http(start, ok), now: t0, ports: ports.bundle) }
        if let connect = ports.calls.last { driver.handle(.http(connect, ok), now: t0, ports: ports.bundle) }
        return (driver, ports)
    }

    @Test("a restarted or cancelled timer's old token is stale; tokens are never reused")
    func timerTokens() {
        var timers = DriverTimers()
        let first = timers.start(.heartbeat)
        let second = timers.start(.heartbeat)
        let replacedFires = timers.fire(.heartbeat, token: first)
        #expect(!replacedFires, "the wake-up of the timer it replaced")
        let currentFires = timers.fire(.heartbeat, token: second)
        #expect(currentFires)
        let firesTwice = timers.fire(.heartbeat, token: second)
        #expect(!firesTwice, "a timer fires once")
        let third = timers.start(.subscribe)
        timers.cancel(.subscribe)
        let cancelledFires = timers.fire(.subscribe, token: third)
        #expect(!cancelledFires, "a cancelled timer")
        timers.removeAll()
        #expect(timers.start(.subscribe) > third)
    }

    @Test("progress only moves forward, and only while the call is pending")
    func progressForward() {
        var calls = DriverCalls()
        let id = RequestID(4)
        let withoutCall = calls.advance(id, bytes: 10)
        #expect(!withoutCall, "no call")
        calls.start(id)
        let firstReport = calls.advance(id, bytes: 500)
        #expect(firstReport)
        let backwards = calls.advance(id, bytes: 200)
        #expect(!backwards, "a late report would move the bar back")
        let standingStill = calls.advance(id, bytes: 500)
        #expect(!standingStill)
        let forward = calls.advance(id, bytes: 900)
        #expect(forward)
        let answered = calls.finish(id)
        #expect(answered)
        let afterEnd = calls.advance(id, bytes: 1000)
        #expect(!afterEnd, "after the end")
        let answeredTwice = calls.finish(id)
        #expect(!answeredTwice, "an answer counts once")
    }

    @Test("the driver calls the network, opens the socket and drops a second answer to a call")
    func answersOnce() {
        let (driver, ports) = connected()
        #expect(ports.calls.count == 2, "start, then connect")
        #expect(ports.opened == [SocketID(1)])
        #expect(driver.sockets == [SocketID(1)])
        #expect(driver.calls.pending.isEmpty)
        var again = driver
        let before = ports.handled.count
        let secondAnswerDropped = again.handle(.http(ports.calls[1], ok), now: t0, ports: ports.bundle).isEmpty
        #expect(secondAnswerDropped)
        #expect(ports.handled.count == before, "the core never saw it")
    }

    @Test("a transfer's progress reaches the core only forward and only while its call is pending")
    func progressThroughTheDriver() {
        let ports = RecordingPorts()
        var driver = SessionDriver(core: SessionCore(wire: StubWire(), settings: CoreSettings(), ids: IDSource(seed: 1), now: t0))
        driver.handle(.start, now: t0, ports: ports.bundle)
        let call = ports.calls[0]
        let started = ports.handled.count
        driver.handle(.progress(call, bytes: 500), now: t0, ports: ports.bundle)
        #expect(ports.handled.count == started + 1, "forward progress reaches the core")
        let before = ports.handled.count
        driver.handle(.progress(call, bytes: 200), now: t0, ports: ports.bundle)
        #expect(ports.handled.count == before, "a late report would move the bar back")
        driver.handle(.http(call, ok), now: t0, ports: ports.bundle)
        let answered = ports.handled.count
        driver.handle(.progress(call, bytes: 900), now: t0, ports: ports.bundle)
        #expect(ports.handled.count == answered, "no progress after the answer")
    }

    @Test("a stale timer token is ignored; the current one fires")
    func staleTimer() throws {
        var (driver, ports) = connected()
        driver.handle(.socketOpened(SocketID(1)), now: t0, ports: ports.bundle)
        let wake = try #require(ports.wakes.last { $0.key == .subscribe }, "the subscription is timed")
        let before = ports.handled.count
        let olderDropped = driver.timerFired(.subscribe, token: wake.token - 1, now: t0, ports: ports.bundle).isEmpty
        #expect(olderDropped)
        let unknownDropped = driver.timerFired(.subscribe, token: wake.token + 1, now: t0, ports: ports.bundle).isEmpty
        #expect(unknownDropped)
        #expect(ports.handled.count == before, "no stale wake-up reached the core")
        driver.timerFired(.subscribe, token: wake.token, now: t0, ports: ports.bundle)
        #expect(ports.handled.last == "\(SessionInput.timer(.subscribe))")
    }

    @Test("an answer for a call abandoned at shutdown is dropped, and so is all after")
    func cancelledCall() {
        let ports = RecordingPorts()
        var driver = SessionDriver(core: SessionCore(wire: StubWire(), settings: CoreSettings(), ids: IDSource(seed: 1), now: t0))
        driver.handle(.start, now: t0, ports: ports.bundle)
        let start = ports.calls[0]
        driver.shutdown(now: t0, ports: ports.bundle)
        #expect(ports.cancelled == [start])
        #expect(ports.finishedCount == 1)
        #expect(driver.isFinished)
        let before = ports.handled.count
        let lateAnswerDropped = driver.handle(.http(start, ok), now: t0, ports: ports.bundle).isEmpty
        #expect(lateAnswerDropped)
        let commandDropped = driver.handle(.command(.send("late")), now: t0, ports: ports.bundle).isEmpty
        #expect(commandDropped)
        #expect(ports.handled.count == before)
    }

    @Test("a socket reported closed is let go of, and its later frames are dropped")
    func closedSocket() {
        var (driver, ports) = connected()
        let id = SocketID(1)
        driver.handle(.socketClosed(id, .afterOpen(code: 1006)), now: t0, ports: ports.bundle)
        #expect(ports.closed == [id], "the network lets go of it")
        #expect(!driver.sockets.contains(id))
        let before = ports.handled.count
        let frameDropped = driver.handle(.socketFrame(id, "{}"), now: t0, ports: ports.bundle).isEmpty
        #expect(frameDropped)
        let secondCloseDropped = driver.handle(.socketClosed(id, .afterOpen(code: nil)), now: t0, ports: ports.bundle).isEmpty
        #expect(secondCloseDropped)
        #expect(ports.handled.count == before)
    }
}
