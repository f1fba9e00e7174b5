import DemoServer
import Foundation
import HelplineTestSupport
import Testing

@testable import HelplineScript

@Suite("Ending at once", .timeLimit(.minutes(3)))
struct EndAtOnceTests {
    @Test("send, send, end with no wait (before the chat is even connected): both messages reach the server, in order, then it ends")
    func sendThenEndAtOnce() async throws {
        let harness = try await DemoHarness.start()
        let script = try ScriptParser.parse("send hours\nsend order\nend\nexpect-event ended\n", name: "end-at-once")
        let result = await harness.runner.run(script)
        var sent: [String] = []
        for contact in await harness.server.contacts() {
            for entry in await harness.server.transcript(contactId: contact)
            where entry.type == "MESSAGE" && entry.participantRole == "CUSTOMER" {
                sent.append(entry.content ?? "")
            }
        }
        await harness.server.stop()
        #expect(result.passed, "\(result.failures.map { $0.failure ?? "" })")
        #expect(sent == ["hours", "order"])
    }
}
