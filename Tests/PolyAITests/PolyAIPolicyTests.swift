import Foundation
import SessionCore
import Testing

@testable import PolyAI

@Suite("PolyAI settings and policies")
struct PolyAIPolicyTests {
    @Test("environments map to the spec's hosts; bad cluster names are configuration errors")
    func environments() throws {
        #expect(PolyAIEnvironment.us.restBase == "https://messaging.us-1.poly.ai/api/v1")
        #expect(PolyAIEnvironment.uk.socketURL == "wss://messaging.uk-1.poly.ai/ws")
        #expect(try PolyAIEnvironment.parse("cluster:dev").socketURL == "wss://messaging.dev.poly.ai/ws")
        #expect(throws: PolyAIError.self) { try PolyAIEnvironment.parse("cluster:Bad_Name") }
        #expect(throws: PolyAIError.self) { try PolyAIEnvironment.parse("mars") }
    }

    @Test("the key comes from the flag, then the environment, then the config file")
    func keyPrecedence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("polyai-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json")
        try Data(#"{"polyai":{"api_key":"from-file","host_id":"com.example","environment":"euw"}}"#.utf8).write(to: file)
        let env = ["HELPLINE_POLYAI_API_KEY": "from-env"]
        func resolve(_ flag: String?, _ environment: [String: String]) throws -> PolyAISettings {
            try PolyAISettings.resolve(
                apiKey: flag, environment: nil, restURL: nil, socketURL: nil, hostId: nil,
                processEnvironment: environment, configFile: file)
        }
        #expect(try resolve("from-flag", env).apiKey == "from-flag")
        #expect(try resolve(nil, env).apiKey == "from-env")
        let fromFile = try resolve(nil, [:])
        #expect(fromFile.apiKey == "from-file")
        #expect(fromFile.hostId == "com.example")
        #expect(fromFile.environment == .euw)
        #expect(throws: PolyAIError.self) {
            try PolyAISettings.resolve(
                apiKey: nil, environment: nil, restURL: nil, socketURL: nil, hostId: nil, processEnvironment: [:],
                configFile: folder.appendingPathComponent("missing.json"))
        }
    }

    @Test("errors never contain the key and bad keys are not retried")
    func errors() {
        let error = PolyAIError.badAPIKey("HTTP 401 from /access-token")
        #expect(!error.backendError.isRetryable)
        #expect(PolyAIError.network(TransportFailure(.reset, "reset")).backendError.isRetryable)
        #expect(PolyAIError.sessionEnded("done").backendError == .chatEnded)
    }

    @Test("close codes: 1000 ends, 4000 means replaced, 4001 and refused upgrades make a new session, 4003 and unreachable wait 10 s")
    func closeCodes() {
        #expect(PolyAICloseCodes.action(.afterOpen(code: 1000)) == .end)
        #expect(PolyAICloseCodes.action(.afterOpen(code: 4000)) == .replaced)
        #expect(PolyAICloseCodes.action(.afterOpen(code: 4001)) == .newSession)
        #expect(PolyAICloseCodes.action(.upgradeRefused) == .newSession)
        #expect(PolyAICloseCodes.action(.afterOpen(code: 4003)) == .reconnectAfterNetworkDelay)
        #expect(PolyAICloseCodes.action(.unreachable(TransportFailure(.refused, "connection refused"))) == .reconnectAfterNetworkDelay)
        #expect(PolyAICloseCodes.action(.afterOpen(code: nil)) == .reconnect)
        #expect(PolyAICloseCodes.action(.afterOpen(code: 1001)) == .reconnect)
        #expect(PolyAICloseCodes.action(.afterOpen(code: 4002)) == .reconnect)
    }

    @Test("reconnect backoff: 1, 2, 4 … 30 s with ±20 % jitter, 10 attempts")
    func backoff() {
        let policy = PolyAIPolicies.reconnect
        #expect(policy.delay(attempt: 1, randomUnit: 0.5) == .seconds(1))
        #expect(policy.delay(attempt: 4, randomUnit: 0.5) == .seconds(8))
        #expect(policy.delay(attempt: 9, randomUnit: 0.5) == .seconds(30))
        #expect(policy.delay(attempt: 1, randomUnit: 0) == .milliseconds(800))
        #expect(policy.allows(attempt: 10) && !policy.allows(attempt: 11))
    }

    @Test("idle timeout after 600 s of no activity; forced reconnect after 2 h open")
    func lifecycle() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(PolyAILifecycle.verdict(openedAt: start, lastActivity: start, now: start + 599) == .keep)
        #expect(PolyAILifecycle.verdict(openedAt: start, lastActivity: start, now: start + 601) == .expired)
        #expect(PolyAILifecycle.verdict(openedAt: start, lastActivity: start + 7000, now: start + 7201) == .forceReconnect)
    }

    @Test("typing: STARTED at most every 3 s; STOPPED only for the latest keystroke; STARTED again after STOPPED")
    func typing() {
        var policy = PolyAITypingPolicy()
        let start = Date(timeIntervalSince1970: 0)
        var results: [Bool] = []
        results.append(policy.keystroke(at: start))
        results.append(policy.keystroke(at: start + 1))
        let second = policy.generation
        results.append(policy.stopDue(generation: second - 1))
        results.append(policy.keystroke(at: start + 3.5))
        results.append(policy.stopDue(generation: second))
        results.append(policy.stopDue(generation: policy.generation))
        results.append(policy.keystroke(at: start + 4))
        #expect(results == [true, false, false, true, false, true, true])
    }

    @Test("the socket URL carries token, session and a plain decimal cursor")
    func socketURL() throws {
        var wire = PolyAIWire(
            options: PolyAIOptions(apiKey: "k", environment: .custom(rest: "http://127.0.0.1:1/api/v1", ws: "ws://127.0.0.1:1/ws")),
            ids: IDSource(seed: 1))
        let token = try #require(
            try PolyAIFixtures.object(try PolyAIFixtures.text("rest_access_token_response"))?["access_token"] as? String)
        wire.accessToken = token
        wire.sessionId = "5b0f6c2e-8a31-4d7e-9c44-71e2a9d3f0b8"
        wire.conversation.touch(Date())
        guard case .done(.socket(let first)) = wire.begin(.connect, now: Date()) else {
            Issue.record("no socket")
            return
        }
        #expect(first.url.hasPrefix("ws://127.0.0.1:1/ws?access_token=eyJ"))
        #expect(first.url.hasSuffix("&session_id=5b0f6c2e-8a31-4d7e-9c44-71e2a9d3f0b8"))
        // The cursor is the highest sequence below which every sequence was seen: the replay fixture
        // holds 4 to 6, so until 2 and 3 arrive it stays at 1 (a drop now must not skip them).
        _ = wire.decode(try PolyAIFixtures.text("in_event_batch_initial"), now: Date())
        _ = wire.decode(try PolyAIFixtures.text("in_event_batch_replay"), now: Date())
        #expect(wire.cursor == 1)
        for sequence in [3, 2] {
            let frame = #"{"id":"gap-\#(sequence)","sequence":\#(sequence),"timestamp":"2026-05-07T12:00:0\#(sequence)Z","type":"EVENT_TYPE_HEARTBEAT","payload":{}}"#
            _ = wire.decode(frame, now: Date())
        }
        #expect(wire.cursor == 6)
        guard case .done(.socket(let second)) = wire.begin(.connect, now: Date()) else {
            Issue.record("no socket")
            return
        }
        #expect(second.url.hasSuffix("&session_id=5b0f6c2e-8a31-4d7e-9c44-71e2a9d3f0b8&cursor=6"))
    }
}
