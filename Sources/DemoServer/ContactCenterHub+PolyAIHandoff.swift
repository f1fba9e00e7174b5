import Foundation

/// The live-agent handoff as the PolyAI half tells it (spec §7.5, server-managed): the Connect side's
/// queue-position SYSTEM messages become `POLY_AGENT_TRIGGERED_HANDOFF` → `HANDOFF_ACCEPTED` →
/// `HANDOFF_QUEUE_STATUS` frames, a timeout becomes `HANDOFF_TIMEOUT`.
extension ContactCenterHub {
    /// Announces a queue position: a SYSTEM message on Connect, handoff frames on a PolyAI session.
    func announceQueuePosition(_ contactId: String, _ announcement: PolyAIQueueAnnouncement) {
        polyAI.announcing = announcement
        systemMessage(contactId, announcement.text)
        polyAI.announcing = nil
    }

    /// The PolyAI frames for a queue announcement (called instead of forwarding its SYSTEM message).
    func polyAIQueueFrames(_ sessionId: String, _ announcement: PolyAIQueueAnnouncement) {
        if announcement.first || polyAI.sessions[sessionId]?.inQueue != true {
            polyAI.sessions[sessionId]?.inQueue = true
            polyAIAppend(sessionId, type: "POLY_AGENT_TRIGGERED_HANDOFF", payload: [:])
            polyAIAppend(sessionId, type: "HANDOFF_ACCEPTED", payload: ["queue_name": announcement.queue])
        }
        polyAIAppend(sessionId, type: "HANDOFF_QUEUE_STATUS", payload: [
            "position_in_queue": announcement.position, "estimated_wait_seconds": announcement.position * 60,
            "queue_name": announcement.queue, "display_message": announcement.text,
        ])
    }

    /// A live agent joins: the rest of the ladder when the chat was not announced in a queue first.
    func polyAILiveAgentJoined(_ sessionId: String, _ item: WireItem, name: String) {
        if polyAI.sessions[sessionId]?.inQueue != true {
            polyAIAppend(sessionId, type: "POLY_AGENT_TRIGGERED_HANDOFF", payload: [:])
            polyAIAppend(sessionId, type: "HANDOFF_ACCEPTED", payload: ["queue_name": "support"])
            polyAIAppend(sessionId, type: "HANDOFF_QUEUE_STATUS", payload: [
                "position_in_queue": 1, "estimated_wait_seconds": 30, "queue_name": "support",
            ])
        }
        polyAI.sessions[sessionId]?.inQueue = false
        polyAIAppend(sessionId, type: "LIVE_AGENT_JOINED", payload: [
            "agent": ["id": item.participantId ?? "", "name": name, "avatar_url": ""],
        ])
    }

    /// Nobody took the chat in time.
    func polyAIHandoffTimedOut(_ sessionId: String) {
        polyAI.sessions[sessionId]?.inQueue = false
        polyAIAppend(sessionId, type: "HANDOFF_TIMEOUT", payload: ["reason": "Queue wait exceeded"])
    }
}
