import ChatModel
import Foundation

/// The network as a ``SessionDriver`` sees it: calls, transfers and sockets named by the core's ids.
/// Each call's answer comes back to the driver (``SessionDriver/handle(_:now:ports:)``) as an input.
public protocol DriverNetwork {
    /// Makes an HTTP call; its answer comes back as ``SessionInput/http(_:_:)``.
    func call(_ id: RequestID, _ request: HTTPRequest)
    /// Uploads a file; its answer comes back as ``SessionInput/http(_:_:)``, its progress as ``SessionInput/progress(_:bytes:)``.
    func upload(_ id: RequestID, _ upload: FileUpload)
    /// Downloads a file; its end comes back as ``SessionInput/downloaded(_:_:)``, its progress as ``SessionInput/progress(_:bytes:)``.
    func download(_ id: RequestID, _ download: FileDownload)
    /// Abandons a call still on its way (its answer, if one comes, is dropped by the driver).
    func cancelCall(_ id: RequestID)
    /// Opens a socket; what happens on it comes back as socket inputs with this id.
    func openSocket(_ id: SocketID, _ endpoint: SocketEndpoint)
    /// Writes a text frame on a socket, after every frame written before.
    func write(_ text: String, on id: SocketID)
    /// Closes a socket, or lets go of one that ended: nothing more is reported from it.
    func closeSocket(_ id: SocketID)
}

/// The clock as a ``SessionDriver`` sees it: wake-ups at instants, each with the token the driver
/// checks when it comes back (``SessionDriver/timerFired(_:token:now:ports:)``).
public protocol DriverClock {
    /// Wakes the driver at `at` with `key` and `token` (replacing any wake-up for `key`).
    func wake(_ key: TimerKey, token: Int, at: Date)
    /// Drops the wake-up for `key` (one that comes anyway is ignored by its stale token).
    func cancelWake(_ key: TimerKey)
}

/// Where a ``SessionDriver`` keeps what resumes a chat after a restart.
public protocol DriverStore {
    /// Saves the snapshot (credentials and what is unsent), replacing the one before.
    func persist(_ snapshot: SessionSnapshot)
    /// Forgets the saved snapshot (the chat is over).
    func forget()
}

/// Whom a ``SessionDriver`` tells what happened: subscribers, transcript files, the log.
public protocol DriverEvents {
    /// The core is about to be handed `input` (one the driver did not drop as stale).
    func willHandle(_ input: SessionInput)
    /// Tells subscribers an event.
    func publish(_ event: ChatEvent)
    /// Appends a line to the transcript files.
    func record(_ record: TranscriptRecord)
    /// Writes a log line.
    func log(_ level: LogLevel, _ text: String)
    /// The session is over: nothing more will happen.
    func finished()
}

extension DriverEvents {
    /// Nothing to note.
    public func willHandle(_ input: SessionInput) {}
}

/// The four ports a ``SessionDriver`` carries effects out through, handed to it with each input.
public struct DriverPorts {
    /// Calls, transfers and sockets.
    public var network: any DriverNetwork
    /// Wake-ups.
    public var clock: any DriverClock
    /// The resume snapshot.
    public var store: any DriverStore
    /// Events, transcript lines, logs, the end.
    public var events: any DriverEvents

    /// Bundles the ports.
    public init(network: any DriverNetwork, clock: any DriverClock, store: any DriverStore, events: any DriverEvents) {
        self.network = network
        self.clock = clock
        self.store = store
        self.events = events
    }
}
