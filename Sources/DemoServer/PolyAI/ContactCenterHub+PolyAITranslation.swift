import Foundation

/// Translates what a contact's flow does (Connect-shaped items) into PolyAI events, so every demo
/// flow runs unchanged over PolyAI: bots are the Poly agent, agents are live agents.
extension ContactCenterHub {
    /// Called for every fanned-out item of a contact; does nothing unless a PolyAI session backs it.
    func polyAIForward(_ contact: ContactRecord, _ item: WireItem) {
        guard let sessionId = polyAI.sessionByContact[contact.contactId], polyAI.sessions[sessionId]?.ended == false,
            let streaming = polyAI.sessions[sessionId]?.streaming
        else { return }
        let role = item.participantRole.flatMap(DemoRole.init(rawValue:))
        let name = item.displayName ?? "Agent"
        let isLiveAgent = role == .agent || role == .supervisor
        let isBot = role == .customBot || (role == .system && name == "BOT")
        let contentType = item.contentType ?? ""
        switch item.type {
        case "MESSAGE":
            guard role != .customer else { return }
            forwardMessage(sessionId, streaming: streaming, item, name: name, isLiveAgent: isLiveAgent, isBot: isBot)
        case "EVENT":
            let event = contentType.replacingOccurrences(of: EventType.prefix, with: "")
            forwardEvent(sessionId, event: event, role: role, item: item, name: name, isLiveAgent: isLiveAgent)
        default:
            return
        }
    }

    private func forwardMessage(
        _ sessionId: String, streaming: Bool, _ item: WireItem, name: String, isLiveAgent: Bool,
        isBot: Bool
    ) {
        let text = item.content ?? ""
        let metadata = item.messageMetadata
        if isLiveAgent {
            polyAIAppend(sessionId, type: "LIVE_AGENT_MESSAGE", payload: [
                "message_id": item.id, "text": text, "agent_id": item.participantId ?? "", "agent_name": name,
                "attachments": [Any](), "response_suggestions": [Any](), "chat_call_actions": [Any](),
            ])
            return
        }
        if !isBot, item.displayName == "SYSTEM_MESSAGE" || item.participantRole == DemoRole.system.rawValue {
            if let announcement = polyAI.announcing {
                polyAIQueueFrames(sessionId, announcement)
                return
            }
            if text.range(of: "transferring you", options: .caseInsensitive) != nil {
                // A flow's transfer announcement is the handoff's start on PolyAI (spec §7.5): clients
                // word it themselves, so it is not also sent as a system message.
                polyAITriggerHandoff(sessionId)
                return
            }
            polyAIAppend(sessionId, type: "SYSTEM_MESSAGE", payload: ["message": text, "level": "SYSTEM_MESSAGE_LEVEL_INFO"])
            return
        }
        if metadata?.messageCompleted == false {
            // A Lex-style partial chunk: a PolyAI chunk when the session streams, else nothing until the end.
            // The Connect chunk ends with the space between it and the next (`fragments`); PolyAI's
            // chunks are joined by the client with one space (spec §7.2, the official SDK), so they
            // carry none at their edges.
            guard streaming else { return }
            appendChunk(sessionId, messageId: item.id, text: text.trimmingCharacters(in: .whitespacesAndNewlines),
                        complete: false, suggestions: [])
            return
        }
        let (body, suggestions, attachments) = Self.polyAIRichParts(text: text, contentType: item.contentType)
        if metadata?.messageCompleted == true, streaming {
            appendChunk(sessionId, messageId: item.id, text: "", complete: true, suggestions: suggestions)
            return
        }
        if streaming {
            // Every other bot reply streams too, in chunks with no whitespace at their edges (joined
            // with one space by the client).
            for fragment in Self.fragments(body.trimmingCharacters(in: .whitespacesAndNewlines)) {
                appendChunk(sessionId, messageId: item.id, text: fragment.trimmingCharacters(in: .whitespacesAndNewlines),
                            complete: false, suggestions: [])
            }
            appendChunk(sessionId, messageId: item.id, text: "", complete: true, suggestions: suggestions,
                        attachments: attachments)
            return
        }
        polyAIAppend(sessionId, type: "POLY_AGENT_MESSAGE", payload: [
            "message_id": item.id, "text": body, "agent_name": name, "attachments": attachments,
            "response_suggestions": suggestions, "chat_call_actions": [Any](), "end_conversation": false,
        ])
    }

