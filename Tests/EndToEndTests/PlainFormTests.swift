import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// A Connect view in line mode with the real binary: printed once loaded, filled in with `/set`,
/// answered with `/pick N`.
@Suite struct PlainFormTests {
    @Test func lineModeFillsInAFormAndSubmitsIt() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-plain-form-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let helpline = try InteractiveHelpline(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--plain", "--linger", "0.5", "--new",
            ],
            environment: ["XDG_STATE_HOME": state.path])
        #expect(await helpline.waitForOutput("Welcome to the Helpline demo"), "\(helpline.stderr)")
        helpline.type("address")
        #expect(await helpline.waitForOutput("1. Submit"), "the loaded form is printed: \(helpline.stdout)")
        #expect(helpline.stdout.contains("Street: —") && helpline.stdout.contains("/set FIELD VALUE"))
        helpline.type("/set Street 12 Pine St")
        let deadline = ContinuousClock.now + .seconds(15)
        while !helpline.stderr.contains("-- form: Street: 12 Pine St"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(helpline.stderr.contains("-- form: Street: 12 Pine St"), "\(helpline.stderr)")
        helpline.type("/pick 1")
        #expect(await helpline.waitForOutput("Thanks, address updated to 12 Pine St."), "\(helpline.stdout)")
        #expect(helpline.stdout.contains("Maria: Submit — Street: 12 Pine St"), "\(helpline.stdout)")
        let contactId = try #require(await server.contacts().first)
        let answers = await server.transcript(contactId: contactId).filter {
            $0.contentType == "application/vnd.amazonaws.connect.message.interactive.response"
        }
        #expect(answers.map(\.content) == [#"{"action":"Submit","data":{"Street":"12 Pine St"},"templateType":"ViewResource","version":"1.0"}"#])
        helpline.closeInput()
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0)
    }
}
