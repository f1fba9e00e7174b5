import Foundation

/// A pretend PolyAI Messaging deployment for simulations: token → session → socket, written from
/// `polyai-messaging.md`.
///
/// Kept as the spec says (or, where it is unsure, as the seed's ``SimPolyAIChoices`` read it): events are
/// numbered per session and replayed from the cursor on every new socket, with or without `SESSION_START`,
/// `> cursor` or `>= cursor`, in one batch or several, in order or not, an empty replay as an empty batch
/// or as nothing; a user
/// message is echoed with the client's `metadata`; a resent `local_id` is **not** de-duplicated (so a
/// client that resends a message the server already has delivers it twice); replies stream as
/// numbered chunks that are stored and replayed like any event.
public final class SimPolyAIService: SimService {
    struct Event {
        var id: String
        var sequence: Int
        var millis: Int64
        var type: String
        var payload: [String: Any]
        var metadata: [String: Any]?
    }

    enum BotAction {
        case reply(to: String)
        case greet
    }

    var accessTokens: Set<String> = []
    var sessionId: String?
    var sessionToken: String?
    var events: [Event] = []
    var connections: Set<Int> = []
    var nextConnection = 0
    var nextId = 0
    var ended = false
    var joined = false
    var due: [(at: Int64, action: BotAction)] = []
    var pendingOutput: [(Int, SimSocketOutput)] = []
    var closing: [Int] = []
    var rng: SimRandom
    /// Decides which upgrades go unanswered (apart from `rng`, so the choice leaves the rest of a seed as it was).
    var upgradeRng: SimRandom
    let streaming: Bool
    public var faults = SimServiceFaults()
    /// How this service reads what the spec leaves open.
    public let choices: SimPolyAIChoices

    /// A service whose bot, faults and readings of the spec follow `seed`; `streaming` makes replies
    /// come in chunks.
    public init(seed: UInt64, streaming: Bool, choices: SimPolyAIChoices? = nil) {
        rng = SimRandom(seed: seed ^ 0x9017_A1)
        upgradeRng = SimRandom(seed: seed ^ 0x0B6_0ADE)
        self.streaming = streaming
        self.choices = choices ?? SimPolyAIChoices(seed: seed)
    }

    public var entry: SimEntry { SimEntry(startURL: "http://polyai.sim/api/v1", endpoint: "ws://polyai.sim/ws", apiKey: "sim-key") }
    public var hasEnded: Bool { ended }
    public var nextWake: Int64? { pendingOutput.isEmpty && closing.isEmpty ? due.map(\.at).min() : 0 }

    public var customerMessages: [String] {
        events.filter { $0.type == "USER_MESSAGE" }.map { $0.payload["text"] as? String ?? "" }
    }

    /// The items a client shows, one per stored event that makes one (a stream is one message).
    public var transcript: [SimItem] {
        var items: [SimItem] = []
        var streams: [String: Int] = [:]
        for event in events {
            switch event.type {
            case "USER_MESSAGE":
                items.append(SimItem(id: event.payload["message_id"] as? String ?? event.id, kind: "message", text: event.payload["text"] as? String ?? ""))
            case "POLY_AGENT_JOINED":
                items.append(SimItem(id: event.id, kind: "event", text: ""))
            case "POLY_AGENT_MESSAGE":
                items.append(SimItem(
                    id: event.payload["message_id"] as? String ?? event.id, kind: "message", text: event.payload["text"] as? String ?? "",
                    choices: Self.suggestions(event.payload)))
            case "POLY_AGENT_MESSAGE_CHUNK":
                let id = event.payload["message_id"] as? String ?? event.id
                if let index = streams[id] {
                    // The text the bot said: SDK-style chunks are words without their spaces.
                    let part = event.payload["text"] as? String ?? ""
                    if choices.sdkStyleChunks, !part.isEmpty, !items[index].text.isEmpty { items[index].text += " " }
                    items[index].text += part
                    let more = Self.suggestions(event.payload)
                    if !more.isEmpty { items[index].choices = more }
                } else {
                    streams[id] = items.count
                    items.append(SimItem(id: id, kind: "message", text: event.payload["text"] as? String ?? "", choices: Self.suggestions(event.payload)))
                }
            case "SESSION_END":
                items.append(SimItem(id: event.id, kind: "event", text: ""))
            default:
                continue
            }
        }
        return items
    }

    public func expireTokens() {}

