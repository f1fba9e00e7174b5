import Foundation

/// The `aws/chat` WebSocket side: upgrade checks, registration and control frames.
extension ContactCenterHub {
    /// Checks a pre-signed socket URL's signature and age; returns its grant or nil (refuse the upgrade).
    func admitSocket(signature: String?) -> SocketGrant? {
        guard !stopped, !faults.refuseUpgrades, let signature, let grant = store.socketGrants[signature],
            nowMillis - grant.createdAtMillis <= configuration.socketURLLifetime.wholeMilliseconds,
            let contact = store.contacts[grant.contactId], !contact.ended,
            contact.participants[grant.participantId]?.present == true
        else { return nil }
        return grant
    }

    /// The contact a socket URL was issued for (known or not, expired or not), for the request log.
    func socketGrantContact(signature: String?) -> String? {
        signature.flatMap { store.socketGrants[$0]?.contactId }
    }

    /// Registers an open socket; returns its id and the stream of frames to write.
    func registerSocket(_ grant: SocketGrant) -> (UUID, AsyncStream<SocketCommand>) {
        let (stream, continuation) = AsyncStream<SocketCommand>.makeStream()
        let id = UUID()
        if stopped || store.contacts[grant.contactId]?.ended != false {
            continuation.yield(.close(code: 1000, reason: "Chat ended"))
            continuation.finish()
        } else {
            sockets[id] = SocketLink(contactId: grant.contactId, participantId: grant.participantId,
                                     continuation: continuation)
            logger.debug("socket opened", metadata: ["contact": "\(grant.contactId)", "socket": "\(id)"])
        }
        return (id, stream)
    }

    /// Forgets a socket after it closed.
    func unregisterSocket(_ id: UUID) {
        faults.silentSockets.remove(id)
        if let link = sockets.removeValue(forKey: id) {
            link.continuation.finish()
            logger.debug("socket closed", metadata: ["contact": "\(link.contactId)", "socket": "\(id)"])
        }
    }

    /// Handles one client text frame; replies go through the socket's own stream.
    func handleFrame(_ id: UUID, text: String) {
        guard faults.speaks(id), let link = sockets[id] else { return }
        guard let data = FirstJSONValue.extract(from: text),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let topic = object["topic"] as? String
        else {
            // No route for a frame that is not a JSON object with a topic: API Gateway's error frame.
            let error: [String: String] = [
                "message": "Forbidden", "connectionId": id.uuidString.lowercased(), "requestId": Self.newId(),
            ]
            link.continuation.yield(.text(WireJSON.string(error)))
            return
        }
        switch topic {
        case "aws/subscribe":
            sockets[id]?.subscribed = true
            link.continuation.yield(.text(#"{"topic":"aws/subscribe","content":{"status":"success","topics":["aws/chat"]}}"#))
            announceRehydration(link)
            startFlowIfNeeded(link)
            acknowledgeAgent(link)
        case "aws/heartbeat":
            link.continuation.yield(.text(#"{"topic":"aws/heartbeat"}"#))
        case "aws/ping":
            link.continuation.yield(.text(faults.pingFailure
                ? #"{"topic":"aws/ping","statusCode":500,"statusContent":"Internal Server Error"}"#
                : #"{"topic":"aws/ping","statusCode":200,"statusContent":"OK"}"#))
        default:
            break
        }
    }

    /// A persistent chat's `chat.rehydrated` event goes out live once, when the customer first subscribes
    /// (as the service sends it when hydration completes), with the Id GetTranscript shows.
    private func announceRehydration(_ link: SocketLink) {
        guard let contact = store.contacts[link.contactId], link.participantId == contact.customerId,
            let id = contact.pendingRehydration, let item = store.items[link.contactId]?.first(where: { $0.id == id })
        else { return }
        store.contacts[link.contactId]?.pendingRehydration = nil
        fanOut(contact, item.wire(contactId: contact.contactId, initialContactId: contact.initialContactId, forSocket: true))
    }

    /// Runs the flow's start steps when the customer's first socket subscribes.
    private func startFlowIfNeeded(_ link: SocketLink) {
        guard var contact = store.contacts[link.contactId], !contact.flowStarted, !contact.ended,
            link.participantId == contact.customerId
        else { return }
        contact.flowStarted = true
        store.contacts[link.contactId] = contact
        runners[link.contactId]?.start()
    }

    /// Agents get the legacy `connection.acknowledged` event on their own socket when they subscribe.
    private func acknowledgeAgent(_ link: SocketLink) {
        guard var contact = store.contacts[link.contactId], contact.participants[link.participantId]?.role == .agent else {
            return
        }
        let item = transientItem(&contact, type: "EVENT", contentType: EventType.acknowledged,
                                 participantId: link.participantId)
        store.contacts[link.contactId] = contact
        let wire = item.wire(contactId: contact.contactId, initialContactId: contact.initialContactId, forSocket: true)
        link.continuation.yield(.text(WireJSON.string(ChatFrame(content: WireJSON.string(wire)))))
    }
}

/// Finds the first complete JSON value in a text frame, ignoring trailing bytes (iOS sends a stray `)`).
enum FirstJSONValue {
    /// The bytes of the first top-level object or array, or nil if it never closes.
    static func extract(from text: String) -> Data? {
        let bytes = Array(text.utf8)
        guard let start = bytes.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) else {
            return nil
        }
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte
                    == UInt8(ascii: "\"")
                { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return Data(bytes[start...index]) }
            default: break
            }
        }
        return nil
    }
}
