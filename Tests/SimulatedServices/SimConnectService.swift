import Foundation

/// A pretend Amazon Connect Participant Service with a start-chat template, for simulations:
/// one contact, a customer and a bot, written from `amazon-connect-participant.md`.
///
/// What the real service promises and this one keeps: `ClientToken` makes SendMessage and SendEvent
/// idempotent; every item goes to every subscribed socket of the contact, the sender's included, with
/// the id SendMessage returned; `AbsoluteTime` rises strictly per contact; GetTranscript pages
/// FORWARD from an item or BACKWARD from the newest; after `chat.ended` every call answers 403.
public final class SimConnectService: SimService {
    struct Item {
        var id: String
        var millis: Int64
        var type: String
        var contentType: String
        var content: String
        var participantId: String?
        var displayName: String?
        var role: String?
        var choices: [String] = []
        var delivered: Set<String> = []
        var read: Set<String> = []
        /// What the customer typed, when the message rules redacted it (`content` is what was delivered).
        var typed: String?
        /// The message rules' verdict on a customer message that nobody sees (`REJECTED`, `FAILED`).
        var verdict: String?
        /// True while the verdict has not been told (the message is `PROCESSING`; with ``SimConnectChoices/verdictOnSocket``).
        var checking = false
    }

    let contactId = "contact-1"
    let customerId = "customer-1"
    let botId = "bot-1"
    var items: [Item] = []
    var participantToken: String?
    var connectionTokens: Set<String> = []
    var answered: [String: SimResponse] = [:]
    var connections: [Int: Bool] = [:]
    var nextConnection = 0
    var nextId = 0
    var lastMillis: Int64 = 0
    var ended = false
    var due: [(at: Int64, action: BotAction)] = []
    var rng: SimRandom
    public var faults = SimServiceFaults()

    enum BotAction {
        case typing
        case reply(String, receiptFor: String)
        /// The message rules tell their verdict on customer message `id` (with ``SimConnectChoices/verdictOnSocket``).
        case verdict(id: String)
    }

    /// How this service reads what the spec leaves open.
    public let choices: SimConnectChoices
    /// Sockets whose first `aws/subscribe` went unanswered (with ``SimConnectChoices/firstSubscribeUnanswered``).
    var ignoredFirstSubscribe: Set<Int> = []
    /// The connection tokens run out while the next call is worked on (with ``SimConnectChoices/expiryMidCall``).
    var expiresDuringNextCall = false
    /// Draws which upgrades go unanswered (its own, so the bot's draws stay those of a run without them).
    var upgradeRng: SimRandom
    /// Draws the sign-ins (with ``SimConnectChoices/signIns``; its own, for the same reason).
    var signInRng: SimRandom
    /// GetAuthenticationUrl calls by the SessionId they named, for the sign-ins the bot asked for.
    public internal(set) var linkCalls: [String: Int] = [:]
    /// GetAuthenticationUrl calls naming a SessionId the bot never asked about.
    public internal(set) var strayLinkCalls = 0
    /// Draws the message rules' verdicts (its own, for the same reason).
    var processingRng: SimRandom
    /// Texts whose check failed once (a retry of the same text passes).
    var failedTexts: Set<String> = []

    /// A service whose bot, faults and readings of the spec follow `seed`.
    public init(seed: UInt64, choices: SimConnectChoices? = nil) {
        rng = SimRandom(seed: seed ^ 0xC0_77EC7)
        upgradeRng = SimRandom(seed: seed ^ 0x0B6_0ADE)
        signInRng = SimRandom(seed: seed ^ 0x516_4E15)
        processingRng = SimRandom(seed: seed ^ 0x9E_DAC7)
        self.choices = choices ?? SimConnectChoices(seed: seed)
    }

    public var entry: SimEntry { SimEntry(startURL: "http://connect.sim/Prod", endpoint: "http://connect.sim", apiKey: "") }
    public var hasEnded: Bool { ended }
    public var customerMessages: [String] {
        items.filter { $0.type == "MESSAGE" && $0.role == "CUSTOMER" && $0.verdict == nil }.map { $0.typed ?? $0.content }
    }