    public func http(_ request: SimRequest, now: Int64) -> SimResponse? {
        if faults.restFailure > 0, rng.chance(faults.restFailure) { return .json(503, ["message": "simulated failure"]) }
        let response: SimResponse
        switch request.path {
        case "/api/v1/access-token":
            guard request.headers["x-token"] != nil, request.headers["x-host"] != nil else {
                return .json(401, ["message": "Missing authentication headers"])
            }
            let token = jwt(now)
            accessTokens.insert(token)
            response = .json(200, ["access_token": token, "expires_in": 86_400, "token_type": "Bearer"])
        case "/api/v1/sessions":
            let bearer = (request.headers["authorization"] ?? "").replacingOccurrences(of: "Bearer ", with: "")
            guard accessTokens.contains(bearer) else { return .json(401, ["message": "Unauthorized"]) }
            // A session whose answer was lost and that no socket ever opened is an orphan: the retried
            // request makes a new one (its events were never seen by anyone).
            if sessionId == nil || connections.isEmpty && nextConnection == 0 {
                events = []
                due = []
                joined = false
                // A new session has not ended, whatever became of the orphan before it.
                ended = false
                closing = []
                sessionId = "session-\(rng.next() % 1_000_000)"
                sessionToken = bearer
                append("SESSION_START", ["capabilities": [
                    "streaming": streaming, "max_message_size_bytes": 131_072, "heartbeat_interval_seconds": 30,
                    "max_reconnect_attempts": 0,
                ]], now: now)
            }
            response = .json(200, ["session_id": sessionId ?? ""])
        default:
            return .json(404, ["message": "not found"])
        }
        if faults.lostAnswer > 0, rng.chance(faults.lostAnswer) { return nil }
        return response
    }

    /// With ``SimPolyAIChoices/unansweredUpgrades``, a quarter of the upgrades go unanswered.
    public func answersUpgrade(url: String, now: Int64) -> Bool {
        !(choices.unansweredUpgrades && upgradeRng.chance(0.25))
    }

    public func openSocket(url: String, now: Int64) -> (connection: Int, output: SimSocketOutput)? {
        let query = URLComponents(string: url)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        // An ended session still opens and replays its history (with its SESSION_END): the spec leaves
        // this open [X]; it is the kinder reading, and a client must cope with it.
        guard let sessionId, value("session_id") == sessionId, value("access_token") == sessionToken else { return nil }
        let cursor = Int(value("cursor") ?? "") ?? 0
        nextConnection += 1
        connections.insert(nextConnection)
        let from = choices.replayIncludesCursor ? cursor - 1 : cursor
        let startsWithSessionStart = cursor == 0 || choices.sessionStartOnReconnect
        var replay = events.filter { $0.sequence > from && ($0.sequence != 1 || startsWithSessionStart) }
        if startsWithSessionStart, let first = events.first, !replay.contains(where: { $0.id == first.id }) {
            replay.insert(first, at: 0)
        }
        if choices.replayShuffled { replay.shuffle(using: &rng) }
        guard !replay.isEmpty || choices.emptyBatchWhenNothingMissed else { return (nextConnection, SimSocketOutput()) }
        let size = max(1, choices.replayBatchSize ?? replay.count)
        let batches = stride(from: 0, to: max(replay.count, 1), by: size).map { Array(replay[$0..<min($0 + size, replay.count)]) }
        var frames = batches.map {
            envelope(type: "EVENT_BATCH", id: nil, sequence: nil, millis: now, payload: ["events": $0.map(object)])
        }
        if choices.bulkyReplay, cursor > 0, let events = batches.first, !events.isEmpty {
            // A history of a megabyte and more, in one batch: the client must read it, not skip it.
            frames[0] = envelope(
                type: "EVENT_BATCH", id: nil, sequence: nil, millis: now,
                payload: ["events": events.map(object), "sim_history_note": Self.bulk])
        }
        return (nextConnection, SimSocketOutput(frames: frames))
    }

    public func frame(_ text: String, on connection: Int, now: Int64) -> SimSocketOutput {
        guard connections.contains(connection), let object = SimJSON.object(text), let type = object["type"] as? String else {
            return SimSocketOutput()
        }
        let payload = object["payload"] as? [String: Any] ?? [:]
        // A conversation that ended takes nothing more (the socket still answers heartbeats).
        if ended, type != "EVENT_TYPE_HEARTBEAT" { return SimSocketOutput() }
        switch type {
        case "EVENT_TYPE_HEARTBEAT":
            return SimSocketOutput(frames: [envelope(type: "HEARTBEAT", id: nil, sequence: nil, millis: now, payload: [:])])
        case "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN":
            append("REQUEST_POLY_AGENT_JOIN", [:], now: now)
            if !joined {
                joined = true
                append("POLY_AGENT_JOINED", ["agent_name": "Sim Agent"], now: now)
                due.append((now + rng.millis(50...400), .greet))
            }
        case "EVENT_TYPE_USER_MESSAGE":
            let messageId = "umsg-\(nextId + 1)"
            let echo = append("USER_MESSAGE", ["text": payload["text"] as? String ?? "", "message_id": messageId], metadata: object["metadata"],
                now: now, broadcast: !(faults.lostEcho > 0 && rng.chance(faults.lostEcho)))
            due.append((now + rng.millis(100...1500), .reply(to: echo.payload["text"] as? String ?? "")))
        case "EVENT_TYPE_USER_END_SESSION":
            append("USER_END_SESSION", [:], now: now)
            end(reason: "REASON_USER_END", now: now)
        default:
            break
        }
        return SimSocketOutput()
    }

