import DemoServer
import Foundation
import Testing

/// Stopping and continuing the full-screen chat and the agent console under a shell with job
/// control: SIGTSTP from outside and the Ctrl-Z key give the terminal back as it was, and `fg`
/// draws the screen again.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIJobControlTests {
    @Test("kill -TSTP and Ctrl-Z stop the chat with the terminal restored; fg redraws it")
    func stopAndContinue() async throws {
        // bash with job control (set -m): a stopped job returns control to the script, which
        // waits for the test's go-N file before its `fg` continues the job.
        func stopped(_ n: Int) -> String {
            "echo STOPPED-\(n); stty -a > during-\(n); while [ ! -e go-\(n) ]; do sleep 0.05; done; fg; "
        }
        let script = "set -m; stty -a > before; \(TUIEndToEndTests.demo); " + stopped(1) + stopped(2) + "stty -a > after; echo DONE"
        let tmux = try TUITmux(command: "bash -c \"\(script)\"")
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        let shell = try #require(tmux.panePID())
        let bash = try #require(TUIEndToEndTests.childPID(of: shell), "bash runs in the pane")
        let helpline = try #require(TUIEndToEndTests.childPID(of: bash), "helpline runs under bash")

        kill(helpline, SIGTSTP)
        let stopped = await tmux.wait { $0.has("STOPPED-1") }
        #expect(stopped.ok, "the shell got the terminal back:\n\(stopped.screen.dump)")
        try go(1, tmux)
        let back = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") && !$0.has("STOPPED-1") }
        #expect(back.ok, "fg draws the chat again:\n\(back.screen.dump)")

        tmux.type("still here")
        let typed = await tmux.wait { $0.has("› still here") }
        #expect(typed.ok, "keys reach the composer after the stop:\n\(typed.screen.dump)")
        tmux.keys("C-z")
        let stoppedAgain = await tmux.wait { $0.has("STOPPED-2") }
        #expect(stoppedAgain.ok, "Ctrl-Z stops it too:\n\(stoppedAgain.screen.dump)")
        try go(2, tmux)
        let backAgain = await tmux.wait { $0.has("› still here") && !$0.has("STOPPED-2") }
        #expect(backAgain.ok, "the draft survives the stop:\n\(backAgain.screen.dump)")

        tmux.keys("C-c")
        let done = await tmux.wait { $0.has("DONE") }
        #expect(done.ok, "the shell continues:\n\(done.screen.dump)")
        let before = try #require(tmux.file("before"))
        #expect(tmux.file("during-1") == before, "stty settings restored while stopped by SIGTSTP")
        #expect(tmux.file("during-2") == before, "stty settings restored while stopped by Ctrl-Z")
        #expect(tmux.file("after") == before, "stty settings restored at the end")
    }

    @Test("Ctrl-Z stops the agent console with the terminal restored; fg redraws it")
    func agentConsoleStopsAndContinues() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration())
        defer { Task { await server.stop() } }
        let console = "'\(TUITmux.helplineBinary())' agent --server \(server.baseURL.absoluteString) --name Sam"
        let script = "set -m; stty -a > before; \(console); echo STOPPED-1; stty -a > during-1; "
            + "while [ ! -e go-1 ]; do sleep 0.05; done; fg; stty -a > after; echo DONE"
        let tmux = try TUITmux(command: "bash -c \"\(script)\"")
        let ready = await tmux.wait { $0.has("Chats waiting for an agent") }
        #expect(ready.ok, "the console signs in:\n\(ready.screen.dump)")
        tmux.keys("C-z")
        let stopped = await tmux.wait { $0.has("STOPPED-1") }
        #expect(stopped.ok, "Ctrl-Z gives the shell the terminal back:\n\(stopped.screen.dump)")
        try go(1, tmux)
        let back = await tmux.wait { $0.has("Chats waiting for an agent") && !$0.has("STOPPED-1") }
        #expect(back.ok, "fg draws the console again:\n\(back.screen.dump)")
        tmux.type("q")
        let done = await tmux.wait { $0.has("DONE") }
        #expect(done.ok, "q leaves and the shell continues:\n\(done.screen.dump)")
        let before = try #require(tmux.file("before"))
        #expect(tmux.file("during-1") == before, "stty settings restored while stopped")
        #expect(tmux.file("after") == before, "stty settings restored at the end")
    }

    /// Lets the script's `fg` number `n` run.
    private func go(_ n: Int, _ tmux: TUITmux) throws {
        try Data().write(to: tmux.directory.appendingPathComponent("go-\(n)"))
    }
}
