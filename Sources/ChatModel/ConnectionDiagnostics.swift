import Foundation

/// What the engine knows about its connection, for a diagnostics view: state changes with their
/// times, the last socket frames (credentials redacted), heartbeat round trips, reconnects.
///
/// Published as ``ChatEvent/diagnostics(_:)`` whenever the state changes or a heartbeat is
/// answered, and at most once a second while frames flow. Each list is oldest first and short.
public struct ConnectionDiagnostics: Sendable, Hashable {
    /// One change of the connection state.
    public struct StateChange: Sendable, Hashable {
        /// When it changed.
        public var at: Date
        /// The new state.
        public var state: ConnectionState

        /// Creates a state change.
        public init(at: Date, state: ConnectionState) {
            self.at = at
            self.state = state
        }
    }

    /// One socket frame, with tokens, secrets and signatures replaced by `[redacted]`.
    public struct FrameRecord: Sendable, Hashable {
        /// When it was sent or received.
        public var at: Date
        /// True for a frame the client sent, false for one it received.
        public var outgoing: Bool
        /// The redacted frame text (shortened when long).
        public var text: String

        /// Creates a frame record.
        public init(at: Date, outgoing: Bool, text: String) {
            self.at = at
            self.outgoing = outgoing
            self.text = text
        }
    }

    /// One answered heartbeat.
    public struct Heartbeat: Sendable, Hashable {
        /// When the answer arrived.
        public var at: Date
        /// From sending the heartbeat to the first frame answering it, in seconds.
        public var roundTrip: TimeInterval

        /// Creates a heartbeat record.
        public init(at: Date, roundTrip: TimeInterval) {
            self.at = at
            self.roundTrip = roundTrip
        }
    }

    /// State changes, oldest first.
    public var states: [StateChange]
    /// The last socket frames, oldest first.
    public var frames: [FrameRecord]
    /// The last heartbeat round trips, oldest first.
    public var heartbeats: [Heartbeat]
    /// How often the connection opened again after it had been open.
    public var reconnects: Int
    /// Why the last deep heartbeat failed, while it keeps failing (nil: well, or not known).
    public var deepHeartbeatFailure: String?

    /// Creates a diagnostics snapshot.
    public init(
        states: [StateChange] = [], frames: [FrameRecord] = [], heartbeats: [Heartbeat] = [], reconnects: Int = 0,
        deepHeartbeatFailure: String? = nil
    ) {
        self.states = states
        self.frames = frames
        self.heartbeats = heartbeats
        self.reconnects = reconnects
        self.deepHeartbeatFailure = deepHeartbeatFailure
    }
}
