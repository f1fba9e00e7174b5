import ChatModel
import Foundation
import SessionCore

/// The client's per-session protocol state (spec §11, §7.2): dedup set, highest sequence,
/// join bookkeeping, agent names, capabilities and the open stream. A plain value kept
/// behind the backend's mutex.
struct PolyAIConversation: Sendable {
    /// Whether growing chunks are shown (false: whole messages only).
    var showsStreaming: Bool
    /// The highest sequence below which every sequence has been seen: the reconnect cursor. (The
    /// highest one seen is not safe: frames may arrive out of order, and a socket that drops between
    /// two of them would skip the one that was still on its way.)
    private(set) var lastSequence = 0
    /// Sequences seen above ``lastSequence``.
    private var seenAbove: Set<Int> = []
    /// True once a `SESSION_START` was handled since ``takeSessionStart()`` last asked.
    private var sessionStartSeen = false
    /// True once a heartbeat echo was read since ``takeHeartbeatEcho()`` last asked.
    private var heartbeatEchoSeen = false
    /// Added to every sequence, so items of a later session sort after the earlier one's.
    var epoch: Int64 = 0
    /// Who we are, as our own messages show.
    var me = Participant(name: "You", role: .customer)
    /// Ids of sequenced events already handled.
    private(set) var seenIds: Set<String> = []
    /// True once `POLY_AGENT_JOINED` or the echo of our join request was seen.
    private(set) var agentJoined = false
    /// True once our join request went out on this session.
    var joinSent = false
    /// Set by an ERROR system message saying the conversation is gone: send the join again.
    var rejoinRequested = false
    /// The latest capabilities from `SESSION_START`.
    private(set) var capabilities: PolyAICapabilities?
    /// The Poly agent's name (from `POLY_AGENT_JOINED`).
    private(set) var agentName = "PolyAI"
    /// The live agent, once joined.
    private(set) var liveAgent: Participant?
    /// True once the session ended (server end or `end_conversation`).
    private(set) var ended = false
    /// When something counting as activity last happened (spec §10).
    private(set) var lastActivity: Date?
    private var stream = PolyAIStreamAssembler()
    private var unnamedCount = 0

    /// A conversation for a new session.
    init(showsStreaming: Bool) {
        self.showsStreaming = showsStreaming
    }

    /// Forgets everything (a new session id); the next session's items sort after this one's.
    mutating func reset() {
        let (epoch, me) = (self.epoch, self.me)
        self = PolyAIConversation(showsStreaming: showsStreaming)
        self.epoch = epoch + 1
        self.me = me
    }

    /// True when a `SESSION_START` was handled since the last call (a socket's first batch).
    mutating func takeSessionStart() -> Bool {
        defer { sessionStartSeen = false }
        return sessionStartSeen
    }

    /// True when a heartbeat echo was read since the last call.
    mutating func takeHeartbeatEcho() -> Bool {
        defer { heartbeatEchoSeen = false }
        return heartbeatEchoSeen
    }

    private mutating func noteSequence(_ sequence: Int) {
        guard sequence > lastSequence else { return }
        seenAbove.insert(sequence)
        while seenAbove.remove(lastSequence + 1) != nil { lastSequence += 1 }
    }

    /// The sequences taken from the server: below 2^40, so that the session's epoch can be added
    /// above them (``order(_:)``); one outside is read as no sequence (the event is shown unordered).
    static let sequences = 0...(1 << 40) - 1

    /// The transcript order of a server sequence (offset by the session's epoch).
    private func order(_ sequence: Int?) -> Int64? {
        sequence.map { (epoch << 40) | Int64($0) }
    }

    /// Notes activity at `now` (user send, socket open).
    mutating func touch(_ now: Date) { lastActivity = now }