    public var stoppedMessages: [String: String] {
        Dictionary(items.filter { $0.verdict != nil }.map { ($0.id, $0.content) }, uniquingKeysWith: { first, _ in first })
    }

    public var transcript: [SimItem] {
        items.compactMap { item in
            guard item.verdict == nil else { return nil }
            switch item.type {
            case "MESSAGE": return SimItem(id: item.id, kind: "message", text: item.choices.isEmpty ? item.content : "", choices: item.choices)
            case "EVENT": return SimItem(id: item.id, kind: "event", text: "")
            default: return nil
            }
        }
    }

    public var nextWake: Int64? { pendingOutput.isEmpty && closing.isEmpty ? due.map(\.at).min() : 0 }

    public func expireTokens() {
        if choices.expiryMidCall, !connectionTokens.isEmpty { expiresDuringNextCall = true } else { connectionTokens = [] }
    }

    public func http(_ request: SimRequest, now: Int64) -> SimResponse? {
        if faults.restFailure > 0, rng.chance(faults.restFailure) {
            return rng.chance(0.5)
                ? .awsError(500, "InternalServerException", "simulated failure")
                : .awsError(429, "ThrottlingException", "Rate exceeded")
        }
        let response = route(request, now: now)
        if faults.lostAnswer > 0, rng.chance(faults.lostAnswer) { return nil }
        return response
    }

    private func route(_ request: SimRequest, now: Int64) -> SimResponse {
        let body = SimJSON.object(request.body) ?? [:]
        let token = request.headers["x-amz-bearer"] ?? ""
        switch request.path {
        case "/Prod":
            return start(body, now: now)
        case "/participant/connection":
            guard !ended, token == participantToken else { return .awsError(403, "AccessDeniedException", "Access denied") }
            nextId += 1
            let connectionToken = "ct-\(nextId)"
            connectionTokens.insert(connectionToken)
            return .json(200, [
                "Websocket": ["Url": "ws://connect.sim/socket?token=\(connectionToken)", "ConnectionExpiry": SimJSON.timestamp(now + 3_600_000)],
                "ConnectionCredentials": ["ConnectionToken": connectionToken, "Expiry": SimJSON.timestamp(now + 86_400_000)],
            ])
        default:
            guard !ended, connectionTokens.contains(token) else { return .awsError(403, "AccessDeniedException", "Access denied") }
            let key = request.path + ":" + (body["ClientToken"] as? String ?? UUID().uuidString)
            if let first = answered[key] { return first }
            let response = participantCall(request.path, body, now: now)
            if response.status == 200, body["ClientToken"] != nil { answered[key] = response }
            if expiresDuringNextCall {
                // Done, but the token ran out meanwhile: the answer is a refusal (a resend with a new
                // token and the same ClientToken gets the first answer).
                expiresDuringNextCall = false
                connectionTokens = []
                return .awsError(403, "AccessDeniedException", "Access denied")
            }
            return response
        }
    }

