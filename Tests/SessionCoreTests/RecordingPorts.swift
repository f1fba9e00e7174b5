import ChatModel
import Foundation
import SessionCore

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
