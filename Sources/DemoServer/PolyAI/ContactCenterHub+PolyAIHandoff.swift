import Foundation

/// The live-agent handoff as the PolyAI half tells it (spec §7.5, server-managed): the Connect side's
/// queue-position SYSTEM messages become `POLY_AGENT_TRIGGERED_HANDOFF` → `HANDOFF_ACCEPTED` →
/// `HANDOFF_QUEUE_STATUS` frames, a timeout becomes `HANDOFF_TIMEOUT`.
extension ContactCenterHub {
    /// Announces a queue position: a SYSTEM message on Connect, handoff frames on a PolyAI session.
    func announceQueuePosition(_ contactId: String, _ announcement: PolyAIQueueAnnouncement) {
        polyAI.announcing = announcement
        systemMessage(contactId, announcement.text ?? "")
        polyAI.announcing = nil
    }

    /// The PolyAI frames for a queue announcement (called instead of forwarding its SYSTEM message); the
    /// first of a wait starts the handoff.
    func polyAIQueueFrames(_ sessionId: String, _ announcement: PolyAIQueueAnnouncement) {
        if polyAI.sessions[sessionId]?.inQueue != true {
            polyAI.sessions[sessionId]?.inQueue = true
            polyAITriggerHandoff(sessionId)
            polyAIAppend(sessionId, type: "HANDOFF_ACCEPTED", payload: ["queue_name": announcement.queue])
        }
        var status: [String: Any] = [
            "position_in_queue": announcement.position, "estimated_wait_seconds": announcement.waitSeconds,
            "queue_name": announcement.queue,
        ]
        if let text = announcement.text { status["display_message"] = text }
        polyAIAppend(sessionId, type: "HANDOFF_QUEUE_STATUS", payload: status)
    }

    /// Starts a handoff once: `POLY_AGENT_TRIGGERED_HANDOFF`, unless this handoff already has it.
    func polyAITriggerHandoff(_ sessionId: String) {
        guard polyAI.sessions[sessionId]?.handoffTriggered != true else { return }
        polyAI.sessions[sessionId]?.handoffTriggered = true
        polyAIAppend(sessionId, type: "POLY_AGENT_TRIGGERED_HANDOFF", payload: [:])
    }

    /// A live agent joins: the short ladder first when the chat was not announced in a queue.
    func polyAILiveAgentJoined(_ sessionId: String, _ item: WireItem, name: String) {
        if polyAI.sessions[sessionId]?.inQueue != true {
            polyAIQueueFrames(sessionId, PolyAIQueueAnnouncement(position: 1, queue: "support", text: nil, waitSeconds: 30))
        }
        polyAI.sessions[sessionId]?.inQueue = false
        polyAI.sessions[sessionId]?.handoffTriggered = false
        polyAIAppend(sessionId, type: "LIVE_AGENT_JOINED", payload: [
            "agent": ["id": item.participantId ?? "", "name": name, "avatar_url": ""],
        ])
    }

    /// Nobody took the chat in time.
    func polyAIHandoffTimedOut(_ sessionId: String) {
        polyAI.sessions[sessionId]?.inQueue = false
        polyAI.sessions[sessionId]?.handoffTriggered = false
        polyAIAppend(sessionId, type: "HANDOFF_TIMEOUT", payload: ["reason": "Queue wait exceeded"])
    }
}
