import Foundation
import Testing

@testable import SessionCore

/// The socket's stages through ``SocketMachine``'s own transitions: opening, subscribing (and its
/// resends), backfilling, live, heartbeats, forgetting.
@Suite("The socket machine")
struct SocketMachineTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// A machine whose first socket is open and subscribing, and that socket.
    static func subscribing() -> (SocketMachine, SocketID) {
        var machine = SocketMachine()
        let id = machine.open(now: t0)
        _ = machine.opened(id, now: t0.addingTimeInterval(0.4))
        return (machine, id)
    }

    /// A machine whose first socket is live, and that socket.
    static func live() -> (SocketMachine, SocketID) {
        let (subscribed, id) = subscribing()
        var machine = subscribed
        _ = machine.subscribed(historyOnSocket: true)
        _ = machine.goLive(id)
        return (machine, id)
    }

    @Test("each connection opens a new socket; only the one being opened counts as opened, with half its opening as a round trip")
    func openThenOpened() {
        var machine = SocketMachine()
        let first = machine.open(now: Self.t0)
        let second = machine.open(now: Self.t0)
        #expect(first != second, "ids are never reused")
        #expect(machine.stage == .opening(second) && !machine.isOpen)
        let replaced = machine.opened(first, now: Self.t0)
        #expect(replaced == .ignore, "a replaced socket's late open is nothing")
        let opened = machine.opened(second, now: Self.t0.addingTimeInterval(1))
        #expect(opened == .subscribe(second, roundTrip: 0.5))
        #expect(machine.stage == .subscribing(second, attempt: 0) && machine.isOpen && !machine.isLive)
        #expect(machine.lastFrameAt == Self.t0.addingTimeInterval(1))
        let again = machine.opened(second, now: Self.t0)
        #expect(again == .ignore, "opened once")
    }

    @Test("a confirmed subscription backfills, or goes live where history arrives on the socket")
    func subscribedThenLive() {
        let (start, id) = Self.subscribing()
        var machine = start
        var onSocket = machine
        let direct = onSocket.subscribed(historyOnSocket: true)
        #expect(direct == .goLive(id))
        let liveOnSocket = onSocket.goLive(id)
        #expect(liveOnSocket && onSocket.isLive)

        let backfill = machine.subscribed(historyOnSocket: false)
        #expect(backfill == .backfill(id))
        #expect(machine.stage == .backfilling(id))
        let second = machine.subscribed(historyOnSocket: false)
        #expect(second == .ignore, "a second confirmation is nothing")
        let live = machine.goLive(id)
        #expect(live && machine.stage == .live(id))
        var none = SocketMachine()
        let fromNothing = none.goLive(id)
        #expect(!fromNothing, "going live from no socket is a broken invariant")
    }

    @Test("an unconfirmed subscription is sent again three times, then the socket is given up; a quiet-ready one is ready")
    func lateSubscription() {
        let (start, id) = Self.subscribing()
        var machine = start
        var quiet = machine
        let ready = quiet.subscriptionLate(readyWhenQuiet: true)
        #expect(ready == .ready)
        for attempt in 1...3 {
            let late = machine.subscriptionLate(readyWhenQuiet: false)
            #expect(late == .resubscribe(id, attempt: attempt))
        }
        let fourth = machine.subscriptionLate(readyWhenQuiet: false)
        #expect(fourth == .giveUp)
        machine.forget()
        let forgotten = machine.subscriptionLate(readyWhenQuiet: false)
        #expect(forgotten == .ignore)
    }

    @Test("a heartbeat is answered by anything heard after it; its grace says silent when nothing was")
    func heartbeat() {
        let (start, id) = Self.live()
        var machine = start
        #expect(machine.heartbeatGraceOver() == .ignore, "no heartbeat out")
        let sent = Self.t0.addingTimeInterval(10)
        machine.heartbeatSent(at: sent)
        #expect(machine.heartbeatGraceOver() == .silent)
        let other = machine.heard(on: SocketID(99), now: sent)
        #expect(!other, "another socket's frame is not heard")
        let heard = machine.heard(on: id, now: sent.addingTimeInterval(1))
        #expect(heard)
        #expect(machine.heartbeatGraceOver() == .answered)
        let answered = machine.heartbeatAnswered()
        #expect(answered == sent)
        let twice = machine.heartbeatAnswered()
        #expect(twice == nil, "answered once")
    }

    @Test("forgetting and releasing (a terminal state) both drop the socket and its heartbeat: a socket of /retry does not read the old one as its own")
    func forgetAndRelease() {
        let (start, id) = Self.live()
        var machine = start
        machine.heartbeatSent(at: Self.t0)
        var released = machine
        machine.forget()
        #expect(machine.stage == .none && machine.heartbeatSentAt == nil && machine.id == nil)
        released.release()
        #expect(released.stage == .none && released.heartbeatSentAt == nil)
        // Before, the note stayed: the first frame on the next live socket "answered" it, and the next
        // heartbeat was due at once.
        #expect(released.heartbeatAnswered() == nil)
        let heard = released.heard(on: id, now: Self.t0)
        #expect(!heard, "nothing is heard on a released socket")
    }
}
