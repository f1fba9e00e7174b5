import ChatModel
import Foundation
import SessionCore
import SimulatedServices

/// The simulator's side of the driver's ports: the simulated network and service, the virtual clock,
/// an in-memory store and the run's trace. Answers and wake-ups come back on the scheduler, to the
/// client incarnation that asked (a restarted client never hears its predecessor's).
struct SimulatedPorts {
    /// The run.
    let sim: Simulation

    /// The four ports, all this value.
    var bundle: DriverPorts { DriverPorts(network: self, clock: self, store: self, events: self) }
}

extension SimulatedPorts: DriverNetwork {
    func call(_ id: RequestID, _ request: HTTPRequest) {
        let client = sim.incarnation
        let sim = sim
        sim.log("← http \(id) \(request.method) \(URLComponents(string: request.url)?.path ?? request.url)")
        sim.sendHTTP(request) { result in
            guard client == sim.incarnation else { return }
            sim.feed(.http(id, result))
        }
    }

    func upload(_ id: RequestID, _ upload: FileUpload) {
        let client = sim.incarnation
        let sim = sim
        sim.after(1) {
            guard client == sim.incarnation else { return }
            sim.feed(.http(id, .failure(TransportFailure(.other, "uploads are not simulated"))))
        }
    }

    func download(_ id: RequestID, _ download: FileDownload) {
        let client = sim.incarnation
        let sim = sim
        sim.after(1) {
            guard client == sim.incarnation else { return }
            sim.feed(.downloaded(id, .failure(DownloadFailure("not simulated"))))
        }
    }

    /// Nothing to stop: an answer that still comes is dropped by the driver.
    func cancelCall(_ id: RequestID) {}

    func openSocket(_ id: SocketID, _ endpoint: SocketEndpoint) {
        sim.log("← open \(id)")
        sim.openSocket(id, url: endpoint.url, largestMessage: endpoint.largestMessage, client: sim.incarnation)
    }

    func write(_ text: String, on id: SocketID) {
        sim.log("← write \(id) \(text.prefix(120))")
        sim.writeFrame(text, on: id)
    }

    func closeSocket(_ id: SocketID) {
        sim.log("← close \(id)")
        sim.closeFromClient(id)
    }
}

extension SimulatedPorts: DriverClock {
    func wake(_ key: TimerKey, token: Int, at: Date) {
        let client = sim.incarnation
        let sim = sim
        // Like the live clock: the deadline in whole milliseconds, rounded up.
        let due = Int64(((at.timeIntervalSince1970 - SimJSON.epochSeconds) * 1000).rounded(.up))
        sim.at(max(sim.now, due)) {
            guard client == sim.incarnation else { return }
            sim.timerFired(key, token: token)
        }
    }

    /// Nothing to unschedule: the wake-up still comes and the driver drops its stale token.
    func cancelWake(_ key: TimerKey) {}
}

extension SimulatedPorts: DriverStore {
    func persist(_ snapshot: SessionSnapshot) { sim.snapshot = snapshot }

    func forget() { sim.snapshot = nil }
}

extension SimulatedPorts: DriverEvents {
    func willHandle(_ input: SessionInput) {
        sim.log("→ \(SimulationTrace.describe(input))")
        sim.stepChecks.follow(input)
    }

    func publish(_ event: ChatEvent) {
        let client = sim.incarnation
        if case .transcript(let update) = event, let item = sim.linePrints[client, default: LinePrintModel()].follow(update) {
            sim.log("line mode prints own \(item.key) \(item.delivery.map { "\($0)" } ?? "-"): \(item.text.prefix(40))")
        }
        if case .connection(let state) = event { sim.log("state \(state.summary)") }
        if case .notice(let text) = event { sim.log("notice: \(text)") }
    }

    func record(_ record: TranscriptRecord) { sim.records.append(record) }

    func log(_ level: LogLevel, _ text: String) { sim.log("core: \(text)") }

    func finished() { sim.log("client \(sim.incarnation) finished") }
}
