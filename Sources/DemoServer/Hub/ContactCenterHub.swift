import Foundation
import Logging

/// A command for one open socket's writer.
enum SocketCommand: Sendable {
    case text(String)
    case close(code: UInt16, reason: String)
    /// Drop the TCP connection without a close frame.
    case abort
}

/// One open WebSocket of a participant.
struct SocketLink: Sendable {
    var contactId: String
    var participantId: String
    var subscribed = false
    var continuation: AsyncStream<SocketCommand>.Continuation

    /// Ends the socket: a last command (a close frame or an abort) for its writer, then nothing more.
    func end(_ command: SocketCommand) {
        continuation.yield(command)
        continuation.finish()
    }
}

/// The single owner of all demo contact-center state: the contact store, sockets, flows, the desk and faults.
actor ContactCenterHub {
    let configuration: DemoServerConfiguration
    let flow: DemoFlow
    let logger: Logger
    /// Every contact, its items and participants, the tokens and socket URLs issued, the attachments.
    var store = ContactStore()
    var sockets = SocketTable()
    var runners: [String: FlowRunner] = [:]
    var expiryTasks: [String: Task<Void, Never>] = [:]
    /// The faults being injected now (REST failures, refused upgrades, half-open sockets…).
    var faults: HubFaults
    /// Latency and jitter added to REST responses and socket frames (see `latency=` / `jitter=`); its own
    /// seeded generator, so the `rest-fail` sequence stays the same.
    let latencyFault: LatencyFault
    var stopped = false
    /// The PolyAI Messaging half's state (sessions, tokens, faults).
    var polyAI = PolyAIServerState()
    /// Agent consoles and the live-agent queue.
    var desk = AgentDesk()
    /// Customer sign-ins asked for by `authenticate` steps, and their links.
    var authentications = DemoAuthentications()

    init(configuration: DemoServerConfiguration, flow: DemoFlow, logger: Logger) {
        self.configuration = configuration
        self.flow = flow
        self.logger = logger
        faults = HubFaults(configuration.faults)
        polyAI.faults.bareReplay = configuration.faults.polyAIBareReplay
        polyAI.faults.bulkyReplay = configuration.faults.polyAIBulkyReplay
        latencyFault = LatencyFault(
            latency: configuration.faults.latency, jitter: configuration.faults.jitter, seed: configuration.faults.seed)
    }

    /// Current wall-clock time in milliseconds.
    var nowMillis: Int64 { ConnectTime.millis(configuration.now()) }

    /// A fresh lower-case UUID string, the shape of every Connect Id.
    static func newId() -> String { UUID().uuidString.lowercased() }

    /// A random opaque token that looks like the service's base64 tokens.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<96).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return "QVFJREFI" + Data(bytes).base64EncodedString()
    }

    // MARK: Start chat

    /// Creates a contact with its customer, as StartChatContact does; returns (contactId, participantId, token).
    func startChat(
        displayName: String, supportedContentTypes: [String]?, durationMinutes: Int?, continuedFrom: String?
    ) -> (contactId: String, participantId: String, participantToken: String) {
        let contactId = Self.newId()
        let customerId = Self.newId()
        var types = Set(supportedContentTypes ?? [])
        types.insert("text/plain")
        var contact = ContactRecord(
            contactId: contactId, initialContactId: contactId, customerId: customerId, supportedContentTypes: types)
        contact.participants[customerId] = ParticipantRecord(id: customerId, role: .customer, displayName: displayName)
        if let source = continuedFrom, let past = store.contacts[source] {
            contact.continuedFromContactId = source
            store.items[contactId] = (store.items[source] ?? []).map { item in
                var copy = item
                copy.relatedContactId = item.relatedContactId ?? past.contactId
                return copy
            }
            contact.lastMillis = past.lastMillis
        }
        store.contacts[contactId] = contact
        let token = Self.newToken()
        store.participantTokens[token] = TokenGrant(contactId: contactId, participantId: customerId)
        if contact.continuedFromContactId != nil {
            // Stored now (GetTranscript shows it); pushed on the socket when the customer subscribes.
            let event = appendEvent(contactId, contentType: EventType.chatRehydrated, participantId: nil)
            store.contacts[contactId]?.pendingRehydration = event?.id
        }
        appendEvent(contactId, contentType: EventType.participantJoined, participantId: customerId)
        logger.debug("chat started", metadata: ["contact": "\(contactId)", "flow": "\(flow.name)"])
        let runner = FlowRunner(hub: self, contactId: contactId, customerName: displayName, flow: flow,
                                replyDelay: configuration.replyDelay, timerSleep: configuration.timerSleep)
        runners[contactId] = runner
        // StartChatContact's default ChatDurationInMinutes is 1500 (25 h).
        scheduleExpiry(contactId, after: .seconds((durationMinutes ?? 1500) * 60))
        return (contactId, customerId, token)
    }

    /// Ends a chat when its ChatDurationInMinutes elapses.
    private func scheduleExpiry(_ contactId: String, after duration: Duration) {
        expiryTasks[contactId] = Task { [weak self] in
            guard (try? await Task.sleep(for: duration)) != nil else { return }
            await self?.endChat(contactId, customerLeft: false)
        }
    }

    /// The contact a ParticipantToken or ConnectionToken belongs to (for the request log).
    func contactId(forToken token: String) -> String? { store.contactId(forToken: token) }

    /// Whether a contact that has ended can seed a persistent chat.
    func isEndedContact(_ contactId: String) -> Bool {
        store.contacts[contactId]?.ended == true
    }

    // MARK: Items and fan-out

    /// Appends a stored item and fans it out; returns it.
    @discardableResult
    func appendItem(_ contactId: String, _ build: (inout StoredItem) -> Void, type: String, contentType: String,
                    participantId: String?) -> StoredItem? {
        guard var contact = store.contacts[contactId] else { return nil }
        let sender = participantId.flatMap { contact.participants[$0] }
        var item = StoredItem(
            id: Self.newId(), type: type, contentType: contentType, participantId: sender?.id,
            displayName: sender?.displayName, role: sender?.role, millis: contact.nextMillis(now: nowMillis))
        build(&item)
        store.contacts[contactId] = contact
        store.items[contactId, default: []].append(item)
        fanOut(contact, item.wire(contactId: contact.contactId, initialContactId: contact.initialContactId, forSocket: true))
        return item
    }

    /// Appends an EVENT item (joined, left, ended…).
    @discardableResult
    func appendEvent(_ contactId: String, contentType: String, participantId: String?, content: String? = nil)
        -> StoredItem?
    {
        appendItem(contactId, { $0.content = content }, type: "EVENT", contentType: contentType,
                   participantId: participantId)
    }

    /// Sends an item to every subscribed socket of the contact (including the sender's).
    func fanOut(_ contact: ContactRecord, _ item: WireItem) {
        polyAIForward(contact, item)
        let frame = WireJSON.string(ChatFrame(content: WireJSON.string(item)))
        for (id, link) in sockets.links(ofContact: contact.contactId) where link.subscribed && faults.speaks(id) {
            if let delay = faults.reorderDelay() {
                // Out-of-order fault: each frame waits a random part of the window before it is written.
                let continuation = link.continuation
                Task {
                    try? await Task.sleep(for: delay)
                    continuation.yield(.text(frame))
                }
            } else {
                link.continuation.yield(.text(frame))
            }
        }
    }

    /// A transient item (typing, receipts) that is fanned out but not stored as its own item.
    func transientItem(_ contact: inout ContactRecord, type: String, contentType: String, participantId: String?)
        -> StoredItem
    {
        let sender = participantId.flatMap { contact.participants[$0] }
        return StoredItem(
            id: Self.newId(), type: type, contentType: contentType, participantId: sender?.id,
            displayName: sender?.displayName, role: sender?.role, millis: contact.nextMillis(now: nowMillis))
    }

    // MARK: Ending

    /// Ends a chat: `participant.left` (customer if it left, else every agent/bot), `chat.ended`, then closes sockets.
    func endChat(_ contactId: String, customerLeft: Bool) {
        guard let contact = store.contacts[contactId], !contact.ended else { return }
        if customerLeft {
            store.contacts[contactId]?.participants[contact.customerId]?.present = false
            appendEvent(contactId, contentType: EventType.participantLeft, participantId: contact.customerId)
        } else {
            let leaving = contact.participants.values
                .filter { $0.present && $0.role != .customer && $0.role != .system }
                .sorted { $0.displayName < $1.displayName }
            for participant in leaving {
                store.contacts[contactId]?.participants[participant.id]?.present = false
                appendEvent(contactId, contentType: EventType.participantLeft, participantId: participant.id)
            }
        }
        appendEvent(contactId, contentType: EventType.chatEnded, participantId: nil)
        store.contacts[contactId]?.ended = true
        logger.debug("chat ended", metadata: ["contact": "\(contactId)", "customerLeft": "\(customerLeft)"])
        runners.removeValue(forKey: contactId)?.stop()
        desk.remove(contactId: contactId)
        authentications.remove(contactId: contactId)
        expiryTasks.removeValue(forKey: contactId)?.cancel()
        for (id, link) in sockets.links(ofContact: contactId) {
            link.end(.close(code: 1000, reason: "Chat ended"))
            sockets[id] = nil
        }
    }

    /// Does nothing: the time a call takes to get here is how long every chat's request waits for
    /// the hub (``ServerLoadWatch``).
    func ping() {}

    /// Stops every flow and closes every socket (server shutdown).
    func shutdown() {
        stopped = true
        healPath()
        for runner in runners.values { runner.stop() }
        for task in expiryTasks.values { task.cancel() }
        expiryTasks.removeAll()
        runners.removeAll()
        for link in sockets.values {
            link.end(.close(code: 1001, reason: "Server shutting down"))
        }
        sockets.removeAll()
    }
}

/// Content types of the events the demo emits.
enum EventType {
    static let prefix = "application/vnd.amazonaws.connect.event."
    static let participantJoined = prefix + "participant.joined"
    static let participantLeft = prefix + "participant.left"
    static let chatEnded = prefix + "chat.ended"
    static let chatRehydrated = prefix + "chat.rehydrated"
    static let typing = prefix + "typing"
    static let delivered = prefix + "message.delivered"
    static let read = prefix + "message.read"
    static let acknowledged = prefix + "connection.acknowledged"
    static let metadata = prefix + "message.metadata"
    static let participantInvited = prefix + "participant.invited"
    static let displayNameUpdated = prefix + "participant.displayname.updated"
    static let transferSucceeded = prefix + "transfer.succeeded"
    static let transferFailed = prefix + "transfer.failed"
}
