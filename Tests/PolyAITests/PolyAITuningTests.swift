import ChatModel
import Foundation
import SessionCore
import Testing

@testable import PolyAI

@Suite("PolyAI wire: what it tells the session core")
struct PolyAITuningTests {
    static func wire() -> PolyAIWire {
        PolyAIWire(
            options: PolyAIOptions(apiKey: "k", environment: .custom(rest: "http://127.0.0.1:1/api/v1", ws: "ws://127.0.0.1:1/ws")),
            ids: IDSource(seed: 1))
    }

    @Test("close codes and backoff reach the core's vocabulary")
    func closeAndBackoff() {
        let wire = Self.wire()
        #expect(wire.closeDisposition(.afterOpen(code: 1000)) == .endChat)
        #expect(wire.closeDisposition(.afterOpen(code: 4000)) == .replaced)
        #expect(wire.closeDisposition(.afterOpen(code: 4003)) == .reconnectAfter(.seconds(10)))
        #expect(wire.closeDisposition(.unreachable(TransportFailure(.refused, "refused"))) == .reconnectAfter(.seconds(10)))
        #expect(wire.closeDisposition(.afterOpen(code: 4001)) == .newSession)
        #expect(wire.closeDisposition(.upgradeRefused) == .newSession)
        #expect(wire.closeDisposition(.afterOpen(code: nil)) == .reconnect)
        #expect(wire.capabilities.historyArrivesOnSocket)
        #expect(wire.capabilities.reconnectPolicy.maxAttempts == 10)
        #expect(wire.capabilities.typingInterval == 0)
    }

    @Test("the first batch asks a new session's agent to join, the opening heartbeat's echo makes the socket ready; an ERROR 'conversation not found' asks once more")
    func rejoinAndHeartbeat() throws {
        var wire = Self.wire()
        wire.isNewSession = true
        let first = wire.decode(try PolyAIFixtures.text("in_event_batch_initial"), now: Date())
        #expect(!first.events.contains(.subscribed), "more of the replay may follow in another batch")
        #expect(first.replies == [PolyAIOutgoing.join])
        let echo = wire.decode(#"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#, now: Date())
        #expect(echo.events.last == .subscribed)
        #expect(echo.replies.isEmpty, "one join")
        #expect(wire.capabilities.heartbeatInterval == .seconds(30))
        let error = #"{"id":"e1","sequence":9,"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_SYSTEM_MESSAGE","payload":{"message":"Conversation not found","level":"SYSTEM_MESSAGE_LEVEL_ERROR"}}"#
        #expect(wire.decode(error, now: Date()).replies == [PolyAIOutgoing.join])
        #expect(wire.decode(#"{"type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#, now: Date()).replies.isEmpty)
        #expect(wire.heartbeat(now: Date()).verdict == .keep)
    }

    @Test("a given display name rides on the join request as metadata.custom.display_name; no name, no metadata")
    func joinCarriesTheName() throws {
        var named = PolyAIWire(
            options: PolyAIOptions(apiKey: "k", environment: .custom(rest: "http://h/api/v1", ws: "ws://h/ws"), displayName: "Zoë \"Z\""),
            ids: IDSource(seed: 1))
        named.isNewSession = true
        let replies = named.decode(try PolyAIFixtures.text("in_event_batch_initial"), now: Date()).replies
        let frame = try #require(replies.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(frame["type"] as? String == "EVENT_TYPE_REQUEST_POLY_AGENT_JOIN")
        #expect((frame["payload"] as? [String: Any])?.isEmpty == true)
        #expect(((frame["metadata"] as? [String: Any])?["custom"] as? [String: String]) == ["display_name": "Zoë \"Z\""])
        #expect(PolyAIOutgoing.join(announcing: nil) == PolyAIOutgoing.join)
    }
}
