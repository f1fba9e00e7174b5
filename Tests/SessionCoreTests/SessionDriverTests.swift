import ChatModel
import Foundation
import SessionCore
import Testing

/// Ports that write down what the driver asks of them, in order.
final class RecordingPorts: DriverNetwork, DriverClock, DriverStore, DriverEvents {
    var calls: [RequestID] = []
    var cancelled: [RequestID] = []
    var opened: [SocketID] = []
    var closed: [SocketID] = []
    var wakes: [(key: TimerKey, token: Int)] = []
    var handled: [String] = []
    var finishedCount = 0

    var bundle: DriverPorts { DriverPorts(network: self, clock: self, store: self, events: self) }

    func call(_ id: RequestID, _ request: HTTPRequest) { calls.append(id) }
    func upload(_ id: RequestID, _ upload: FileUpload) { calls.append(id) }
    func download(_ id: RequestID, _ download: FileDownload) { calls.append(id) }
    func cancelCall(_ id: RequestID) { cancelled.append(id) }
    func openSocket(_ id: SocketID, _ endpoint: SocketEndpoint) { opened.append(id) }
    func write(_ text: String, on id: SocketID) {}
    func closeSocket(_ id: SocketID) { closed.append(id) }
    func wake(_ key: TimerKey, token: Int, at: Date) { wakes.append((key, token)) }
    func cancelWake(_ key: TimerKey) {}
    func persist(_ snapshot: SessionSnapshot) {}
    func forget() {}
    func willHandle(_ input: SessionInput) { handled.append("\(input)") }
    func publish(_ event: ChatEvent) {}
    func record(_ record: TranscriptRecord) {}
    func log(_ level: LogLevel, _ text: String) {}
    func finished() { finishedCount += 1 }
}

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
        let result1 = timers.fire(.heartbeat, token: first)
        #expect(!result1, "the wake-up of the timer it replaced")
        let result2 = timers.fire(.heartbeat, token: second)
        #expect(result2)
        let result3 = timers.fire(.heartbeat, token: second)
        #expect(!result3, "a timer fires once")
        let third = timers.start(.subscribe)
        timers.cancel(.subscribe)
        let result4 = timers.fire(.subscribe, token: third)
        #expect(!result4, "a cancelled timer")
        timers.removeAll()
        #expect(timers.start(.subscribe) > third)
    }

    @Test("progress only moves forward, and only while the call is pending")
    func progressForward() {
        var calls = DriverCalls()
        let id = RequestID(4)
        let result5 = calls.advance(id, bytes: 10)
        #expect(!result5, "no call")
        calls.start(id)
        let result6 = calls.advance(id, bytes: 500)
        #expect(result6)
        let result7 = calls.advance(id, bytes: 200)
        #expect(!result7, "a late report would move the bar back")
        let result8 = calls.advance(id, bytes: 500)
        #expect(!result8)
        let result9 = calls.advance(id, bytes: 900)
        #expect(result9)
        let result10 = calls.finish(id)
        #expect(result10)
        let result11 = calls.advance(id, bytes: 1000)
        #expect(!result11, "after the end")
        let result12 = calls.finish(id)
        #expect(!result12, "an answer counts once")
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
        let result13 = again.handle(.http(ports.calls[1], ok), now: t0, ports: ports.bundle).isEmpty
        #expect(result13)
        #expect(ports.handled.count == before, "the core never saw it")
    }

    @Test("a stale timer token is ignored; the current one fires")
    func staleTimer() throws {
        var (driver, ports) = connected()
        driver.handle(.socketOpened(SocketID(1)), now: t0, ports: ports.bundle)
        let wake = try #require(ports.wakes.last { $0.key == .subscribe }, "the subscription is timed")
        let before = ports.handled.count
        let result14 = driver.timerFired(.subscribe, token: wake.token - 1, now: t0, ports: ports.bundle).isEmpty
        #expect(result14)
        let result15 = driver.timerFired(.subscribe, token: wake.token + 1, now: t0, ports: ports.bundle).isEmpty
        #expect(result15)
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
        let result16 = driver.handle(.http(start, ok), now: t0, ports: ports.bundle).isEmpty
        #expect(result16)
        let result17 = driver.handle(.command(.send("late")), now: t0, ports: ports.bundle).isEmpty
        #expect(result17)
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
        let result18 = driver.handle(.socketFrame(id, "{}"), now: t0, ports: ports.bundle).isEmpty
        #expect(result18)
        let result19 = driver.handle(.socketClosed(id, .afterOpen(code: nil)), now: t0, ports: ports.bundle).isEmpty
        #expect(result19)
        #expect(ports.handled.count == before)
    }
}
