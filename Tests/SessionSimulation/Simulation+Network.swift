import ChatModel
import Foundation
import SessionCore
import SimulatedServices

/// The simulated network between the client and the service: latency with jitter, frames in order on a
/// socket (or not, while reordering), duplicates, drops, half-open sockets and partitions.
struct SimNetwork {
    /// One socket as both ends know it.
    struct Link {
        var socket: SocketID
        var connection: Int
        var client: Int
        var open = true
        var halfOpen = false
        var lastUp: Int64 = 0
        var lastDown: Int64 = 0
        /// When the client hears the socket opened, or later its first frames (a PolyAI replay) arrive:
        /// nothing the service sends afterwards arrives before that. The driver reads frames only after the
        /// upgrade, and a server sends what it replays before it answers anything (so even a reordering
        /// network puts no live frame or echo ahead of the replay).
        var opensAt: Int64 = 0
        /// The largest message the client reads on this socket (its endpoint's); a larger one is skipped.
        var largestMessage = SocketLimits.largestMessage
    }

    var links: [SocketID: Link] = [:]
    var socketByConnection: [Int: SocketID] = [:]
    var partitionUntil: Int64 = -1
    var reorderUntil: Int64 = -1
    var duplicateUntil: Int64 = -1
    /// Sockets a client closed while their upgrade was still on its way, with the client (ids start
    /// again with each client): the upgrade never completes.
    var abandoned: [SocketID: Int] = [:]
    /// How long the driver waits for an HTTP answer (the real one's default), and for a socket to open.
    static let httpTimeout: Int64 = 15_000
    static let socketTimeout: Int64 = 10_000
}

extension Simulation {
    /// One message's one-way time.
    func latency() -> Int64 {
        plan.latency + (plan.jitter > 0 ? rng.millis(0...plan.jitter) : 0)
    }

    var partitioned: Bool { now < network.partitionUntil }