    private func appendChunk(
        _ sessionId: String, messageId: String, text: String, complete: Bool, suggestions: [[String: Any]],
        attachments: [[String: Any]] = []
    ) {
        let index = (polyAI.sessions[sessionId]?.chunkIndex[messageId] ?? 0) + 1
        polyAI.sessions[sessionId]?.chunkIndex[messageId] = complete ? nil : index
        polyAIAppend(sessionId, type: "POLY_AGENT_MESSAGE_CHUNK", payload: [
            "message_id": messageId, "text": text, "chunk_index": index, "is_complete": complete,
            "attachments": attachments, "response_suggestions": suggestions,
        ])
    }

    private func forwardEvent(
        _ sessionId: String, event: String, role: DemoRole?, item: WireItem, name: String, isLiveAgent: Bool
    ) {
        guard role != .customer || event == "chat.ended" else { return }
        switch event {
        case "participant.joined" where isLiveAgent:
            polyAILiveAgentJoined(sessionId, item, name: name)
        case "transfer.failed":
            polyAIHandoffTimedOut(sessionId)
        case "participant.joined" where role != .system:
            polyAIAppend(sessionId, type: "POLY_AGENT_JOINED", payload: ["agent_name": name, "agent_avatar_url": ""])
        case "participant.left" where isLiveAgent:
            polyAIAppend(sessionId, type: "LIVE_AGENT_LEFT", payload: [
                "agent_id": item.participantId ?? "", "agent_name": name, "reason": "agent_closed_chat",
            ])
        case "participant.left" where role != .system:
            polyAIAppend(sessionId, type: "POLY_AGENT_LEFT", payload: ["reason": "handoff"])
        case "typing" where isLiveAgent:
            polyAIAppend(sessionId, type: "LIVE_AGENT_TYPING", payload: [
                "state": "TYPING_STATE_STARTED", "agent_id": item.participantId ?? "", "agent_name": name,
            ], transient: true)
        case "typing":
            polyAIAppend(sessionId, type: "POLY_AGENT_THINKING", payload: [:], transient: true)
        case "participant.idle", "participant.autodisconnection":
            polyAIAppend(sessionId, type: "SESSION_IDLE_WARNING", payload: [:], transient: true)
        case "chat.ended":
            let userEnded = store.contacts[item.contactId ?? ""]?.participants.values.contains {
                $0.role == .customer && !$0.present
            } ?? false
            polyAIAppend(sessionId, type: "SESSION_END", payload: ["reason": userEnded ? "REASON_USER_END" : "REASON_AGENT_END"])
            polyAI.sessions[sessionId]?.ended = true
        default:
            return
        }
    }

    /// Splits text into fragments of `size` words (three unless told), each keeping its trailing whitespace.
    static func fragments(_ text: String, words size: Int = 3) -> [String] {
        // A break only at a single space between two other characters: each fragment but the last
        // ends with that space, so Connect's chunks concatenate to the text and PolyAI's, trimmed,
        // join with one space to it (newlines and runs of spaces stay inside a fragment).
        let characters = Array(text)
        var out: [String] = []
        var current = ""
        var words = 0
        for (index, character) in characters.enumerated() {
            current.append(character)
            guard character == " ", index > 0, index + 1 < characters.count, !characters[index - 1].isWhitespace,
                !characters[index + 1].isWhitespace
            else { continue }
            words += 1
            if words == size {
                out.append(current)
                current = ""
                words = 0
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// A bot message's PolyAI parts: a quick-reply template becomes text + suggestions; markdown
    /// links also become URL attachments (link cards).
    static func polyAIRichParts(text: String, contentType: String?) -> (String, [[String: Any]], [[String: Any]]) {
        if contentType?.hasPrefix("application/vnd.amazonaws.connect.message.interactive") == true,
            let data = text.data(using: .utf8),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let content = (object["data"] as? [String: Any])?["content"] as? [String: Any]
        {
            let options = InteractiveAnswer.options(templateType: object["templateType"] as? String, content: content)
            let suggestions = options.map { ["message_text": $0] }
            let title = content["title"] as? String
                ?? ((content["viewData"] as? [String: Any])?["Heading"] as? String).map { "\($0) (type your answer)" } ?? ""
            return (title, suggestions, [])
        }
        var attachments: [[String: Any]] = []
        let pattern = #"\[([^\]]+)\]\((https?://[^)\s]+)\)"#
        if let regex = try? NSRegularExpression(pattern: pattern) {
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                guard let title = Range(match.range(at: 1), in: text), let url = Range(match.range(at: 2), in: text)
                else { continue }
                attachments.append([
                    "content_type": "ATTACHMENT_CONTENT_TYPE_URL", "content_url": String(text[url]),
                    "title": String(text[title]), "call_to_action_text": "Open",
                ])
            }
        }
        return (text, [], attachments)
    }
}
