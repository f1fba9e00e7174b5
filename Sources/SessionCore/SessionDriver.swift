import ChatModel
import Foundation

/// The driver's rules as a plain value, shared by the live session and the simulator: it hands the
/// core its inputs and carries out the core's effects through ``DriverPorts``. It keeps the
/// bookkeeping between them — which timer wake-up is current, which calls are pending, which sockets
/// are held — so a stale wake-up, an answer for an abandoned call, a late progress report or a frame
/// from a socket let go never reaches the core. It does no I/O and reads no clock.
///
/// ```swift
/// var driver = SessionDriver(core: core)
/// driver.handle(.start, now: now, ports: ports)          // effects go out through the ports
/// driver.handle(.http(id, result), now: later, ports: ports)   // answers come back as inputs
/// driver.timerFired(.heartbeat, token: token, now: later, ports: ports)
/// ```
public struct SessionDriver: Sendable {
    /// The core it drives.
    public private(set) var core: SessionCore
    /// The running timers and their current tokens.
    public private(set) var timers = DriverTimers()
    /// The calls on their way.
    public private(set) var calls = DriverCalls()
    /// The sockets opened and neither closed nor reported ended.
    public private(set) var sockets: Set<SocketID> = []
    /// True once the session is over: no input reaches the core any more.
    public private(set) var isFinished = false

    /// Drives `core`.
    public init(core: SessionCore) {
        self.core = core
    }

    /// Hands the core `input`, unless the driver drops it — the session is over, a call's answer or
    /// progress whose call is no longer pending, progress that does not move forward, an event of a
    /// socket no longer held, a timer not running — and carries out its effects; returns them.
    @discardableResult
    public mutating func handle(_ input: SessionInput, now: Date, ports: DriverPorts) -> [SessionEffect] {
        guard admit(input, ports: ports) else { return [] }
        return feed(input, now: now, ports: ports)
    }

    /// A wake-up came back: the timer fires if `token` is its current one; a stale one is dropped.
    @discardableResult
    public mutating func timerFired(_ key: TimerKey, token: Int, now: Date, ports: DriverPorts) -> [SessionEffect] {
        guard !isFinished, timers.fire(key, token: token) else { return [] }
        return feed(.timer(key), now: now, ports: ports)
    }

    /// The program is leaving without ending the chat: the core saves what is unsent, then every
    /// timer, socket and call is dropped and the session is over.
    public mutating func shutdown(now: Date, ports: DriverPorts) {
        handle(.shutdown, now: now, ports: ports)
        for key in timers.running { ports.clock.cancelWake(key) }
        timers.removeAll()
        for id in sockets.sorted(by: { $0.value < $1.value }) { ports.network.closeSocket(id) }
        sockets = []
        for id in calls.pending { ports.network.cancelCall(id) }
        calls.removeAll()
        finish(ports: ports)
    }

    /// True when `input` should reach the core; updates the tables it settles.
    private mutating func admit(_ input: SessionInput, ports: DriverPorts) -> Bool {
        guard !isFinished else { return false }
        switch input {
        case .http(let id, _), .downloaded(let id, _):
            return calls.finish(id)
        case .progress(let id, let bytes):
            return calls.advance(id, bytes: bytes)
        case .socketOpened(let id), .socketFrame(let id, _), .socketSkippedOversized(let id, _):
            return sockets.contains(id)
        case .socketClosed(let id, _):
            guard sockets.remove(id) != nil else { return false }
            ports.network.closeSocket(id)
            return true
        case .timer(let key):
            return timers.cancel(key)
        case .start, .command, .attach, .shutdown:
            return true
        }
    }

    private mutating func feed(_ input: SessionInput, now: Date, ports: DriverPorts) -> [SessionEffect] {
        ports.events.willHandle(input)
        let effects = core.handle(input, now: now)
        for effect in effects { carry(effect, ports: ports) }
        return effects
    }

    /// Sends one effect to its port, keeping the tables.
    private mutating func carry(_ effect: SessionEffect, ports: DriverPorts) {
        switch effect {
        case .http(let id, let request):
            calls.start(id)
            ports.network.call(id, request)
        case .upload(let id, let upload):
            calls.start(id)
            ports.network.upload(id, upload)
        case .download(let id, let download):
            calls.start(id)
            ports.network.download(id, download)
        case .openSocket(let id, let endpoint):
            sockets.insert(id)
            ports.network.openSocket(id, endpoint)
        case .write(let id, let text):
            guard sockets.contains(id) else { return }
            ports.network.write(text, on: id)
        case .closeSocket(let id):
            guard sockets.remove(id) != nil else { return }
            ports.network.closeSocket(id)
        case .startTimer(let key, let at):
            let token = timers.start(key)
            ports.clock.wake(key, token: token, at: at)
        case .cancelTimer(let key):
            if timers.cancel(key) { ports.clock.cancelWake(key) }
        case .publish(let event):
            ports.events.publish(event)
        case .persist(let snapshot):
            ports.store.persist(snapshot)
        case .forget:
            ports.store.forget()
        case .record(let record):
            ports.events.record(record)
        case .log(let level, let text):
            ports.events.log(level, text)
        case .finished:
            finish(ports: ports)
        }
    }

    private mutating func finish(ports: DriverPorts) {
        guard !isFinished else { return }
        isFinished = true
        ports.events.finished()
    }
}