    func sendHTTP(_ request: HTTPRequest, completion: @escaping (HTTPResult) -> Void) {
        let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        let simRequest = SimRequest(method: request.method, url: request.url, headers: headers, body: request.body)
        let started = now
        guard !partitioned else {
            after(latency() + 1) { completion(.failure(TransportFailure(.refused, "connection refused (simulated partition)"))) }
            return
        }
        after(latency()) {
            guard let answer = self.service.http(simRequest, now: self.now) else {
                self.count("lost-answer")
                self.at(started + SimNetwork.httpTimeout) { completion(.failure(TransportFailure(.timedOut, "timed out"))) }
                return
            }
            self.serviceTick()
            self.after(self.latency()) {
                if self.partitioned {
                    self.at(max(self.now, started + SimNetwork.httpTimeout)) { completion(.failure(TransportFailure(.timedOut, "timed out"))) }
                    return
                }
                completion(.response(HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)))
            }
        }
    }

    func openSocket(_ id: SocketID, url: String, largestMessage: Int, client: Int) {
        let started = now
        guard !partitioned else {
            after(latency() + 1) { if client == self.incarnation { self.feed(.socketClosed(id, .unreachable(TransportFailure(.refused, "connection refused")))) } }
            return
        }
        after(latency()) {
            guard client == self.incarnation, self.network.abandoned[id] != client else { return }
            // A partition that began while the upgrade was on its way: no answer gets through, and the
            // client gives up on the upgrade (a socket cannot open across it, nor its replay be lost in it).
            guard !self.partitioned else {
                self.after(SimNetwork.socketTimeout) {
                    if client == self.incarnation { self.feed(.socketClosed(id, .unreachable(TransportFailure(.timedOut, "the upgrade timed out")))) }
                }
                return
            }
            guard self.service.answersUpgrade(url: url, now: self.now) else {
                // Taken and never answered: the transport gives the upgrade up at the REST deadline
                // (the live `UpgradeDeadline`), unless the client abandoned it first.
                self.count("unanswered-upgrade")
                self.at(started + SimNetwork.httpTimeout) {
                    guard client == self.incarnation, self.network.abandoned[id] != client else { return }
                    self.feed(.socketClosed(id, .unreachable(TransportFailure(.timedOut, "socket: no answer to the upgrade within 15 s"))))
                }
                return
            }
            guard let (connection, output) = self.service.openSocket(url: url, now: self.now) else {
                self.after(self.latency()) { if client == self.incarnation { self.feed(.socketClosed(id, .upgradeRefused)) } }
                return
            }
            var link = SimNetwork.Link(socket: id, connection: connection, client: client)
            link.largestMessage = largestMessage
            let opened = self.now + self.latency()
            link.lastDown = opened
            link.opensAt = opened
            self.network.links[id] = link
            self.network.socketByConnection[connection] = id
            self.at(opened) {
                guard client == self.incarnation, self.network.links[id]?.open == true else { return }
                self.feed(.socketOpened(id))
            }
            self.deliver(output, to: connection, inOrder: true)
            if var current = self.network.links[id] {
                current.opensAt = current.lastDown
                self.network.links[id] = current
            }
        }
    }

    func writeFrame(_ frame: String, on id: SocketID) {
        guard var link = network.links[id], link.open, link.client == incarnation else { return }
        guard !link.halfOpen, !partitioned else {
            count("frame-into-the-void")
            return
        }
        let time = max(now + latency(), link.lastUp)
        link.lastUp = time
        network.links[id] = link
        at(time) {
            guard let current = self.network.links[id], !current.halfOpen, !self.partitioned else { return }
            let output = self.service.frame(frame, on: current.connection, now: self.now)
            self.deliver(output, to: current.connection)
            self.serviceTick()
        }
    }

    /// Sends what the service says on `connection` to the client, in order (unless reordering and not
    /// `inOrder`), then its close.
    func deliver(_ output: SimSocketOutput, to connection: Int, inOrder: Bool = false) {
        guard let id = network.socketByConnection[connection], var link = network.links[id] else { return }
        for frame in output.frames {
            let reorder = !inOrder && now < network.reorderUntil
            let time = reorder ? max(now + rng.millis(0...(2 * plan.latency + 800)), link.opensAt) : max(now + latency(), link.lastDown)
            if !reorder { link.lastDown = time }
            let client = link.client
            at(time) { self.arrive(frame, on: id, client: client) }
            if now < network.duplicateUntil, rng.chance(0.3) {
                count("duplicate")
                at(time + rng.millis(0...500)) { self.arrive(frame, on: id, client: client) }
            }
        }
        network.links[id] = link
        if let code = output.close {
            let time = max(now + latency(), link.lastDown) + 1
            let client = link.client
            at(time) {
                guard var current = self.network.links[id], current.open, client == self.incarnation else { return }
                current.open = false
                self.network.links[id] = current
                self.service.socketClosed(connection, now: self.now)
                // A dead path (half-open, partitioned) does not carry the close either: the client finds out by itself.
                guard !current.halfOpen, !self.partitioned else { return }
                self.feed(.socketClosed(id, .afterOpen(code: code)))
            }
        }
    }

    private func arrive(_ frame: String, on id: SocketID, client: Int) {
        guard let link = network.links[id], link.open, !link.halfOpen, client == incarnation, !partitioned else { return }
        // The driver reads a message only up to the endpoint's limit, as the live transport does.
        let bytes = frame.utf8.count
        if bytes > link.largestMessage {
            count("oversized-message")
            feed(.socketSkippedOversized(id, bytes: bytes))
            return
        }
        feed(.socketFrame(id, frame))
    }

    func closeFromClient(_ id: SocketID) {
        guard var link = network.links[id] else {
            // Closed before the upgrade reached the service (the live driver cancels the upgrade).
            network.abandoned[id] = incarnation
            return
        }
        guard link.open else { return }
        link.open = false
        network.links[id] = link
        let connection = link.connection
        after(latency()) { self.service.socketClosed(connection, now: self.now) }
    }

    /// Lets the service do what it has due, and wakes it again when it next has something.
    func serviceTick() {
        for (connection, output) in service.tick(now: now) { deliver(output, to: connection) }
        if let wake = service.nextWake, wake > now, wake != scheduledWake {
            scheduledWake = wake
            at(wake) {
                self.scheduledWake = nil
                self.serviceTick()
            }
        }
    }

    /// Every socket of the current client.
    var currentLinks: [SocketID] {
        network.links.values.filter { $0.open && $0.client == incarnation }.map(\.socket).sorted { $0.value < $1.value }
    }
}