    private func start(_ body: [String: Any], now: Int64) -> SimResponse {
        guard let name = (body["ParticipantDetails"] as? [String: Any])?["DisplayName"] as? String, !name.isEmpty else {
            return .json(502, ["message": "Internal server error"])
        }
        if participantToken == nil {
            participantToken = "pt-secret-\(rng.next() % 1_000_000)"
            items.append(Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("participant.joined"), content: "",
                participantId: customerId, displayName: name, role: "CUSTOMER"))
            items.append(Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("participant.joined"), content: "",
                participantId: botId, displayName: "Sim Bot", role: "AGENT"))
            items.append(Item(id: newId(), millis: stamp(now), type: "MESSAGE", contentType: "text/plain", content: "Hello \(name), how can I help?",
                participantId: botId, displayName: "Sim Bot", role: "AGENT"))
        }
        return .json(200, ["data": [
            "startChatResult": ["ContactId": contactId, "ParticipantId": customerId, "ParticipantToken": participantToken ?? ""],
            "featurePermissions": ["MESSAGING_MARKDOWN": true],
        ]])
    }

    private func participantCall(_ path: String, _ body: [String: Any], now: Int64) -> SimResponse {
        switch path {
        case "/participant/message":
            let content = body["Content"] as? String ?? ""
            guard (1...1024).contains(content.utf16.count) else {
                return .awsError(400, "ValidationException", "Content must be 1 to 1024 characters")
            }
            let item = Item(id: newId(), millis: stamp(now), type: "MESSAGE", contentType: body["ContentType"] as? String ?? "text/plain",
                content: content, participantId: customerId, displayName: "Customer", role: "CUSTOMER")
            if let checked = check(item, now: now) { return checked }
            deliverCustomerMessage(item, now: now)
            return .json(200, ["Id": item.id, "AbsoluteTime": SimJSON.timestamp(item.millis)])
        case "/participant/event":
            let type = body["ContentType"] as? String ?? ""
            if type.hasSuffix(".typing") { return .json(200, ["Id": newId(), "AbsoluteTime": SimJSON.timestamp(now)]) }
            if let messageId = (SimJSON.object(body["Content"] as? String ?? "") ?? [:])["messageId"] as? String,
                let index = items.firstIndex(where: { $0.id == messageId })
            {
                let read = type.hasSuffix(".read")
                let isNew = read ? !items[index].read.contains(customerId) : !items[index].delivered.contains(customerId)
                if read { items[index].read.insert(customerId) }
                items[index].delivered.insert(customerId)
                // Receipts you generated come back to you too (§3.1).
                if isNew { broadcast(receipt(for: messageId, by: customerId, read: read, now: now)) }
            }
            return .json(200, ["Id": newId(), "AbsoluteTime": SimJSON.timestamp(now)])
        case "/participant/transcript":
            return transcriptPage(body)
        case "/participant/disconnect":
            endChat(leaving: (customerId, "Customer", "CUSTOMER"), now: now)
            return .json(200, [:])
        case "/participant/authentication-url":
            return authenticationURL(body, now: now)
        default:
            return .awsError(404, "ResourceNotFoundException", "no route")
        }
    }

    /// GetTranscript (spec §2.2, §4.4): BACKWARD from the newest, or FORWARD after `StartPosition.Id`.
    private func transcriptPage(_ body: [String: Any]) -> SimResponse {
        let visible = choices.receiptsAsItems ? items : items.filter { $0.type != "MESSAGEMETADATA" }
        let limit = min(max(body["MaxResults"] as? Int ?? 10, 1), 100, choices.pageCap ?? 100)
        let start = (body["StartPosition"] as? [String: Any])?["Id"] as? String
        let forward = (body["ScanDirection"] as? String ?? (start == nil ? "BACKWARD" : "FORWARD")) == "FORWARD"
        var lower: Int
        var upper: Int
        if let next = body["NextToken"] as? String, next.hasPrefix("end:") {
            return .json(200, ["InitialContactId": contactId, "Transcript": [Any]()])
        } else if let next = body["NextToken"] as? String, let index = Int(next.dropFirst(3)) {
            if forward { lower = index; upper = min(visible.count, index + limit) } else { upper = index; lower = max(0, index - limit) }
        } else if forward {
            let after = start.flatMap { id in visible.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
            lower = after
            upper = min(visible.count, after + limit)
        } else {
            upper = visible.count
            lower = max(0, upper - limit)
        }
        lower = max(0, min(lower, visible.count))
        upper = max(lower, min(upper, visible.count))
        var answer: [String: Any] = ["InitialContactId": contactId, "Transcript": visible[lower..<upper].map { wire($0, inTranscript: true) }]
        if forward, upper < visible.count { answer["NextToken"] = "fw:\(upper)" }
        if !forward, lower > 0 { answer["NextToken"] = "bw:\(lower)" }
        if choices.tokenOnLastPage, answer["NextToken"] == nil { answer["NextToken"] = "end:\(forward ? "fw" : "bw")" }
        return .json(200, answer)
    }

    public func openSocket(url: String, now: Int64) -> (connection: Int, output: SimSocketOutput)? {
        guard !ended, let token = URLComponents(string: url)?.queryItems?.first(where: { $0.name == "token" })?.value,
            connectionTokens.contains(token)
        else { return nil }
        nextConnection += 1
        connections[nextConnection] = false
        return (nextConnection, SimSocketOutput())
    }

    public func frame(_ text: String, on connection: Int, now: Int64) -> SimSocketOutput {
        guard connections[connection] != nil, let object = SimJSON.object(text) else { return SimSocketOutput() }
        switch object["topic"] as? String {
        case "aws/subscribe":
            if choices.firstSubscribeUnanswered, ignoredFirstSubscribe.insert(connection).inserted { return SimSocketOutput() }
            connections[connection] = true
            let answer = SimJSON.text(["topic": "aws/subscribe", "content": ["status": "success", "topics": ["aws/chat"]]])
            return SimSocketOutput(frames: choices.subscribeAnsweredTwice ? [answer, answer] : [answer])
        case "aws/heartbeat":
            return SimSocketOutput(frames: [#"{"topic":"aws/heartbeat"}"#])
        case "aws/ping":
            return SimSocketOutput(frames: [#"{"topic":"aws/ping","statusCode":200,"statusContent":"OK"}"#])
        default:
            return SimSocketOutput()
        }
    }

    public func socketClosed(_ connection: Int, now: Int64) {
        connections[connection] = nil
    }

    public func tick(now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        let ready = due.filter { $0.at <= now }
        due.removeAll { $0.at <= now }
        for (_, action) in ready.sorted(by: { $0.at < $1.at }) where !ended {
            switch action {
            case .typing:
                let typing = Item(id: newId(), millis: now, type: "EVENT", contentType: event("typing"), content: "",
                    participantId: botId, displayName: "Sim Bot", role: "AGENT")
                pendingOutput += send(typing)
            case .verdict(let id):
                tellVerdict(on: id, now: now)
            case .reply(let text, let receiptFor):
                if let index = items.firstIndex(where: { $0.id == receiptFor }) {
                    items[index].read.insert(botId)
                    items[index].delivered.insert(botId)
                    broadcast(receipt(for: receiptFor, by: botId, read: true, now: now))
                }
                if choices.unknownTypes, rng.chance(0.5) { broadcast(unknownItem(now: now)) }
                if choices.signIns, signInRng.chance(0.2) { broadcast(signInAsked(now: now)) }
                var reply = Item(id: newId(), millis: stamp(now), type: "MESSAGE", contentType: "text/plain", content: text,
                    participantId: botId, displayName: "Sim Bot", role: "AGENT")
                if rng.chance(0.15) { reply = quickReply(reply) }
                broadcast(reply)
            }
        }
        return flushPending()
    }

    public func agentSays(_ text: String, now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        guard !ended else { return [] }
        broadcast(Item(id: newId(), millis: stamp(now), type: "MESSAGE", contentType: "text/plain", content: text,
            participantId: botId, displayName: "Sim Bot", role: "AGENT"))
        return flushPending()
    }

    public func endChat(now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        guard !ended else { return [] }
        endChat(leaving: (botId, "Sim Bot", "AGENT"), now: now)
        return flushPending()
    }

    private func endChat(leaving who: (String, String, String), now: Int64) {
        guard !ended else { return }
        broadcast(Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("participant.left"), content: "",
            participantId: who.0, displayName: who.1, role: who.2))
        broadcast(Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("chat.ended"), content: "",
            participantId: nil, displayName: nil, role: nil))
        ended = true
        closing = connections.keys.sorted()
    }

    /// Connections to close (1000) after the chat ended, and frames made during a call, sent by the next tick.
    var closing: [Int] = []
    var pendingOutput: [(Int, SimSocketOutput)] = []

    private func flushPending() -> [(Int, SimSocketOutput)] {
        var out = pendingOutput
        pendingOutput = []
        for connection in closing { out.append((connection, SimSocketOutput(frames: [], close: 1000))) }
        closing = []
        return out
    }

    /// Stores an item and queues it for every subscribed socket (sent by the next tick).
    func broadcast(_ item: Item) {
        items.append(item)
        pendingOutput += send(item)
    }

    private func send(_ item: Item) -> [(Int, SimSocketOutput)] {
        connections.filter(\.value).keys.sorted().map { ($0, SimSocketOutput(frames: [chatFrame(item)])) }
    }

    private func quickReply(_ reply: Item) -> Item {
        var item = reply
        // Titles are unique within a chat so the checks can tell two picks apart.
        let options = ["Yes \(items.count)", "No \(items.count)", "Maybe \(rng.int(1...9))-\(items.count)"]
        item.contentType = "application/vnd.amazonaws.connect.message.interactive"
        item.content = SimJSON.text([
            "templateType": "QuickReply", "version": "1.0",
            "data": ["content": ["title": reply.content, "elements": options.map { ["title": $0] }]],
        ])
        item.choices = options
        return item
    }

    private func chatFrame(_ item: Item) -> String {
        SimJSON.text(["topic": "aws/chat", "contentType": "application/json", "content": SimJSON.text(wire(item, inTranscript: false))])
    }

    /// The socket frame of `item`.
    func frame(_ item: Item) -> String { chatFrame(item) }

    /// `item` as a socket frame carries it.
    func wireObject(_ item: Item) -> [String: Any] { wire(item, inTranscript: false) }

    /// The item as the service sends it (spec §2.3, §3.4); `inTranscript` for a GetTranscript page.
    private func wire(_ item: Item, inTranscript: Bool) -> [String: Any] {
        var object: [String: Any] = [
            "Id": item.id, "Type": item.type, "AbsoluteTime": SimJSON.timestamp(item.millis), "ContentType": item.contentType,
            "InitialContactId": contactId, "ContactId": contactId,
        ]
        if item.type == "MESSAGEMETADATA" {
            object["MessageMetadata"] = ["MessageId": item.content, "Receipts": [[
                "RecipientParticipantId": item.participantId ?? "", "DeliveredTimestamp": SimJSON.timestamp(item.millis),
            ].merging(item.read.isEmpty ? [:] : ["ReadTimestamp": SimJSON.timestamp(item.millis)]) { $1 }]]
        } else if !item.content.isEmpty || item.type == "MESSAGE" {
            object["Content"] = item.content
        }
        let anonymous = choices.omitsRole && item.type == "EVENT"
        if let participantId = item.participantId, !anonymous { object["ParticipantId"] = participantId }
        if let name = item.displayName, !anonymous, !choices.omitsDisplayName || item.role == "CUSTOMER" { object["DisplayName"] = name }
        if let role = item.role, !choices.omitsRole { object["ParticipantRole"] = role }
        if item.type == "MESSAGE", item.checking || item.verdict != nil {
            object["MessageMetadata"] = ["MessageId": item.id, "MessageProcessingStatus": item.checking ? "PROCESSING" : item.verdict ?? ""]
        } else if item.type == "MESSAGE", !item.read.isEmpty || !item.delivered.isEmpty, !(inTranscript && choices.receiptsAsItems) {
            object["MessageMetadata"] = ["MessageId": item.id, "Receipts": item.delivered.sorted().map { who in
                var receipt: [String: Any] = ["RecipientParticipantId": who, "DeliveredTimestamp": SimJSON.timestamp(item.millis)]
                if item.read.contains(who) { receipt["ReadTimestamp"] = SimJSON.timestamp(item.millis) }
                return receipt
            }]
        }
        return object
    }

    func event(_ name: String) -> String { "application/vnd.amazonaws.connect.event." + name }

    func newId() -> String {
        nextId += 1
        return String(format: "%08x-%04x-4000-8000-%012x", nextId, nextId % 65536, rng.next() % 0xFFFF_FFFF_FFFF)
    }

    /// A time after every earlier one of this contact (strictly rising milliseconds).
    func stamp(_ now: Int64) -> Int64 {
        lastMillis = max(now, lastMillis + 1)
        return lastMillis
    }
}