    /// Decodes one text frame into engine events.
    mutating func handle(frame: String, now: Date) -> [BackendEvent] {
        let envelopes = PolyAIFrameDecoder.decode(frame)
        for envelope in envelopes { if let sequence = envelope.sequence { noteSequence(sequence) } }
        var events: [BackendEvent] = []
        for envelope in envelopes {
            if envelope.type == PolyAIEventType.prefix + "SESSION_START" {
                // Every socket's first batch starts with it, repeated or not: capabilities apply again,
                // and it tells the replay has been read.
                if let capabilities = envelope.payload.capabilities { self.capabilities = capabilities }
                sessionStartSeen = true
            }
            if envelope.sequence != nil, !envelope.id.isEmpty {
                guard seenIds.insert(envelope.id).inserted else { continue }
            }
            events += map(envelope, now: now)
        }
        return events
    }

    /// Finalises a half-streamed message (a normal close).
    mutating func flushStream() -> [BackendEvent] {
        stream.flush().map { .item(streamItem($0)) }
    }

    /// The server closed the socket normally (1000) without `SESSION_END`: settle a half-streamed
    /// reply and note the end once.
    mutating func closedByServer(now: Date) -> [BackendEvent] {
        var events = flushStream()
        if !ended {
            ended = true
            events.append(.item(ChatItem(
                id: "closed-after-\(lastSequence)", time: now, sender: .system, kind: .event(.chatEnded),
                text: "The chat has ended (the server closed the connection)", sequence: order(lastSequence))))
        }
        return events
    }

    private var bot: Participant { Participant(id: "polyai-agent", name: agentName, role: .bot) }

