import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

/// The PolyAI socket `/ws?access_token=…&session_id=…[&cursor=N]` (spec §3).
enum PolyAISocketEndpoint {
    /// The socket path.
    static let path = "/ws"

    /// Accepts the upgrade for a known session presented with its own token; refuses anything else.
    static func decide(_ components: URLComponents?, channel: any Channel, hub: ContactCenterHub) async
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    {
        let query = components?.queryItems ?? []
        let token = query.first { $0.name == "access_token" }?.value
        let sessionId = query.first { $0.name == "session_id" }?.value
        // Plain decimal cursor; the legacy `seq:N` form is read too; anything else means 0.
        let rawCursor = query.first { $0.name == "cursor" }?.value ?? ""
        let cursor = Int(rawCursor.hasPrefix("seq:") ? String(rawCursor.dropFirst(4)) : rawCursor) ?? 0
        guard let grant = await hub.polyAIAdmit(accessToken: token, sessionId: sessionId), let sessionId else {
            return .dontUpgrade
        }
        return .upgrade([:]) { inbound, outbound, _ in
            await serve(grant: grant, sessionId: sessionId, cursor: cursor, inbound: inbound, outbound: outbound,
                        channel: channel, hub: hub)
        }
    }

    private static func serve(
        grant: SocketGrant, sessionId: String, cursor: Int, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter, channel: any Channel, hub: ContactCenterHub
    ) async {
        let (id, commands) = await hub.polyAIRegister(grant, sessionId: sessionId, cursor: cursor)
        await SocketPump.run(
            commands: commands, inbound: inbound, outbound: outbound, channel: channel, maxFrameSize: 128 << 10,
            watcher: { await hub.watchPolyAIIdle(id) }
        ) { text in
            await hub.polyAIHandleFrame(id, text: text)
        }
        await hub.polyAIUnregister(id)
    }
}
