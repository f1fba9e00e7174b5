import Foundation
import Testing

@testable import SessionCore

/// The diagnostics pane's frames start with what tells them apart, not with 80 identical columns.
@Suite("Frame summaries in the diagnostics")
struct FrameSummaryTests {
    static func chat(_ id: String, _ text: String) -> String {
        let item = #"{\"AbsoluteTime\":\"2025-06-12T14:03:52.640Z\",\"ContactId\":\"c-1\",\"ContentType\":\"text/plain\","#
            + #"\"Id\":\"\#(id)\",\"Type\":\"MESSAGE\",\"ParticipantRole\":\"AGENT\",\"Content\":\"\#(text)\"}"#
        return #"{"topic":"aws/chat","contentType":"application/json","content":"\#(item)"}"#
    }

    @Test("two chat frames whose JSON starts alike are told apart by type, sender, id and text")
    func recordedChatFramesDiffer() {
        let a = DiagnosticsRecorder.redact(Self.chat("0d6a1c2e-1111-4000-8000-000000000001", "Hello there"))
        let b = DiagnosticsRecorder.redact(Self.chat("7f3b9e40-2222-4000-8000-000000000002", "Second"))
        #expect(a.hasPrefix("aws/chat MESSAGE text/plain AGENT id 0d6a1c2e… “Hello there” · {"), "\(a)")
        #expect(b.hasPrefix("aws/chat MESSAGE text/plain AGENT id 7f3b9e40… “Second” · {"), "\(b)")
    }

    @Test func connectControlFramesAndPolyAIEvents() {
        #expect(FrameSummary.summary(of: ["topic": "aws/ping", "statusCode": 200, "statusContent": "OK"]) == "aws/ping 200")
        #expect(FrameSummary.summary(of: ["topic": "aws/subscribe", "content": ["status": "success"]]) == "aws/subscribe success")
        let poly: JSONValue = ["type": "EVENT_TYPE_POLY_AGENT_MESSAGE", "sequence": 12, "payload": ["message_id": "m-123456789", "text": "Hi"]]
        #expect(FrameSummary.summary(of: poly) == "POLY_AGENT_MESSAGE #12 id m-123456… “Hi”")
        #expect(FrameSummary.summary(of: ["something": "else"]) == nil)
        #expect(FrameSummary.summary(of: "text") == nil)
    }
}
