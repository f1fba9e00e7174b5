import Foundation

/// Inspection and fault-injection API for tests and `helpline serve`.
extension DemoContactCenter {
    /// The server's own record of a contact's transcript (typing is never stored).
    public func transcript(contactId: String) async -> [DemoTranscriptEntry] {
        await hub.entries(contactId)
    }

    /// The customer messages of a contact that the flow's message rules stopped (`REJECTED`, `FAILED`):
    /// kept here only, never in the transcript.
    public func stoppedMessages(contactId: String) async -> [DemoStoppedMessage] {
        await hub.stoppedMessages(contactId: contactId)
    }

    /// Every contact Id, oldest first.
    public func contacts() async -> [String] {
        await hub.contactIds()
    }

    /// SendEvent calls (typing, receipts) the server received on a contact, with arrival times.
    public func receivedEvents(contactId: String) async -> [DemoReceivedEvent] {
        await hub.received(contactId)
    }

    /// Number of open sockets, on one contact or on all.
    public func openSocketCount(contactId: String? = nil) async -> Int {
        await hub.openSocketCount(contactId)
    }

    /// Whether the contact has ended.
    public func hasEnded(contactId: String) async -> Bool {
        await hub.hasEnded(contactId)
    }

    /// Sends a message now as a participant of `role` (an existing one, else the flow's persona of that role,
    /// else an ad-hoc participant that joins first); returns its Id, or nil if the chat is unknown or ended.
    @discardableResult
    public func injectMessage(contactId: String, text: String, role: DemoRole = .agent,
                              contentType: String = "text/plain") async -> String?
    {
        await hub.inject(contactId, text: text, role: role, contentType: contentType)
    }

    /// Ends the chat from the server side: `participant.left` for the agent/bot, `chat.ended`, sockets closed.
    public func endChat(contactId: String) async {
        await hub.endChat(contactId, customerLeft: false)
    }

    /// Closes every open socket with code 1001, or (`abruptly`) drops the TCP connections without a
    /// close frame so clients see 1006.
    public func dropAllSockets(abruptly: Bool = false) async {
        await hub.dropAllSockets(abruptly: abruptly)
    }

    /// Half-open: the sockets open now stay connected but the server stops answering and delivering on
    /// them until this is cleared; sockets opened meanwhile are served (a reconnect takes a working path).
    public func setHalfOpen(_ halfOpen: Bool) async {
        await hub.setHalfOpen(halfOpen)
    }

    /// A half-open network path: as `setHalfOpen`, and new upgrade requests get no answer until it heals
    /// (then they complete if the client still waits). The `half-open-after`/`half-open-for` faults use this.
    public func setHalfOpenPath(_ halfOpen: Bool) async {
        await hub.setPathHalfOpen(halfOpen)
    }

    /// Holds every REST answer and socket frame (both ways) for `latency` plus a seeded random 0…`jitter`;
    /// zero for both turns it off. A socket's frames keep their order.
    public func setLatency(_ latency: Duration, jitter: Duration = .zero) async {
        hub.setLatency(latency, jitter: jitter)
    }

    /// Fails `rate` (0…1) of Participant REST calls with 500 InternalServerException or 429 ThrottlingException,
    /// decided before any processing; `seed` makes the sequence repeatable.
    public func setRESTFailureRate(_ rate: Double, seed: UInt64 = 1) async {
        await hub.setRESTFailureRate(rate, seed: seed)
    }

    /// Expires every ConnectionToken issued so far (403 AccessDenied until a new CreateParticipantConnection).
    public func expireConnectionTokens() async {
        await hub.expireConnectionTokens()
    }

    /// Refuses every socket upgrade while set.
    public func refuseUpgrades(_ refuse: Bool) async {
        await hub.setRefuseUpgrades(refuse)
    }

    /// Answers `aws/ping` with `statusCode` 500 while set.
    public func setDeepHeartbeatFailure(_ failing: Bool) async {
        await hub.setPingFailure(failing)
    }

    /// Answers read/delivered receipts with 409 ConflictException while set (a supervisor is present).
    public func setReceiptConflict(_ conflict: Bool) async {
        await hub.setReceiptConflict(conflict)
    }

    /// Marks every attachment completed from now on REJECTED (pretend malware scan) while set.
    public func setRejectAttachments(_ reject: Bool) async {
        await hub.setRejectAttachments(reject)
    }

    /// Delivers socket frames out of order: each waits a random part of `window` (nil restores order).
    public func setOutOfOrderDelivery(window: Duration?) async {
        await hub.setReorderWindow(window)
    }

    /// Names of the flows available in a directory, or bundled with the binary when `directory` is nil.
    public static func flowNames(in directory: URL? = nil) -> [String] {
        FlowLoader.available(directory: directory)
    }
}