    private mutating func map(_ envelope: PolyAIEnvelope, now: Date) -> [BackendEvent] {
        let payload = envelope.payload
        let type = String(envelope.type.dropFirst(PolyAIEventType.prefix.count))
        let time = envelope.timestamp
        func event(_ kind: ChatEventKind, _ text: String, _ sender: Participant = .system, suffix: String = "")
            -> BackendEvent
        {
            .item(ChatItem(
                id: envelope.id + suffix, time: time, sender: sender, kind: .event(kind), text: text,
                sequence: order(envelope.sequence)))
        }
        switch type {
        case "SESSION_START":
            if let capabilities = payload.capabilities { self.capabilities = capabilities }
            sessionStartSeen = true
            return [.alive]
        case "REQUEST_POLY_AGENT_JOIN":
            agentJoined = true
            return [.alive]
        case "HEARTBEAT":
            heartbeatEchoSeen = true
            return [.alive]
        case "USER_TYPING", "USER_END_SESSION":
            return [.alive]
        case "SESSION_END":
            ended = true
            let reason = payload.reason.map { $0 == "REASON_USER_END" ? "you ended the chat" : $0 } ?? "no reason given"
            return flushStream() + [.typingStopped(bot), event(.chatEnded, "The chat has ended (\(reason))")]
        case "SESSION_IDLE_WARNING":
            return [event(.idle, "The chat will end soon if there is no activity")]
        case "USER_MESSAGE":
            lastActivity = now
            let item = ChatItem(
                id: payload.messageId ?? envelope.id, localId: envelope.custom?["local_id"], time: time, sender: me,
                kind: .message, text: payload.text ?? "", delivery: .sent, sequence: order(envelope.sequence))
            return [.item(item)]
        case "POLY_AGENT_JOINED":
            agentJoined = true
            if let name = payload.agentName { agentName = name }
            return [event(.joined, "\(agentName) joined the chat", bot)]
        case "POLY_AGENT_THINKING":
            return [.typing(bot)]
        case "POLY_AGENT_MESSAGE", "LIVE_AGENT_MESSAGE":
            lastActivity = now
            let live = type == "LIVE_AGENT_MESSAGE"
            var sender = live ? liveAgentParticipant(payload) : bot
            if !live, let name = payload.agentName { sender.name = name }
            let text = PolyAIRichText.normalize(payload.text ?? "")
            let cards = PolyAIRichText.cards(attachments: payload.attachments, callActions: payload.callActions)
            let choices = payload.suggestions.map(\.text)
            var out: [BackendEvent] = [.typingStopped(sender)]
            if !text.isEmpty || !cards.isEmpty || !choices.isEmpty {
                out.append(.item(ChatItem(
                    id: payload.messageId ?? envelope.id, time: time, sender: sender, kind: .message,
                    contentType: "text/markdown", text: text, choices: choices.isEmpty ? nil : choices,
                    sequence: order(envelope.sequence), cards: cards.isEmpty ? nil : cards)))
            }
            if !live, payload.endConversation {
                ended = true
                out.append(event(.chatEnded, "\(sender.name) ended the chat", suffix: "-end"))
            }
            return out
        case "POLY_AGENT_MESSAGE_CHUNK":
            lastActivity = now
            let snapshots = stream.add(
                messageId: payload.messageId ?? envelope.id, payload: payload, time: time, sequence: envelope.sequence)
            var out: [BackendEvent] = []
            if !snapshots.isEmpty { out.append(.typingStopped(bot)) }
            for snapshot in snapshots where snapshot.isComplete || showsStreaming {
                out.append(.item(streamItem(snapshot)))
            }
            return out
        case "POLY_AGENT_LEFT":
            return [.typingStopped(bot), event(.left, "\(agentName) left the chat", bot)]
        case "POLY_AGENT_TRIGGERED_HANDOFF":
            return [.typingStopped(bot), event(.handoff, "Transferring you to a live agent…")]
        case "CLIENT_HANDOFF_REQUIRED":
            let target = payload.route ?? payload.reason ?? payload.queueName ?? ""
            return [event(.handoff, target.isEmpty ? "A handoff is required" : "A handoff is required (\(target))")]
        case "HANDOFF_ACCEPTED":
            let queue = payload.queueName.map { " (queue \($0))" } ?? ""
            return [event(.queued, "Your chat is waiting for a live agent\(queue)")]
        case "HANDOFF_QUEUE_STATUS":
            var out: [BackendEvent] = [.queuePosition(payload.position)]
            if let message = payload.displayMessage { out.append(event(.queued, message)) }
            return out
        case "HANDOFF_FAILED":
            return [.queuePosition(nil), event(.transferFailed, "The handoff failed: \(payload.reason ?? "no reason given")")]
        case "HANDOFF_TIMEOUT":
            return [.queuePosition(nil), event(.transferFailed, "No live agent became available in time")]
        case "LIVE_AGENT_JOINED":
            let agent = liveAgentParticipant(payload)
            liveAgent = agent
            return [.queuePosition(nil), event(.joined, "\(agent.name) joined the chat", agent)]
        case "LIVE_AGENT_TYPING":
            let agent = liveAgentParticipant(payload)
            return [payload.typingState == "TYPING_STATE_STOPPED" ? .typingStopped(agent) : .typing(agent)]
        case "LIVE_AGENT_LEFT":
            let agent = liveAgentParticipant(payload)
            return [.typingStopped(agent), event(.left, "\(agent.name) left the chat", agent)]
        case "SYSTEM_MESSAGE":
            let text = payload.message ?? ""
            if payload.level == "SYSTEM_MESSAGE_LEVEL_ERROR" {
                let lowered = text.lowercased()
                let phrases = ["conversation not found", "conversation id not found", "unable to start a conversation"]
                if phrases.contains(where: lowered.contains) { rejoinRequested = true }
                return [.serverError(text)]
            }
            return text.isEmpty ? [] : [event(.other, text)]
        default:
            return []
        }
    }

    private func streamItem(_ snapshot: PolyAIStreamAssembler.Snapshot) -> ChatItem {
        let text = snapshot.isComplete ? PolyAIRichText.normalize(snapshot.text) : snapshot.text
        let cards = snapshot.isComplete ? PolyAIRichText.cards(attachments: snapshot.attachments, callActions: []) : []
        let choices = snapshot.isComplete ? snapshot.suggestions.map(\.text) : []
        return ChatItem(
            id: snapshot.messageId, time: snapshot.time, sender: bot, kind: .message, contentType: "text/markdown",
            text: text, isStreaming: !snapshot.isComplete, choices: choices.isEmpty ? nil : choices,
            sequence: order(snapshot.sequence), cards: cards.isEmpty ? nil : cards)
    }

    private mutating func liveAgentParticipant(_ payload: PolyAIPayload) -> Participant {
        if let name = payload.agentName {
            return Participant(id: payload.agentId ?? liveAgent?.id, name: name, role: .agent)
        }
        if let liveAgent { return liveAgent }
        return Participant(id: payload.agentId, name: "Agent", role: .agent)
    }
}
