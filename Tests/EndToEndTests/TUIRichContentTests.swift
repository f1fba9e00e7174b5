import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Rich content in the real binary in a real terminal (tmux), against a demo contact center in
/// this process so the test can read what the server received.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIRichContentTests {
    static let binary = TUITmux.helplineBinary()

    private func start(_ server: DemoContactCenter) async throws -> TUITmux {
        let command = "'\(Self.binary)' connect --start-url '\(server.startChatURL.absoluteString)'"
            + " --endpoint-url '\(server.baseURL.absoluteString)' --display-name Tess --new"
        let tmux = try TUITmux(command: command)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the chat connects and the bot greets:\n\(ready.screen.dump)")
        return tmux
    }

    @Test func arrowKeysAndEnterAnswerTheSurveyWithTheExactTitle() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let tmux = try await start(server)
        tmux.type("feedback")
        tmux.keys("Enter")
        let offered = await tmux.wait { $0.has("1. Great") && $0.has("3. Poor") }
        #expect(offered.ok, "the survey shows numbered options:\n\(offered.screen.dump)")
        tmux.keys("Tab")
        let focused = await tmux.wait { $0.has("› 1. Great") && $0.has("Enter picks") }
        #expect(focused.ok, "Tab on an empty draft highlights the first option:\n\(focused.screen.dump)")
        tmux.keys("Down")
        let moved = await tmux.wait { $0.has("› 2. OK") && !$0.has("› 1. Great") }
        #expect(moved.ok, "Down moves the highlight:\n\(moved.screen.dump)")
        tmux.keys("Down", "Down", "Up", "Down")
        let last = await tmux.wait { $0.has("› 3. Poor") && !$0.has("› 2. OK") }
        #expect(last.ok, "the highlight stops at the last option and Up moves back:\n\(last.screen.dump)")
        tmux.keys("Enter")
        let answered = await tmux.wait { $0.has("You picked: Poor") && $0.has("Thanks for your feedback") }
        #expect(answered.ok, "the answer shows and the bot thanks us:\n\(answered.screen.dump)")
        let contactId = try #require(await server.contacts().first)
        let fromUs = await server.transcript(contactId: contactId).filter { $0.participantRole == "CUSTOMER" && $0.type == "MESSAGE" }
        #expect(fromUs.map(\.content) == ["feedback", "Poor"], "\(fromUs)")
        #expect(fromUs.last?.contentType == "text/plain", "the element title, as plain text (spec §3.6)")
    }

    @Test func attachWithTabCompletionThenDownloadByNumber() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let tmux = try await start(server)
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: tmux.directory.appendingPathComponent("holiday-photo.png"))
        try FileManager.default.createDirectory(
            at: tmux.directory.appendingPathComponent("saved"), withIntermediateDirectories: true)
        tmux.type("/attach holi")
        tmux.keys("Tab")
        let completed = await tmux.wait { $0[29].contains("/attach holiday-photo.png") }
        #expect(completed.ok, "Tab completes the file name:\n\(completed.screen.dump)")
        tmux.keys("Enter")
        let sent = await tmux.wait { $0.has("📎 #1 holiday-photo.png") && $0.has("/download 1") }
        #expect(sent.ok, "the attachment is in the transcript with its number:\n\(sent.screen.dump)")
        tmux.type("/download 1 saved")
        tmux.keys("Enter")
        let saved = await tmux.wait { $0.has("Saved holiday-photo.png to") }
        #expect(saved.ok, "the download is reported:\n\(saved.screen.dump)")
        let copy = tmux.directory.appendingPathComponent("saved/holiday-photo.png")
        #expect((try? Data(contentsOf: copy)) == bytes, "the same bytes are saved")
        let contactId = try #require(await server.contacts().first)
        #expect(await server.transcript(contactId: contactId).contains { $0.attachments.first?.name == "holiday-photo.png" })
    }

    @Test func aFormIsFilledInWithSetAndSubmittedFromTheKeyboard() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let tmux = try await start(server)
        tmux.type("address")
        tmux.keys("Enter")
        let shown = await tmux.wait { $0.has("Street: —") && $0.has("1. Submit") && $0.has("2. Cancel") }
        #expect(shown.ok, "the form shows its field and actions:\n\(shown.screen.dump)")
        tmux.type("/set Street 12 Pine St")
        tmux.keys("Enter")
        let filled = await tmux.wait { $0.has("Street: 12 Pine St") }
        #expect(filled.ok, "the value is shown in the form:\n\(filled.screen.dump)")
        tmux.keys("Tab")
        let focused = await tmux.wait { $0.has("› 1. Submit") }
        #expect(focused.ok, "Tab highlights the first action:\n\(focused.screen.dump)")
        tmux.keys("Enter")
        let answered = await tmux.wait { $0.has("You picked: Submit") && $0.has("Thanks, address updated to 12 Pine St.") }
        #expect(answered.ok, "submitted, and the flow answers:\n\(answered.screen.dump)")
        let contactId = try #require(await server.contacts().first)
        let answers = await server.transcript(contactId: contactId).filter {
            $0.contentType == "application/vnd.amazonaws.connect.message.interactive.response"
        }
        #expect(answers.map(\.content) == [#"{"action":"Submit","data":{"Street":"12 Pine St"},"templateType":"ViewResource","version":"1.0"}"#])
    }
}