    public func socketClosed(_ connection: Int, now: Int64) {
        connections.remove(connection)
    }

    public func tick(now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        let ready = due.filter { $0.at <= now }.sorted { $0.at < $1.at }
        due.removeAll { $0.at <= now }
        for (_, action) in ready where !ended {
            switch action {
            case .greet: say("Hello! How can I help?", suggestions: [], now: now)
            case .reply(let text):
                let suggestions = rng.chance(0.2) ? ["Yes \(now)", "No thanks \(now)"] : []
                say("You said: \(text). That is noted, and here is a longer answer to stream.", suggestions: suggestions, now: now)
            }
        }
        return flushPending()
    }

    public func agentSays(_ text: String, now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        guard !ended else { return [] }
        say(text, suggestions: [], now: now)
        return flushPending()
    }

    public func endChat(now: Int64) -> [(connection: Int, output: SimSocketOutput)] {
        end(reason: "AGENT_ENDED", now: now)
        return flushPending()
    }

    private func end(reason: String, now: Int64) {
        // The end is of a session: before the first one exists there is nothing to end (a real service
        // ends conversations it holds; a session created later is a new conversation and starts open).
        guard !ended, sessionId != nil else { return }
        append("SESSION_END", ["reason": reason], now: now)
        ended = true
        closing = connections.sorted()
    }

    /// A bot message: whole, or in numbered chunks (suggestions on the last): raw fragments of one to
    /// three words that carry their own spaces ("Hello " + "there"), or SDK-style words with no
    /// whitespace at their edges ("Hello" + "there"), as the seed's choice says.
    private func say(_ text: String, suggestions: [String], now: Int64) {
        let messageId = "amsg-\(nextId + 1)"
        let suggestionObjects = suggestions.map { ["message_text": $0] }
        guard streaming else {
            append("POLY_AGENT_MESSAGE", ["message_id": messageId, "text": text, "response_suggestions": suggestionObjects], now: now)
            return
        }
        var parts: [String] = []
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)[...]
        while !words.isEmpty {
            let size = min(words.count, rng.int(1...3))
            let group = words.prefix(size).joined(separator: " ")
            words = words.dropFirst(size)
            parts.append(choices.sdkStyleChunks || words.isEmpty ? group : group + " ")
        }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            var payload: [String: Any] = ["message_id": messageId, "chunk_index": index + 1, "is_complete": last, "text": part]
            if last { payload["response_suggestions"] = suggestionObjects }
            append("POLY_AGENT_MESSAGE_CHUNK", payload, now: now)
        }
    }

    @discardableResult
    private func append(_ type: String, _ payload: [String: Any], metadata: Any? = nil, now: Int64, broadcast: Bool = true) -> Event {
        nextId += 1
        let event = Event(
            id: "evt-\(nextId)", sequence: (events.last?.sequence ?? 0) + 1, millis: now, type: type, payload: payload,
            metadata: metadata as? [String: Any])
        events.append(event)
        if broadcast {
            let frame = SimJSON.text(object(event))
            pendingOutput += connections.sorted().map { ($0, SimSocketOutput(frames: [frame])) }
        }
        return event
    }

    private func flushPending() -> [(Int, SimSocketOutput)] {
        var out = pendingOutput
        pendingOutput = []
        for connection in closing { out.append((connection, SimSocketOutput(frames: [], close: 1000))) }
        closing = []
        return out
    }

    private func object(_ event: Event) -> [String: Any] {
        var object: [String: Any] = [
            "id": event.id, "sequence": event.sequence, "timestamp": SimJSON.timestamp(event.millis),
            "type": "EVENT_TYPE_" + event.type, "payload": event.payload,
        ]
        if let metadata = event.metadata { object["metadata"] = metadata }
        return object
    }

    /// Enough text to take a batch past one megabyte.
    static let bulk = String(repeating: "history ", count: 140_000)

    private func envelope(type: String, id: String?, sequence: Int?, millis: Int64, payload: [String: Any]) -> String {
        var object: [String: Any] = ["type": "EVENT_TYPE_" + type, "payload": payload, "timestamp": SimJSON.timestamp(millis)]
        object["id"] = id ?? "transient-\(millis)"
        object["sequence"] = sequence.map { $0 as Any } ?? NSNull()
        return SimJSON.text(object)
    }

    private func jwt(_ now: Int64) -> String {
        func segment(_ value: [String: Any]) -> String {
            SimJSON.data(value).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return segment(["alg": "none"]) + "." + segment(["exp": 4_102_444_800, "sub": "sim-\(rng.next() % 100_000)"]) + ".c2ln"
    }

    private static func suggestions(_ payload: [String: Any]) -> [String] {
        (payload["response_suggestions"] as? [[String: Any]] ?? []).compactMap { $0["message_text"] as? String }
    }
}
