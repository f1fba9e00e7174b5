import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The `aws/chat` WebSocket endpoint: pre-signed URL check on upgrade, then one reader and one writer per socket.
enum SocketEndpoint {
    /// Path of the socket URLs CreateParticipantConnection hands out.
    static let path = "/connect/chat"

    /// The server builder: HTTP/1 with a WebSocket upgrade on `path` for valid, unexpired URLs
    /// (a refused upgrade answers 403).
    static func serverBuilder(hub: ContactCenterHub) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(),
            ws: .init(maxFrameSize: 1 << 16, autoPing: .disabled, closeTimeout: .seconds(2)))
        return HTTPServerBuilder { responder in
            RefusedUpgradeChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: configuration,
                    shouldUpgrade: { request, channel, _ in await decide(request, channel: channel, hub: hub) }))
        }
    }

    /// Accepts the upgrade for a valid, unexpired socket URL; refuses anything else.
    private static func decide(_ request: HTTPRequest, channel: any Channel, hub: ContactCenterHub) async
        -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    {
        let components = URLComponents(string: request.path ?? "")
        if components?.path == PolyAISocketEndpoint.path {
            return await PolyAISocketEndpoint.decide(components, channel: channel, hub: hub)
        }
        guard components?.path == path else { return .dontUpgrade }
        let signature = components?.queryItems?.first { $0.name == "X-Amz-Signature" }?.value
        guard let grant = await hub.admitSocket(signature: signature) else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
            await serve(grant: grant, inbound: inbound, outbound: outbound, channel: channel, hub: hub)
        }
    }

    /// Runs one socket: a writer draining the hub's commands and a reader passing frames to the hub.
    private static func serve(
        grant: SocketGrant, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel,
        hub: ContactCenterHub
    ) async {
        let (id, commands) = await hub.registerSocket(grant)
        await SocketPump.run(
            commands: commands, inbound: inbound, outbound: outbound, channel: channel, maxFrameSize: 1 << 16
        ) { text in
            await hub.handleFrame(id, text: text)
        }
        await hub.unregisterSocket(id)
    }
}
