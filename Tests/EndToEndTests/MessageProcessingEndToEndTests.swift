import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The contact center's message processing and the emulator's streamed chunks, in the real binary over
/// loopback: line mode in a pipe and the full-screen UI in tmux, against the demo in this process.
@Suite struct MessageProcessingEndToEndTests {
    static func connect(_ server: DemoContactCenter, _ extra: [String] = []) -> [String] {
        ["connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
         "--display-name", "Tess", "--new"] + extra
    }

    static func records(_ file: URL) -> [[String: Any]] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test("line mode: a redacted message is printed as delivered and marked, a blocked one never as sent; the JSONL keeps both texts and the status")
    func lineMode() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("processing-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await InteractiveHelpline.run(
            Self.connect(server, ["--plain", "--transcript", file.path]),
            input: "my card is 4111 1111 1111 1111\nmy password is hunter2\na glitch\n",
            awaiting: ["redacted part of your message", "blocked by the contact center's message rules", "could not check it"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("Tess: my card is [PII] [redacted by the contact center]") }, "\(result.stdout)")
        #expect(!result.stdout.contains("4111"), "the card number is shown nowhere once redacted: \(result.stdout)")
        let blocked = lines.filter { $0.contains("my password is hunter2") }
        #expect(blocked.count == 1 && blocked.first?.hasSuffix("[not delivered: blocked by the contact center's message rules]") == true,
                "\(result.stdout)")
        #expect(lines.contains { $0.contains("Tess: a glitch [not delivered: the contact center could not check it — /retry]") })

        let records = Self.records(file)
        let card = try #require(records.last { ($0["typed"] as? String)?.contains("4111") == true }, "\(records)")
        #expect(card["text"] as? String == "my card is [PII]" && card["typed"] as? String == "my card is 4111 1111 1111 1111")
        #expect(["sent", "delivered", "read"].contains(card["delivery"] as? String ?? ""), "\(card)")
        let password = try #require(records.last { $0["text"] as? String == "my password is hunter2" })
        #expect(password["delivery"] as? String == "rejected")
        #expect(!records.contains { $0["text"] as? String == "my password is hunter2" && $0["delivery"] as? String != "rejected" })

        let contactId = try #require(await server.contacts().first)
        let stored = await server.transcript(contactId: contactId).compactMap(\.content)
        #expect(!stored.contains("my password is hunter2") && !stored.contains { $0.contains("4111") }, "\(stored)")
    }

    @Test("full screen: the redacted text with its mark; blocked and failed in words; /retry sends the failed one's text again")
    func fullScreen() async throws {
        guard TUITmux.isAvailable else { return }
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let command = Self.connect(server).map { "'\($0)'" }.joined(separator: " ")
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' \(command)")
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "\(ready.screen.dump)")
        tmux.type("my card is 4111 1111 1111 1111")
        tmux.keys("Enter")
        let redacted = await tmux.wait { $0.has("my card is [PII]") && $0.has("redacted by the contact center") && !$0.has("4111") }
        #expect(redacted.ok, "\(redacted.screen.dump)")
        tmux.type("my password is hunter2")
        tmux.keys("Enter")
        let blocked = await tmux.wait { $0.has("✗ not delivered: blocked by the contact center's message rules") && $0.has("hunter2") }
        #expect(blocked.ok, "\(blocked.screen.dump)")
        tmux.type("a glitch")
        tmux.keys("Enter")
        let failed = await tmux.wait { $0.has("could not check it — /retry") }
        #expect(failed.ok, "\(failed.screen.dump)")
        tmux.type("/retry")
        tmux.keys("Enter")
        // The text goes again as a new message; the failed attempt stays shown as it was.
        let retried = await tmux.wait { screen in
            screen.filter { $0.contains("a glitch") }.count == 2 && screen.has("could not check it")
                && screen.has("Sorry, I didn't catch that")
        }
        #expect(retried.ok, "\(retried.screen.dump)")
        let contactId = try #require(await server.contacts().first)
        let stored = await server.transcript(contactId: contactId).compactMap(\.content)
        #expect(stored.filter { $0 == "a glitch" }.count == 1, "the retry went through once: \(stored)")
        #expect(!stored.contains("my password is hunter2"))
    }

    @Test("PolyAI streaming, line mode and full screen: the emulator's SDK-style chunks read with single spaces")
    func polyAIStreamedSpacing() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let whole = "Sure! This reply streams in pieces, the way Amazon Lex sends them"
        let result = try await InteractiveHelpline.run(PolyAICLITests.arguments(server), input: "stream\n", awaiting: [whole])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Welcome to the Helpline demo. I'm a scripted bot. Try: help,"), "\(result.stdout)")
        #expect(result.stdout.contains(whole), "\(result.stdout)")
        for doubled in ["Welcome  to", "Helpline  demo", "reply  streams", "Amazon  Lex"] {
            #expect(!result.stdout.contains(doubled), "no double spaces: \(result.stdout)")
        }
        guard TUITmux.isAvailable else { return }
        let arguments = PolyAICLITests.arguments(server).filter { $0 != "--plain" }.map { "'\($0)'" }.joined(separator: " ")
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' \(arguments)")
        let greeted = await tmux.wait { $0.has("Welcome to the Helpline demo. I'm a scripted bot.") }
        #expect(greeted.ok, "\(greeted.screen.dump)")
        tmux.type("stream")
        tmux.keys("Enter")
        let streamed = await tmux.wait { $0.has("Sure! This reply streams in pieces") }
        #expect(streamed.ok, "\(streamed.screen.dump)")
        #expect(!streamed.screen.has("Welcome  to") && !streamed.screen.has("reply  streams"), "\(streamed.screen.dump)")
    }
}
