import ChatModel
import Foundation
import SessionCore
import Testing

@testable import PolyAI

/// Numbers a hostile or broken PolyAI server may send: each is range-checked where it is decoded,
/// so none traps and none makes the client misbehave.
@Suite("PolyAI: extreme numbers from the server")
struct PolyAIHostileNumberTests {
    static func message(sequence: String, id: String = "e1", text: String = "hello") -> String {
        #"{"id":"\#(id)","sequence":\#(sequence),"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_POLY_AGENT_MESSAGE","payload":{"message_id":"m-\#(id)","text":"\#(text)"}}"#
    }

    static func items(_ events: [BackendEvent]) -> [ChatItem] {
        events.compactMap { if case .item(let item) = $0 { item } else { nil } }
    }

    @Test(
        "a sequence past the transcript's order range (Int64.max, 2^40, negative) is shown as an unsequenced message and leaves the cursor alone",
        arguments: ["9223372036854775807", "1099511627776", "-9223372036854775808", "1e300"])
    func extremeSequence(sequence: String) {
        var conversation = PolyAIConversation(showsStreaming: true)
        conversation.reset()  // a later session: the order is offset by its epoch
        _ = conversation.handle(frame: Self.message(sequence: "1", id: "e0", text: "first"), now: Date())
        let shown = Self.items(conversation.handle(frame: Self.message(sequence: sequence), now: Date()))
        #expect(shown.map(\.text) == ["hello"])
        #expect(shown.first?.sequence == nil)
        #expect(conversation.lastSequence == 1)
    }

    @Test("a sequence just inside the range keeps its order after the session's epoch")
    func largestSequence() {
        var conversation = PolyAIConversation(showsStreaming: true)
        conversation.reset()
        let shown = Self.items(conversation.handle(frame: Self.message(sequence: "1099511627775"), now: Date()))
        #expect(shown.first?.sequence == (Int64(1) << 40) + 1_099_511_627_775)
    }

    @Test("a chunk index of Int.max followed by an unnumbered chunk does not trap; the stream still shows")
    func extremeChunkIndex() {
        var conversation = PolyAIConversation(showsStreaming: true)
        func chunk(_ id: String, _ index: String?, _ text: String) -> String {
            let indexField = index.map { #","chunk_index":\#($0)"# } ?? ""
            return #"{"id":"\#(id)","sequence":null,"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_POLY_AGENT_MESSAGE_CHUNK","payload":{"message_id":"m1","text":"\#(text)"\#(indexField),"is_complete":false}}"#
        }
        var texts: [String] = []
        for frame in [chunk("c1", "9223372036854775807", "Hi "), chunk("c2", nil, "there")] {
            texts += Self.items(conversation.handle(frame: frame, now: Date())).map(\.text)
        }
        #expect(texts.last?.contains("there") == true)
    }

    @Test("capabilities out of range (heartbeat, message size, reconnect budget) fall back to the defaults")
    func extremeCapabilities() {
        for value in ["9223372036854775807", "0", "-1"] {
            var wire = PolyAITuningTests.wire()
            let start = #"{"id":"s","sequence":1,"timestamp":"2026-05-07T12:00:00Z","type":"EVENT_TYPE_SESSION_START","payload":{"capabilities":{"max_message_size_bytes":\#(value),"heartbeat_interval_seconds":\#(value),"max_reconnect_attempts":\#(value)}}}"#
            _ = wire.decode(start, now: Date())
            let capabilities = wire.capabilities
            #expect(capabilities.heartbeatInterval == PolyAIPolicies.heartbeatInterval, "value \(value)")
            #expect(capabilities.messageLimit?.maximum == 1_048_576, "value \(value)")
            if value != "0" { #expect(capabilities.reconnectPolicy.maxAttempts == PolyAIPolicies.reconnect.maxAttempts, "value \(value)") }
        }
    }
}
