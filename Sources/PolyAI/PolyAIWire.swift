import ChatModel
import Foundation
import SessionCore

/// PolyAI Messaging as a ``ChatWire``: an access token and a session over REST, then one socket
/// carrying everything (messages, echoes, streamed chunks, handoff events, heartbeats).
///
/// ```swift
/// let wire = PolyAIWire(options: PolyAIOptions(apiKey: key, environment: .uk), ids: .random())
/// let session = ChatSession(wire: wire)
/// ```
public struct PolyAIWire: ChatWire {
    /// Where the session start is.
    enum StartStep: Sendable, Hashable {
        case accessToken
        case session
    }

    let options: PolyAIOptions
    var ids: IDSource
    var accessToken: String?
    /// The session id once started (not a credential).
    public internal(set) var sessionId: String?
    var isNewSession = false
    var conversation: PolyAIConversation
    var socketOpenedAt: Date?
    /// True once the server answered this socket's opening heartbeat.
    var socketReady = false
    var typing = PolyAITypingPolicy()
    var startStep = StartStep.accessToken
    var attempts: [WireOperation: Int] = [:]

    /// A wire for `options`; nothing happens until the core starts it.
    public init(options: PolyAIOptions, ids: IDSource) {
        self.options = options
        self.ids = ids
        self.conversation = PolyAIConversation(showsStreaming: options.streaming)
        self.conversation.me = Participant(name: options.displayName, role: .customer)
    }

    /// The reconnect cursor: every sequence up to it has been seen.
    public var cursor: Int { conversation.lastSequence }

    /// A frame is an `EVENT_BATCH`: a replay after a reconnect holds every event missed, each one a
    /// chat message or more, so a batch may pass the one-message limit (spec §3, §17: batch sizes
    /// are not documented). It is read up to the largest frame Helpline takes.
    public var largestSocketMessage: Int { SocketLimits.largestFrame }

    /// What the protocol is like (the server's `SESSION_START` may change the heartbeat and budget).
    public var capabilities: WireCapabilities {
        let server = conversation.capabilities
        var policy = PolyAIPolicies.reconnect
        if let budget = server?.maxReconnectAttempts { policy.maxAttempts = budget == 0 ? nil : budget }
        let heartbeat = server?.heartbeatIntervalSeconds.flatMap { $0 > 0 ? Duration.seconds($0) : nil }
        return WireCapabilities(
            name: "PolyAI", endpoint: options.environment.displayHost, ordering: .sequence,
            heartbeatInterval: heartbeat ?? PolyAIPolicies.heartbeatInterval, reconnectPolicy: policy,
            historyArrivesOnSocket: true, sendsOnSocket: true, typingInterval: 0, hasReceipts: false,
            messageLimit: MessageLimit(maximum: server?.maxMessageSizeBytes ?? 1_048_576, unit: .bytes),
            attachments: nil, readiness: .answeredOrQuiet)
    }

    /// The access token and session, to rejoin within ten idle minutes.
    public var resumeCredentials: ResumeCredentials? {
        guard let accessToken, let sessionId else { return nil }
        return ResumeCredentials(
            token: accessToken, participantId: nil, contactId: sessionId, markdownAllowed: false,
            displayName: options.displayName)
    }

    /// The session as it stands, for rejoining within ten idle minutes (nil before the start).
    public var resumeRecord: PolyAIResumeRecord? {
        guard let accessToken, let sessionId, let lastActivity = conversation.lastActivity else { return nil }
        return PolyAIResumeRecord(accessToken: accessToken, sessionId: sessionId, lastActivity: lastActivity)
    }

    var sessionInfo: SessionInfo {
        SessionInfo(
            backend: "PolyAI", endpoint: options.environment.displayHost,
            me: Participant(name: options.displayName, role: .customer), contactId: sessionId)
    }

