import Foundation

/// The `aws/chat` WebSocket endpoint: pre-signed URL check on upgrade, then one reader and one writer per socket.
enum SocketEndpoint {
    /// Path of the socket URLs CreateParticipantConnection hands out.
    static let path = "/connect/chat"
    /// Largest client message on the `aws/chat` socket (API Gateway's WebSocket frame limit is 32 KB; the
    /// demo allows 64 KiB and closes with 1009 beyond).
    static let maxMessageSize = 1 << 16

    /// Decides an upgrade request for either protocol's socket: a valid, unexpired socket URL is
    /// accepted; anything else is refused with 403 (404 for a path that is no socket). While the
    /// network path is half-open the decision waits until it heals.
    static func decide(_ target: String, hub: ContactCenterHub) async -> UpgradeDecision {
        await hub.waitUntilPathHeals()
        let components = URLComponents(string: target)
        if components?.path == PolyAISocketEndpoint.path {
            return await PolyAISocketEndpoint.decide(components, hub: hub)
        }
        guard components?.path == path else { return .refuse(status: 404, contactId: nil) }
        let signature = components?.queryItems?.first { $0.name == "X-Amz-Signature" }?.value
        guard let grant = await hub.admitSocket(signature: signature) else {
            return .refuse(status: 403, contactId: await hub.socketGrantContact(signature: signature))
        }
        return .accept(maxMessageSize: maxMessageSize, contactId: grant.contactId) { socket in
            await serve(grant: grant, socket: socket, hub: hub)
        }
    }

    /// Runs one socket: a writer draining the hub's commands and a reader passing frames to the hub.
    private static func serve(grant: SocketGrant, socket: ServerWebSocket, hub: ContactCenterHub) async {
        let (id, commands) = await hub.registerSocket(grant)
        await SocketPump.run(id: id, commands: commands, socket: socket, hub: hub) { text in
            await hub.handleFrame(id, text: text)
        }
        await hub.unregisterSocket(id)
    }
}
