import AmazonConnect
import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// `helpline agent` in a real terminal (tmux), taking a chat from a customer session over loopback.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct AgentConsoleTUITests {
    @Test func theAgentAcceptsAQueuedChatAndReplies() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let tmux = try TUITmux(command: "'\(TUITmux.helplineBinary())' agent --server \(server.baseURL.absoluteString) --name Sam")
        let signedIn = await tmux.wait { $0.has("Chats waiting for an agent") && $0.has("No chat is waiting") }
        #expect(signedIn.ok, "the console signs in and shows the empty queue:\n\(signedIn.screen.dump)")

        let customer = DemoChat.session(server, name: "Pat")
        let recorder = EventRecorder(customer.events)
        await customer.start()
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Welcome") } })
        _ = await customer.send("I need a human please")

        let queued = await tmux.wait { $0.contains { $0.contains("▶ Pat · Support · waiting") && $0.contains("I need a human please") } }
        #expect(queued.ok, "the waiting chat is listed with its last message:\n\(queued.screen.dump)")
        #expect(queued.screen[0].contains("0 Queue (1)"), "the tab strip counts the queue")
        tmux.keys("Enter")
        let opened = await tmux.wait { screen in
            screen[0].contains("1 Pat") && screen.has("I need a human please") && screen.has("Welcome to the Helpline demo")
        }
        #expect(opened.ok, "accepting opens the chat with the bot conversation so far:\n\(opened.screen.dump)")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text == "Sam accepted your chat." } })
        let partner = await tmux.wait { $0[1].contains("Chat with Pat") && $0[1].contains("Pat  customer") }
        #expect(partner.ok, "the chat's status bar names the customer:\n\(partner.screen.dump)")

        tmux.type("Hello Pat, **Sam** here")
        tmux.keys("Enter")
        #expect(await recorder.wait { recorder in
            await recorder.currentItems.contains { $0.sender.role == .agent && $0.sender.name == "Sam" && $0.text.contains("**Sam** here") }
        }, "the customer gets the agent's markdown reply")
        let shown = await tmux.wait { $0.has("Hello Pat, Sam here") }
        #expect(shown.ok, "the console renders its own reply as markdown:\n\(shown.screen.dump)")

        _ = await customer.send("thanks, bye")
        let answer = await tmux.wait { $0.has("thanks, bye") }
        #expect(answer.ok, "customer messages reach the console:\n\(answer.screen.dump)")

        tmux.type("/end")
        tmux.keys("Enter")
        #expect(await recorder.wait { await $0.states.last?.isTerminal == true }, "/end ends the chat for the customer")
        let ended = await tmux.wait { $0[0].contains("1 Pat ✕") }
        #expect(ended.ok, "the tab shows the chat is over:\n\(ended.screen.dump)")
        tmux.keys("M-0")
        let back = await tmux.wait { $0.has("No chat is waiting") }
        #expect(back.ok, "Alt-0 shows the queue again:\n\(back.screen.dump)")
        await customer.shutdown()
    }

    @Test func quittingHandsOpenChatsBackAndSaysSo() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let console = "'\(TUITmux.helplineBinary())' agent --server \(server.baseURL.absoluteString) --name Sam"
        let tmux = try TUITmux(command: "sh -c \"\(console) 2> errors; echo \\$? > status\"")
        #expect(await tmux.wait { $0.has("Chats waiting for an agent") }.ok)
        let customer = DemoChat.session(server, name: "Pat")
        let recorder = EventRecorder(customer.events)
        await customer.start()
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Welcome") } })
        _ = await customer.send("agent")
        #expect(await tmux.wait { $0.has("Pat · Support") }.ok)
        tmux.keys("Enter")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text == "Sam accepted your chat." } })
        // The console knows the chat is open once its tab shows (the server may tell the customer first).
        #expect(await tmux.wait { $0[0].contains("1 Pat") }.ok, "the chat opens in a tab:\n\(tmux.screen().dump)")
        tmux.keys("C-c")
        // The first quit names the open chats; the second hands them back and leaves.
        #expect(await tmux.wait { $0.has("still open") }.ok, "the console asks first:\n\(tmux.screen().dump)")
        tmux.keys("C-c")
        #expect(await TUISignalTests.waitForFile("status", in: tmux), "the console quits:\n\(tmux.screen().dump)")
        let said = tmux.file("errors") ?? ""
        #expect(said.contains("handed the open chat with Pat back to the bot"), "and says what became of the chat: \(said)")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text == "Sam left the chat" } },
                "the customer sees the agent leave")
        #expect(await recorder.states.last?.isTerminal != true, "the chat goes on with the bot")
        await customer.shutdown()
    }
}
