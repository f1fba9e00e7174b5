import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import PolyAI
import SessionCore

/// Sessions against the demo contact center, the way the tests open them.
public enum DemoChat {
    /// A Connect session that starts a chat at `server` as `name` (not started yet).
    public static func session(
        _ server: DemoContactCenter, name: String = "Maria", heartbeat: Duration = .seconds(10),
        configure: (inout SessionConfiguration) -> Void = { _ in }
    ) -> ChatSession {
        var configuration = SessionConfiguration(transport: .direct)
        configure(&configuration)
        let wire = ConnectWire(
            start: .template(url: server.startChatURL.absoluteString, displayName: name, instanceId: nil, contactFlowId: nil),
            endpoint: server.baseURL.absoluteString, ids: .random(), heartbeatInterval: heartbeat)
        return ChatSession(wire: wire, configuration: configuration)
    }

    /// A Connect session that joins with a participant token (not started yet).
    public static func joining(
        _ server: DemoContactCenter, token: String, name: String = "Maria", configure: (inout SessionConfiguration) -> Void = { _ in }
    ) -> ChatSession {
        var configuration = SessionConfiguration(transport: .direct)
        configure(&configuration)
        let wire = ConnectWire(
            start: .participantToken(token, displayName: name), endpoint: server.baseURL.absoluteString, ids: .random())
        return ChatSession(wire: wire, configuration: configuration)
    }
}

extension ChatSession {
    /// The contact (Connect) or session (PolyAI) id, once started.
    public func contactId() async -> String? {
        let wire = self.wire
        if let connect = wire as? ConnectWire { return connect.contactId }
        if let polyAI = wire as? PolyAIWire { return polyAI.sessionId }
        return nil
    }

    /// The participant token (Connect), once started: a credential, for tests that check it never leaks.
    public func participantToken() async -> String? {
        (wire as? ConnectWire)?.started?.participantToken
    }
}
