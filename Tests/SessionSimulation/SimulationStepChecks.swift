import ChatModel
import Foundation
import SessionCore

/// The invariants that hold after every step of a run, not only at its end: a violation stops the run
/// at the step that broke it, so its trace ends where things went wrong.
struct SimulationStepChecks {
    /// The sockets the current client holds open: opened by it and neither closed by it nor reported closed.
    var liveSockets: Set<SocketID> = []
    /// How many customer messages of the server's were checked already (they only grow).
    var checkedOnServer = 0

    /// A new client incarnation holds no socket yet.
    mutating func clientStarted() { liveSockets = [] }

    /// Follows the sockets the core opens and closes.
    mutating func follow(_ effect: SessionEffect) {
        switch effect {
        case .openSocket(let id, _): liveSockets.insert(id)
        case .closeSocket(let id): liveSockets.remove(id)
        default: break
        }
    }

    /// Follows what the core is told about its sockets.
    mutating func follow(_ input: SessionInput) {
        if case .socketClosed(let id, _) = input { liveSockets.remove(id) }
    }

    /// What is broken now: the server's messages each once and in typed order, every unsent message in
    /// the transcript, at most one socket, no subscribe timer once live.
    mutating func violations(of sim: Simulation) -> [String] {
        var problems: [String] = []
        let server = sim.service.customerMessages
        if server.count > checkedOnServer {
            var seen = Set(server[..<checkedOnServer])
            for text in server[checkedOnServer...] where !seen.insert(text).inserted {
                problems.append("delivered twice: \(text)")
            }
            checkedOnServer = server.count
            let expected = sim.expectedOrder.filter(seen.contains)
            let typed = Set(sim.typed)
            let arrived = server.filter(typed.contains).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if arrived != expected { problems.append("order: the server holds \(arrived), typed order was \(expected)") }
        }
        if let core = sim.core, !core.unsentMessages.isEmpty {
            let shown = Set(core.transcript.items.compactMap(\.localId))
            for entry in core.unsentMessages where !shown.contains(entry.localId) {
                problems.append("unsent but not in the transcript: \(entry.text)")
            }
        }
        if let core = sim.core {
            // A message the contact center stopped (blocked, or its check failed) is never shown as sent or read.
            let stopped = sim.service.stoppedMessages
            if !stopped.isEmpty {
                for item in core.transcript.items where item.isOwn && stopped[item.id] != nil && (item.delivery ?? .sent) >= .sent {
                    problems.append("\(item.id) was stopped by the contact center but is shown as \(item.delivery.map { "\($0)" } ?? "nothing")")
                }
            }
            problems += core.brokenInvariants.map { "the core's invariant broke: \($0)" }
            if core.connectionState == .open, sim.driver?.timers.isRunning(.subscribe) == true {
                problems.append("a subscribe timer runs on a live connection")
            }
        }
        if liveSockets.count > 1 { problems.append("\(liveSockets.count) sockets open at once: \(liveSockets.sorted { $0.value < $1.value })") }
        return problems
    }
}
