import ChatModel
import Foundation
import SessionCore
import Testing

@testable import AmazonConnect

/// Socket frames a broken or hostile server may send: each is shown for what it is.
@Suite("Amazon Connect: hostile frames")
struct HostileFrameTests {
    static func wire() -> ConnectWire {
        ConnectWire(start: .participantToken("p", displayName: nil), endpoint: "https://p.example", ids: IDSource(seed: 1))
    }

    @Test("a frame that is not JSON is not reported as an error the server sent")
    func unparsableFrame() {
        var wire = Self.wire()
        let events = wire.decode("{not json", now: Date())
        #expect(!events.events.isEmpty)
        for event in events.events {
            if case .serverError = event { Issue.record("reported as a server error: \(event)") }
        }
    }

    @Test("a message whose AbsoluteTime cannot be read is shown at its arrival time, not at 1970's midnight")
    func unreadableTime() throws {
        var wire = Self.wire()
        let arrival = Date(timeIntervalSince1970: 1_800_000_000)
        let frame = #"{"topic":"aws/chat","content":"{\"AbsoluteTime\":\"garbage\",\"Id\":\"a\",\"Type\":\"MESSAGE\",\"ContentType\":\"text/plain\",\"Content\":\"hi\",\"ParticipantRole\":\"AGENT\",\"DisplayName\":\"Ava\"}"}"#
        let items = wire.decode(frame, now: arrival).events.compactMap { if case .item(let item) = $0 { item } else { nil } }
        let item = try #require(items.first)
        #expect(item.text == "hi")
        #expect(item.time == arrival)
    }
}
