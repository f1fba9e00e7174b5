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
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await command in commands {
                    switch command {
                    case .text(let text):
                        do { try await outbound.write(.text(text)) } catch { return }
                    case .close(let code, let reason):
                        try? await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                        return
                    case .abort:
                        channel.close(promise: nil)
                        return
                    }
                }
            }
            group.addTask { await hub.watchPolyAIIdle(id) }
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: 128 << 10) {
                        if case .text(let text) = message { await hub.polyAIHandleFrame(id, text: text) }
                    }
                } catch {}
            }
            _ = await group.next()
            group.cancelAll()
        }
        await hub.polyAIUnregister(id)
    }
}
