import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Messages that used to be lost at the edges, end to end in line mode: after the connection token
/// expired, and longer than the service accepts.
@Suite struct LostMessageTests {
    static func start(_ server: DemoContactCenter, extra: [String] = []) throws -> InteractiveHelpline {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-state-\(UUID().uuidString)").path
        return try InteractiveHelpline(
            ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
             "--display-name", "Maria", "--plain", "--new", "--linger", "1"] + extra,
            environment: ["XDG_STATE_HOME": state])
    }

    static func customerMessages(_ server: DemoContactCenter) async -> [String] {
        var texts: [String] = []
        for contact in await server.contacts() {
            for entry in await server.transcript(contactId: contact)
            where entry.type == "MESSAGE" && entry.participantRole == "CUSTOMER" {
                texts.append(entry.content ?? "")
            }
        }
        return texts
    }

    @Test func anExpiredConnectionTokenIsRenewedAndTheMessageSent() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let chat = try Self.start(server)
        chat.type("hours")
        #expect(await chat.waitForOutput("opening hours"), "\(chat.stdout) \(chat.stderr)")
        await server.expireConnectionTokens()
        chat.type("order")
        #expect(await chat.waitForOutput("HL-1042"), "the message after the expiry was sent and answered: \(chat.stdout) \(chat.stderr)")
        chat.closeInput()
        let status = await chat.waitForExit(timeout: .seconds(30))
        #expect(status == 0, "\(chat.stderr)")
        #expect(!chat.stdout.contains("failed") && !chat.stderr.lowercased().contains("access denied"), "\(chat.stderr)")
        #expect(await Self.customerMessages(server).contains("order"))
        for contact in await server.contacts() { #expect(await server.hasEnded(contactId: contact), "the final disconnect worked") }
    }

    @Test func expiringTokensOnATimerAreRenewedEachTime() async throws {
        // `helpline serve --faults expire-tokens-every=5s`, in process (long enough for a start on a
        // busy machine: the core does not renew a token that expires before the first connection).
        let faults = try DemoFaults.parse("expire-tokens-every=5s")
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10), faults: faults))
        defer { Task { await server.stop() } }
        let chat = try Self.start(server)
        for (index, (word, reply)) in [("help", "can do"), ("order", "HL-1042")].enumerated() {
            chat.type(word)
            let answered = await chat.waitForOutput(reply)
            #expect(answered, "message \(index + 1) answered: \(chat.stdout) \(chat.stderr)")
            guard answered, index < 1 else { break }
            let renewals = chat.stderr.components(separatedBy: "-- connected").count
            // Send the next one only after the token expired and the connection was renewed.
            let deadline = ContinuousClock.now + .seconds(20)
            while chat.stderr.components(separatedBy: "-- connected").count <= renewals, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        chat.closeInput()
        let status = await chat.waitForExit(timeout: .seconds(30))
        #expect(status == 0, "\(chat.stderr)")
        #expect(!chat.stdout.contains("[failed"), "\(chat.stdout)")
        #expect(Set(await Self.customerMessages(server)).isSuperset(of: ["help", "order"]), "\(chat.stderr)")
        var ended = true
        for contact in await server.contacts() where !(await server.hasEnded(contactId: contact)) { ended = false }
        // A DisconnectParticipant refused for an expired connection token is sent again with a new one.
        #expect(ended, "the final disconnect worked: \(chat.stderr)")
    }

    @Test func aMessageLongerThanConnectTakesIsSentInNumberedParts() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let chat = try Self.start(server)
        let words = (1...500).map { "word\($0)" }.joined(separator: " ")  // about 4,400 characters, one line
        chat.type(words)
        chat.closeInput()
        let status = await chat.waitForExit(timeout: .seconds(40))
        #expect(status == 0, "\(chat.stderr)")
        let sent = await Self.customerMessages(server)
        #expect(sent.count >= (words.count + 1023) / 1024, "split into parts: \(sent.map(\.count))")
        #expect(sent.allSatisfy { $0.count <= 1024 }, "\(sent.map(\.count))")
        #expect(sent.first?.hasPrefix("(1/") == true, "numbered: \(sent.first?.prefix(20) ?? "")")
        #expect(!chat.stdout.contains("failed") && !chat.stdout.contains("/retry"), "\(chat.stdout)")
        // Nothing lost: the words come back in order once the numbering is taken off.
        let joined = sent.map { $0.replacingOccurrences(of: #"^\(\d+/\d+\) "#, with: "", options: .regularExpression) }
            .joined(separator: " ")
        #expect(joined == words)
    }
}
