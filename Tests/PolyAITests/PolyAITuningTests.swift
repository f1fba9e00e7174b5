import ChatEngine
import Foundation
import Testing

@testable import PolyAI

@Suite("PolyAI engine tuning hooks")
struct PolyAITuningTests {
    static func backend() -> PolyAIBackend {
        PolyAIBackend(options: PolyAIOptions(
            apiKey: "k", environment: .custom(rest: "http://127.0.0.1:1/api/v1", ws: "ws://127.0.0.1:1/ws")))
    }

    @Test("close codes and backoff reach the engine's vocabulary")
    func closeAndBackoff() {
        let backend = Self.backend()
        #expect(backend.closeDisposition(.afterOpen(code: 1000)) == .endChat)
        #expect(backend.closeDisposition(.afterOpen(code: 4000)) == .replaced)
        #expect(backend.closeDisposition(.afterOpen(code: 4003)) == .reconnectAfter(.seconds(10)))
        #expect(backend.closeDisposition(.unreachable) == .reconnectAfter(.seconds(10)))
        #expect(backend.closeDisposition(.afterOpen(code: 4001)) == .newSession)
        #expect(backend.closeDisposition(.upgradeRefused) == .newSession)
        #expect(backend.closeDisposition(.afterOpen(code: nil)) == .reconnect)
        #expect(backend.historyArrivesOnSocket)
        #expect(backend.reconnectPolicy?.maxAttempts == 10)
        #expect(backend.typingCallInterval == 0)
    }

    @Test("an ERROR 'conversation not found' asks for one re-join; the heartbeat follows the capabilities")
    func rejoinAndHeartbeat() throws {
        let backend = Self.backend()
        _ = try backend.decode(frame: try PolyAIFixtures.text("in_event_batch_initial"))
        #expect(backend.heartbeatInterval == .seconds(30))
        #expect(backend.takeReplyFrames().isEmpty)
        let error = #"{"id":"e1","sequence":9,"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_SYSTEM_MESSAGE","payload":{"message":"Conversation not found","level":"SYSTEM_MESSAGE_LEVEL_ERROR"}}"#
        _ = try backend.decode(frame: error)
        #expect(backend.takeReplyFrames() == [PolyAIOutgoing.join])
        #expect(backend.takeReplyFrames().isEmpty)
        #expect(backend.heartbeatVerdict(now: Date()) == .keep)
    }
}
