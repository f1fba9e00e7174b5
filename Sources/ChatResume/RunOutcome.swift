import SessionCore

/// How one chat run ended, as the resume plans need to know it.
public struct RunOutcome: Sendable, Equatable {
    /// True when the chat ended (the connection is closed for good).
    public var ended: Bool
    /// True when a connection opened at least once.
    public var connected: Bool
    /// True when the user asked for a new chat (`/new`).
    public var newChatRequested: Bool
    /// Messages still unsent at the end.
    public var unsent: [OutboxEntry]

    /// Creates an outcome.
    public init(ended: Bool, connected: Bool, newChatRequested: Bool, unsent: [OutboxEntry] = []) {
        (self.ended, self.connected, self.newChatRequested, self.unsent) = (ended, connected, newChatRequested, unsent)
    }
}

/// What to do after a run: run again (with a line to say first), or stop; and whether the stored
/// session is to be forgotten.
public struct ResumeStep: Sendable, Equatable {
    /// True when another run follows.
    public var runAgain: Bool
    /// True when the stored session is over: remove it from the store.
    public var forgetStored: Bool
    /// A line for the user before the next run, if any.
    public var notice: String?

    /// Creates a step.
    public init(runAgain: Bool, forgetStored: Bool, notice: String? = nil) {
        (self.runAgain, self.forgetStored, self.notice) = (runAgain, forgetStored, notice)
    }
}