    public mutating func begin(_ operation: WireOperation, now: Date) -> WireOutput {
        switch operation {
        case .start:
            do { try options.validate() } catch let error as PolyAIError {
                return .failed(error.backendError)
            } catch {
                return .failed(.protocolViolation("\(error)"))
            }
            if sessionId != nil || adoptResume(now: now) { return .done(.started(sessionInfo)) }
            return restStep(operation)
        case .renewSession:
            return restStep(operation)
        case .connect:
            return socketEndpoint(now: now)
        case .send(let message):
            let limit = capabilities.messageLimit?.maximum ?? 1_048_576
            guard message.text.utf8.count <= limit else {
                return .failed(.notSent("the message is larger than PolyAI takes (\(limit) bytes)"))
            }
            conversation.touch(now)
            return .write([PolyAIOutgoing.userMessage(text: message.text, localId: message.localId)], then: .awaitingEcho)
        case .typing:
            let start = typing.keystroke(at: now)
            let stop = WireTimer(name: "typing-stopped-\(typing.generation)", delay: PolyAIPolicies.typingStoppedDelay)
            return .write(start ? [PolyAIOutgoing.typingStarted] : [], timers: [stop], then: .none)
        case .receipt:
            return .done(.none)
        case .fetch:
            // PolyAI replays missed events on the socket (cursor): there is nothing to fetch.
            return .done(.page(TranscriptPage(events: [], nextPageToken: nil)))
        case .end:
            return .write([PolyAIOutgoing.endSession], then: .none)
        case .upload, .downloadURL, .describeView:
            return .failed(.notSent("PolyAI chats carry no attachments"))
        case .authenticationURL, .cancelAuthentication:
            return .failed(.notSent("PolyAI chats have no customer sign-in"))
        }
    }

    public mutating func resume(_ operation: WireOperation, with result: HTTPResult, now: Date) -> WireOutput {
        guard operation == .start || operation == .renewSession else { return .failed(.protocolViolation("no call was made")) }
        let isTokenCall = startStep == .accessToken
        let url = options.environment.restBase + (isTokenCall ? "/access-token" : "/sessions")
        switch PolyAIREST.read(result, url: url, isTokenCall: isTokenCall) {
        case .retry(let delay, let failure):
            let attempt = (attempts[operation] ?? 1) + 1
            guard attempt <= PolyAIREST.maxAttempts else {
                attempts[operation] = nil
                startStep = .accessToken
                return .failed(PolyAIError.network(failure).backendError)
            }
            attempts[operation] = attempt
            return .retry(after: delay)
        case .failed(let error):
            attempts[operation] = nil
            startStep = .accessToken
            return .failed(error.backendError)
        case .json(let object):
            attempts[operation] = nil
            return startAnswered(object, operation: operation, now: now)
        }
    }

    private mutating func startAnswered(_ object: PolyAIJSON, operation: WireOperation, now: Date) -> WireOutput {
        switch startStep {
        case .accessToken:
            guard let token = object.nonEmpty("access_token"), PolyAIJWT.isUsable(token, now: now) else {
                return .failed(PolyAIError.badAPIKey("the server returned no usable access token").backendError)
            }
            accessToken = token
            startStep = .session
            return restStep(operation)
        case .session:
            startStep = .accessToken
            guard let id = object.nonEmpty("session_id") else {
                return .failed(PolyAIError.protocolError("session creation returned no session_id").backendError)
            }
            sessionId = id
            isNewSession = true
            conversation.reset()
            conversation.touch(now)
            return .done(.started(sessionInfo))
        }
    }

    /// The call for the start's current step.
    private mutating func restStep(_ operation: WireOperation) -> WireOutput {
        if attempts[operation] == nil { attempts[operation] = 1 }
        switch startStep {
        case .accessToken:
            return .request(PolyAIREST.accessTokenRequest(
                restBase: options.environment.restBase, apiKey: options.apiKey, hostId: options.hostId,
                correlation: ids.uuid().uppercased()))
        case .session:
            guard let accessToken else {
                startStep = .accessToken
                return restStep(operation)
            }
            return .request(PolyAIREST.sessionRequest(
                restBase: options.environment.restBase, accessToken: accessToken, streaming: options.streaming,
                correlation: ids.uuid().uppercased()))
        }
    }

