import Foundation

/// The PolyAI socket `/ws?access_token=…&session_id=…[&cursor=N]` (spec §3).
enum PolyAISocketEndpoint {
    /// The socket path.
    static let path = "/ws"
    /// The service's message limit (128 KB); larger messages close the socket with 1009.
    static let maxMessageSize = 128 << 10

    /// Accepts the upgrade for a known session presented with its own token; refuses anything else.
    static func decide(_ components: URLComponents?, hub: ContactCenterHub) async -> UpgradeDecision {
        let query = components?.queryItems ?? []
        let token = query.first { $0.name == "access_token" }?.value
        let sessionId = query.first { $0.name == "session_id" }?.value
        // Plain decimal cursor; the legacy `seq:N` form is read too; anything else means 0.
        let rawCursor = query.first { $0.name == "cursor" }?.value ?? ""
        let cursor = Int(rawCursor.hasPrefix("seq:") ? String(rawCursor.dropFirst(4)) : rawCursor) ?? 0
        guard let grant = await hub.polyAIAdmit(accessToken: token, sessionId: sessionId), let sessionId else {
            return .refuse(status: 403, contactId: nil)
        }
        return .accept(maxMessageSize: maxMessageSize, contactId: grant.contactId) { socket in
            await serve(grant: grant, sessionId: sessionId, cursor: cursor, socket: socket, hub: hub)
        }
    }

    private static func serve(
        grant: SocketGrant, sessionId: String, cursor: Int, socket: ServerWebSocket, hub: ContactCenterHub
    ) async {
        let (id, commands) = await hub.polyAIRegister(grant, sessionId: sessionId, cursor: cursor)
        await SocketPump.run(id: id, commands: commands, socket: socket, hub: hub,
                             watcher: { await hub.watchPolyAIIdle(id) }) { text in
            await hub.polyAIHandleFrame(id, text: text)
        }
        await hub.polyAIUnregister(id)
    }
}
