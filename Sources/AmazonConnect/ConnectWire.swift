import ChatModel
import Foundation
import SessionCore

/// The Amazon Connect Participant Service (REST + `aws/chat` socket) as a ``ChatWire``: the
/// calls to make and how to read their answers and the socket's frames (spec §2–§4).
///
/// ```swift
/// let wire = ConnectWire(
///     start: .template(url: startURL, displayName: "Maria", instanceId: nil, contactFlowId: nil),
///     endpoint: "https://participant.connect.us-west-2.amazonaws.com", ids: .random())
/// let session = ChatSession(wire: wire)
/// ```
public struct ConnectWire: ChatWire {
    /// Where an attachment upload is.
    enum UploadStep: Sendable, Hashable {
        case starting
        case putting(attachmentId: String)
        case completing(attachmentId: String)
    }

    let start: ConnectChatStart
    /// The Participant Service base URL, without a trailing slash.
    let endpoint: String
    /// Who we are on the contact (the customer, or an agent console's agent).
    let role: ParticipantRole
    /// The name we chat under.
    public private(set) var displayName: String
    /// The chat once started (holds the participant token, a credential).
    public internal(set) var started: StartedChat?
    var connectionToken: String?
    var ids: IDSource
    var chunks = ChunkAssembler()
    /// AttachmentId → local id of our uploads, to match the server's announcement to the placeholder.
    var uploadTags: [String: String] = [:]
    var uploadSteps: [String: UploadStep] = [:]
    /// ViewResource messages waiting for DescribeView, and the views rendered so far.
    var views = ViewBook()
    /// Heartbeats every 10 s, as every official client does (spec §4.1).
    let heartbeatInterval: Duration
    /// Where the customer's browser goes after signing in (GetAuthenticationUrl's `RedirectUri`);
    /// nil: the endpoint's own `/auth/return` page (``defaultAuthenticationRedirect``).
    public var authenticationRedirect: String?

    /// The Participant Service URL for a region.
    public static func endpoint(region: String) -> String {
        "https://participant.connect.\(region).amazonaws.com"
    }

    /// Content types we can show (sent as `SupportedMessagingContentTypes`).
    public static let supportedContentTypes = [
        "text/plain", "text/markdown",
        "application/vnd.amazonaws.connect.message.interactive",
        "application/vnd.amazonaws.connect.message.interactive.response",
    ]

