import DemoServer
import Foundation
import HelplineTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every way out works after `/new` (any number of times) and in the agent console after tabs were
/// opened and closed: SIGTERM, SIGINT and SIGHUP end the process with the terminal restored, and a
/// hang-up of the terminal itself (the tmux session killed, as a dropped SSH connection) ends it too.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUISignalTests {
    private static func connected(_ screen: [String]) -> Bool {
        screen.first?.contains("connected") == true && screen.has("Helpline demo")
    }

    /// `helpline demo` in a shell that records `stty -a` before and after it, and its exit status.
    private static func shellScript(_ command: String) -> String {
        "sh -c \"stty -a > before; \(command); echo \\$? > status; stty -a > after; touch done\""
    }

    /// Starts the demo chat and runs `/new` `times` times, each time waiting for the new chat.
    private func chatAfterNew(times: Int) async throws -> (TUITmux, Int32) {
        let tmux = try TUITmux(command: Self.shellScript(TUIEndToEndTests.demo))
        let ready = await tmux.wait { Self.connected($0) }
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        for n in 0..<times {
            // A message marks the chat, so the new one is told apart by its absence.
            tmux.type("marker \(n)")
            tmux.keys("Enter")
            let marked = await tmux.wait { $0.count >= 30 && $0[1..<28].contains { $0.contains("marker \(n)") } && !$0[29].contains("marker") }
            #expect(marked.ok, "sent in chat \(n):\n\(marked.screen.dump)")
            tmux.type("/new")
            tmux.keys("Enter")
            let again = await tmux.wait { Self.connected($0) && !$0.has("marker \(n)") }
            #expect(again.ok, "/new opens a new chat (\(n + 1)):\n\(again.screen.dump)")
        }
        let helpline = try #require(Self.helplinePID(in: tmux), "helpline runs in the pane")
        return (tmux, helpline)
    }

    @Test("SIGTERM, SIGINT and SIGHUP end the chat after /new, with the terminal restored",
          arguments: [(SIGTERM, 1), (SIGINT, 2), (SIGHUP, 1)])
    func signalAfterNew(signal: Int32, news: Int) async throws {
        let (tmux, helpline) = try await chatAfterNew(times: news)
        kill(helpline, signal)
        #expect(await Self.waitForFile("done", in: tmux), "signal \(signal) ends helpline after /new:\n\(tmux.screen().dump)")
        #expect(tmux.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(128 + signal)",
                "the exit status names the signal: \(tmux.file("status") ?? "none")")
        #expect(tmux.file("after") == tmux.file("before"), "stty settings restored")
    }

    @Test("a hang-up of the terminal ends the chat after /new")
    func hangUpAfterNew() async throws {
        let (tmux, helpline) = try await chatAfterNew(times: 1)
        try tmux.run(["kill-session", "-t", "t"], capture: false)
        #expect(await Self.waitForExit(helpline), "helpline is gone after its terminal hung up")
    }

    @Test("SIGTERM and a hang-up end the agent console after a chat tab was opened and closed")
    func agentConsoleAfterTabs() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        for way in ["SIGTERM", "hang-up"] {
            let console = "'\(TUITmux.helplineBinary())' agent --server \(server.baseURL.absoluteString) --name Sam"
            let tmux = try TUITmux(command: Self.shellScript(console))
            let signedIn = await tmux.wait { $0.has("Chats waiting for an agent") }
            #expect(signedIn.ok, "signed in:\n\(signedIn.screen.dump)")
            let customer = DemoChat.session(server, name: "Pat-\(way)")
            let recorder = EventRecorder(customer.events)
            await customer.start()
            #expect(await recorder.wait { await $0.currentItems.contains { $0.text.contains("Welcome") } })
            _ = await customer.send("agent")
            let queued = await tmux.wait { $0.has("Pat-\(way) ·") }
            #expect(queued.ok, "queued:\n\(queued.screen.dump)")
            tmux.keys("Enter")
            let opened = await tmux.wait { $0[0].contains("1 Pat-\(way)") }
            #expect(opened.ok, "accepted:\n\(opened.screen.dump)")
            tmux.type("/end")
            tmux.keys("Enter")
            let ended = await tmux.wait { $0[0].contains("✕") }
            #expect(ended.ok, "ended:\n\(ended.screen.dump)")
            tmux.type("/close")
            tmux.keys("Enter")
            let closed = await tmux.wait { !$0[0].contains("Pat-\(way)") }
            #expect(closed.ok, "the tab is closed:\n\(closed.screen.dump)")
            let agent = try #require(Self.helplinePID(in: tmux), "helpline runs in the pane")
            if way == "SIGTERM" {
                kill(agent, SIGTERM)
                #expect(await Self.waitForFile("done", in: tmux), "SIGTERM ends the console:\n\(tmux.screen().dump)")
                #expect(tmux.file("after") == tmux.file("before"), "stty settings restored")
            } else {
                try tmux.run(["kill-session", "-t", "t"], capture: false)
                #expect(await Self.waitForExit(agent), "the console is gone after its terminal hung up")
            }
            await customer.shutdown()
        }
    }

    /// The `helpline` process under the pane's shells.
    static func helplinePID(in tmux: TUITmux) -> Int32? {
        var pid = tmux.panePID()
        while let current = pid {
            let name = (try? String(contentsOfFile: "/proc/\(current)/comm", encoding: .utf8)) ?? ""
            if name.hasPrefix("helpline") { return current }
            pid = TUIEndToEndTests.childPID(of: current)
        }
        return nil
    }

    /// Polls until the pane's shell wrote `name` (output after a full-screen exit is not always on
    /// tmux's screen, so the shell reports through files).
    static func waitForFile(_ name: String, in tmux: TUITmux, timeout: TimeInterval = 20) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if tmux.file(name) != nil { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return tmux.file(name) != nil
    }

    /// Polls until `pid` no longer exists (or is a zombie).
    static func waitForExit(_ pid: Int32, timeout: TimeInterval = 20) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if stat.isEmpty || stat.contains(") Z ") { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}

/// An unknown `TERM`: the chat goes on in line mode, and says so.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIUnknownTermTests {
    @Test("an unknown TERM falls back to line mode and says so")
    func unknownTermFallsBackToLineMode() async throws {
        let command = "sh -c \"TERM=no-such-terminal \(TUIEndToEndTests.demo); echo EXIT=\\$?\""
        let tmux = try TUITmux(command: command)
        let plain = await tmux.wait { $0.has("continuing in line mode") && $0.has("Helpline demo") }
        #expect(plain.ok, "line mode takes over:\n\(plain.screen.dump)")
        #expect(plain.screen.has("TERM=no-such-terminal"), "the cause is named:\n\(plain.screen.dump)")
        tmux.type("/end")
        tmux.keys("Enter")
        let done = await tmux.wait { $0.has("EXIT=") }
        #expect(done.ok && done.screen.has("EXIT=0"), "the chat ends normally:\n\(done.screen.dump)")
    }
}