    /// The socket URL with token, session and (after the first events) the replay cursor.
    private mutating func socketEndpoint(now: Date) -> WireOutput {
        guard let token = accessToken, let sessionId else {
            return .failed(.protocolViolation("the PolyAI session was not started"))
        }
        if PolyAILifecycle.verdict(openedAt: nil, lastActivity: conversation.lastActivity, now: now) == .expired
            || !PolyAIJWT.isUsable(token, now: now)
        {
            return .failed(PolyAIError.sessionExpired.backendError)
        }
        guard var components = URLComponents(string: options.environment.socketURL) else {
            return .failed(PolyAIError.invalidConfiguration("bad socket URL").backendError)
        }
        var query = [URLQueryItem(name: "access_token", value: token), URLQueryItem(name: "session_id", value: sessionId)]
        if cursor > 0 { query.append(URLQueryItem(name: "cursor", value: String(cursor))) }
        components.queryItems = query
        // `+` is legal in a query but servers read it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.string else { return .failed(PolyAIError.invalidConfiguration("bad socket URL").backendError) }
        socketOpenedAt = now
        socketReady = false
        conversation.touch(now)
        return .done(.socket(SocketEndpoint(url: url, largestMessage: largestSocketMessage)))
    }

    /// A heartbeat at once. The server sends its replay first on a new socket (spec §3), in one batch or
    /// more, and answers frames after it: the echo says the replay has been read, whether or not it began
    /// with `SESSION_START`. A server that echoes nothing leaves the core's subscribe timeout to decide.
    public mutating func socketOpened(now: Date) -> [String] {
        [PolyAIOutgoing.heartbeat]
    }

    /// Decodes one frame: dedup by event id, batches in sequence order, chunks assembled. The echo of
    /// the opening heartbeat makes the socket ready (the spec leaves open whether a reconnect's replay
    /// starts with `SESSION_START`, §3 and §11). A new session asks for the agent to join on its first
    /// `SESSION_START`, or when ready without one, unless it already has (§5).
    public mutating func decode(_ frame: String, now: Date) -> WireDecoded {
        var decoded = WireDecoded(events: conversation.handle(frame: frame, now: now))
        let sessionStarted = conversation.takeSessionStart()
        let readyNow = conversation.takeHeartbeatEcho() && !socketReady
        if sessionStarted || readyNow, isNewSession, !conversation.joinSent, !conversation.agentJoined {
            conversation.joinSent = true
            decoded.replies.append(PolyAIOutgoing.join(announcing: options.announcedName))
        }
        if readyNow {
            socketReady = true
            decoded.events.append(.subscribed)
        }
        if conversation.rejoinRequested {
            conversation.rejoinRequested = false
            decoded.replies.append(PolyAIOutgoing.join(announcing: options.announcedName))
        }
        return decoded
    }

    /// `EVENT_TYPE_HEARTBEAT` (the server echoes it); the two-hour socket age and ten idle minutes (spec §10).
    public mutating func heartbeat(now: Date) -> (frames: [String], verdict: HeartbeatVerdict) {
        switch PolyAILifecycle.verdict(openedAt: socketOpenedAt, lastActivity: conversation.lastActivity, now: now) {
        case .keep: ([PolyAIOutgoing.heartbeat], .keep)
        case .forceReconnect: ([], .replaceSocket)
        case .expired: ([], .expire(PolyAIError.sessionExpired.description))
        }
    }

    /// The close-code table of spec §9.1.
    public func closeDisposition(_ close: SocketClose) -> CloseDisposition {
        switch PolyAICloseCodes.action(close) {
        case .end: .endChat
        case .replaced: .replaced
        case .newSession: .newSession
        case .reconnectAfterNetworkDelay: .reconnectAfter(PolyAIPolicies.networkReconnectDelay)
        case .reconnect: .reconnect
        }
    }

    /// A half-streamed reply is settled and the end is noted (a close 1000 without `SESSION_END`).
    public mutating func chatClosed(now: Date) -> [BackendEvent] {
        conversation.closedByServer(now: now)
    }

    /// Typing STOPPED 5 s after the last keystroke.
    public mutating func timerFired(_ name: String, now: Date) -> [String] {
        guard name.hasPrefix("typing-stopped-"), let generation = Int(name.dropFirst("typing-stopped-".count)),
            typing.stopDue(generation: generation)
        else { return [] }
        return [PolyAIOutgoing.typingStopped]
    }

    /// Ours: the customer's.
    public func isOwn(_ item: ChatItem, me: Participant) -> Bool {
        item.sender.role == .customer
    }

    /// Adopts `options.resume` when it is fresh; a resumed session sends no join and replays from the start.
    private mutating func adoptResume(now: Date) -> Bool {
        guard let record = options.resume, record.isFresh(now: now) else { return false }
        accessToken = record.accessToken
        sessionId = record.sessionId
        isNewSession = false
        conversation.reset()
        conversation.touch(record.lastActivity)
        return true
    }
}