    /// The MIME types the official clients allow for attachments (spec §4.8).
    public static let attachmentTypes: Set<String> = [
        "text/csv", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "image/heic", "image/jpeg", "video/quicktime", "video/mp4", "application/pdf", "image/png",
        "application/vnd.ms-powerpoint", "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/rtf", "text/plain", "audio/wav", "application/vnd.ms-excel",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// A wire that starts (or joins) a chat as `start` says and talks to `endpoint`; `role` is who we
    /// are on the contact (an agent console joins with `.agent`); `ids` makes client tokens.
    public init(
        start: ConnectChatStart, endpoint: String, role: ParticipantRole = .customer, ids: IDSource,
        heartbeatInterval: Duration = .seconds(10)
    ) {
        self.start = start
        self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        self.role = role
        self.ids = ids
        self.heartbeatInterval = heartbeatInterval
        switch start {
        case .template(_, let name, _, _), .persistent(_, let name, _): displayName = name
        case .participantToken(_, let name): displayName = name ?? "You"
        case .resume(let chat, let name):
            displayName = name
            started = chat
        }
    }

    /// The contact id, once the chat has started.
    public var contactId: String? { started?.contactId }

    /// What the protocol is like.
    public var capabilities: WireCapabilities {
        WireCapabilities(
            name: "Amazon Connect", endpoint: URL(string: endpoint)?.host ?? endpoint, ordering: .time,
            heartbeatInterval: heartbeatInterval, reconnectPolicy: .connect, historyArrivesOnSocket: false,
            sendsOnSocket: false, typingInterval: 10, hasReceipts: true,
            messageLimit: MessageLimit(maximum: 1024, unit: .characters),
            attachments: AttachmentLimits(maxBytes: 20 * 1024 * 1024, allowedTypes: Self.attachmentTypes, maxNameLength: 256))
    }

    /// The credentials to rejoin with, once started.
    public var resumeCredentials: ResumeCredentials? {
        started.map {
            ResumeCredentials(
                token: $0.participantToken, participantId: $0.participantId, contactId: $0.contactId,
                markdownAllowed: $0.markdownAllowed, displayName: displayName)
        }
    }

    var sessionInfo: SessionInfo? {
        started.map {
            SessionInfo(
                backend: "Amazon Connect", endpoint: capabilities.endpoint,
                me: Participant(id: $0.participantId, name: displayName, role: role), contactId: $0.contactId)
        }
    }

    public mutating func begin(_ operation: WireOperation, now: Date) -> WireOutput {
        switch operation {
        case .start, .renewSession:
            if let info = sessionInfo { return .done(.started(info)) }
            switch start {
            case .template(let url, let name, let instanceId, let contactFlowId):
                return startRequest(url: url, displayName: name, instanceId: instanceId, contactFlowId: contactFlowId, continuing: nil)
            case .persistent(let url, let name, let sourceContactId):
                return startRequest(url: url, displayName: name, instanceId: nil, contactFlowId: nil, continuing: sourceContactId)
            case .participantToken(let token, _):
                started = StartedChat(participantToken: token, participantId: nil, contactId: nil, markdownAllowed: false)
            case .resume(let chat, _):
                started = chat
            }
            return sessionInfo.map { .done(.started($0)) } ?? .failed(.protocolViolation("the chat was not started"))
        case .connect:
            guard let token = started?.participantToken else { return .failed(.protocolViolation("the chat was not started")) }
            return .request(call("/participant/connection", token: token, CreateParticipantConnectionRequest(type: ["WEBSOCKET", "CONNECTION_CREDENTIALS"])))
        case .send(let message):
            guard let token = connectionToken else { return .failed(.socketUnavailable) }
            let markdownAllowed = started?.markdownAllowed ?? false
            let contentType = message.contentType == "text/markdown" && !markdownAllowed ? "text/plain" : message.contentType
            return .request(call("/participant/message", token: token,
                SendMessageRequest(contentType: contentType, content: message.text, clientToken: message.clientToken)))
        case .typing:
            guard let token = connectionToken else { return .done(.none) }
            return .request(call("/participant/event", token: token,
                SendEventRequest(contentType: ConnectItemMapper.eventPrefix + "typing", content: nil, clientToken: ids.uuid())))
        case .receipt(let messageId, let read):
            guard let token = connectionToken else { return .done(.none) }
            let content = #"{"messageId":"\#(Self.escaped(messageId))"}"#
            return .request(call("/participant/event", token: token,
                SendEventRequest(
                    contentType: ConnectItemMapper.eventPrefix + (read ? "message.read" : "message.delivered"),
                    content: content, clientToken: ids.uuid())))
        case .fetch(let request):
            guard let token = connectionToken else { return .failed(.socketUnavailable) }
            return .request(call("/participant/transcript", token: token, Self.transcriptRequest(request)))
        case .end:
            guard let token = connectionToken else { return .done(.none) }
            return .request(call("/participant/disconnect", token: token, DisconnectRequest(clientToken: ids.uuid())))
        case .upload(let file, let localId):
            guard let token = connectionToken else { return .failed(.socketUnavailable) }
            uploadSteps[localId] = .starting
            return .request(call("/participant/start-attachment-upload", token: token,
                StartAttachmentUploadRequest(
                    contentType: file.contentType, attachmentSizeInBytes: file.size, attachmentName: file.name,
                    clientToken: ids.uuid())))
        case .downloadURL(let attachmentId):
            guard let token = connectionToken else { return .failed(.socketUnavailable) }
            return .request(call("/participant/attachment", token: token,
                GetAttachmentRequest(attachmentId: attachmentId, urlExpiryInSeconds: 300)))
        case .describeView(let itemId):
            guard let token = connectionToken, let pending = views.pending[itemId] else {
                return .failed(.protocolViolation("no view to fetch"))
            }
            let encoded = pending.token.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? pending.token
            return .request(HTTPRequest(
                method: "GET", url: endpoint + "/participant/views/\(encoded)", headers: [HTTPHeader("X-Amz-Bearer", token)]))
        case .authenticationURL, .cancelAuthentication:
            return beginAuthentication(operation)
        }
    }

    /// Subscribes to `aws/chat` (spec §3.2).
    public mutating func socketOpened(now: Date) -> [String] {
        [#"{"topic":"aws/subscribe","content":{"topics":["aws/chat"]}}"#]
    }

    /// The deep heartbeat, then the heartbeat, as ChatJS sends them.
    public mutating func heartbeat(now: Date) -> (frames: [String], verdict: HeartbeatVerdict) {
        ([#"{"topic":"aws/ping"}"#, #"{"topic":"aws/heartbeat"}"#], .keep)
    }

    /// Decodes one socket frame, assembling streamed chunks into one growing message.
    public mutating func decode(_ frame: String, now: Date) -> WireDecoded {
        let events: [BackendEvent]
        do {
            events = try ConnectFrameDecoder.decode(frame, arrival: now)
        } catch {
            let detail = (error as? BackendError).map { error -> String in
                if case .protocolViolation(let reason) = error { return reason }
                return error.description
            } ?? "\(error)"
            return WireDecoded(events: [.unreadableFrame(detail)])
        }
        return WireDecoded(events: prepareViews(tagOwnUploads(events.map { chunks.assemble($0) })))
    }

    /// Ours: the same participant id, else the same role.
    public func isOwn(_ item: ChatItem, me: Participant) -> Bool {
        if let id = me.id, let other = item.sender.id { return id == other }
        return item.sender.role == me.role
    }

    /// A POST of `body` with the token in `X-Amz-Bearer` (spec §2.1).
    func call(_ path: String, token: String, _ body: some Encodable) -> HTTPRequest {
        .postJSON(endpoint + path, headers: [HTTPHeader("X-Amz-Bearer", token)], body: Self.encode(body))
    }

    static func encode(_ body: some Encodable) -> Data {
        (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// GetTranscript in the shape the official clients use (spec §4.4).
    static func transcriptRequest(_ request: TranscriptRequest) -> GetTranscriptRequest {
        switch request {
        case .recent(let limit):
            GetTranscriptRequest(
                maxResults: min(max(limit, 1), 100), scanDirection: "BACKWARD", sortOrder: "ASCENDING", startPosition: .init())
        case .after(let itemId, let pageToken):
            GetTranscriptRequest(
                maxResults: 100, scanDirection: "FORWARD", sortOrder: "ASCENDING", startPosition: .init(id: itemId),
                nextToken: pageToken)
        case .older(let pageToken):
            GetTranscriptRequest(
                maxResults: 30, scanDirection: "BACKWARD", sortOrder: "ASCENDING", startPosition: .init(), nextToken: pageToken)
        }
    }

    private func startRequest(
        url: String, displayName: String, instanceId: String?, contactFlowId: String?, continuing sourceContactId: String?
    ) -> WireOutput {
        let body = StartChatRequest(
            instanceId: instanceId, contactFlowId: contactFlowId, participantDetails: .init(displayName: displayName),
            persistentChat: sourceContactId.map { .init(rehydrationType: "ENTIRE_PAST_SESSION", sourceContactId: $0) })
        return .request(.postJSON(url, body: Self.encode(body)))
    }
}
