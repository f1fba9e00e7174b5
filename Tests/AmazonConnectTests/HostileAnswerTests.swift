import Foundation
import SessionCore
import Testing

@testable import AmazonConnect

/// Participant Service answers carrying URLs with a port past 65535: each is a protocol violation
/// where the answer is read, instead of a trap in the HTTP or socket library later.
@Suite("Amazon Connect: hostile answers")
struct HostileAnswerTests {
    static func wire() -> ConnectWire {
        ConnectWire(start: .participantToken("p", displayName: nil), endpoint: "https://p.example", ids: IDSource(seed: 1))
    }

    static func answer(_ body: String) -> HTTPResult { .response(HTTPResponse(status: 200, body: Data(body.utf8))) }

    @Test("a GetAttachment Url with port 70000 (what /download 1 fetches) is refused, naming the port")
    func attachmentURLWithAnImpossiblePort() {
        var wire = Self.wire()
        let output = wire.resume(
            .downloadURL(attachmentId: "a1"), with: Self.answer(#"{"Url":"https://files.example.com:70000/n.txt","UrlExpiry":"2030-01-01T00:00:00Z"}"#),
            now: Date())
        guard case .failed(.protocolViolation(let detail)) = output else {
            Issue.record("\(output)")
            return
        }
        #expect(detail.contains("port 70000"))
    }

    @Test("a socket URL with port 99999 is refused and no connection token is kept")
    func socketURLWithAnImpossiblePort() {
        var wire = Self.wire()
        let output = wire.resume(
            .connect, with: Self.answer(#"{"Websocket":{"Url":"wss://x.example:99999/c"},"ConnectionCredentials":{"ConnectionToken":"t"}}"#),
            now: Date())
        guard case .failed(.protocolViolation(let detail)) = output else {
            Issue.record("\(output)")
            return
        }
        #expect(detail.contains("port 99999"))
        #expect(wire.connectionToken == nil)
    }
}
