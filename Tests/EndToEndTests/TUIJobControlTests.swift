import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// Stopping and continuing the full-screen chat and the agent console under a shell with job
/// control: SIGTSTP from outside and the Ctrl-Z key give the terminal back as it was, and `fg`
/// draws the screen again.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIJobControlTests {
    @Test("kill -TSTP and Ctrl-Z stop the chat with the terminal restored; fg redraws it")
    func stopAndContinue() async throws {
        let tmux = try TUITmux(command: Self.jobScript(TUIEndToEndTests.demo, stops: 2))
        let chat: ([String]) -> Bool = { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        let ready = await tmux.wait(chat)
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        let shell = try #require(tmux.panePID())
        let bash = try #require(TUIEndToEndTests.childPID(of: shell), "bash runs in the pane")
        let helpline = try #require(TUIEndToEndTests.childPID(of: bash), "helpline runs under bash")

        try await stopAndResume(1, tmux, by: "kill -TSTP", { kill(helpline, SIGTSTP) }, until: chat)
        tmux.type("still here")
        let typed = await tmux.wait { $0.has("› still here") }
        #expect(typed.ok, "keys reach the composer after the stop:\n\(typed.screen.dump)")
        try await stopAndResume(2, tmux, by: "Ctrl-Z", { tmux.keys("C-z") }, until: { $0.has("› still here") })

        tmux.keys("C-c")
        try await expectShellContinues(tmux, stops: 2)
    }

    @Test("Ctrl-Z stops the agent console with the terminal restored; fg redraws it")
    func agentConsoleStopsAndContinues() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration())
        defer { Task { await server.stop() } }
        let console = "'\(TUITmux.helplineBinary())' agent --server \(server.baseURL.absoluteString) --name Sam"
        let tmux = try TUITmux(command: Self.jobScript(console, stops: 1))
        let queue: ([String]) -> Bool = { $0.has("Chats waiting for an agent") }
        let ready = await tmux.wait(queue)
        #expect(ready.ok, "the console signs in:\n\(ready.screen.dump)")
        try await stopAndResume(1, tmux, by: "Ctrl-Z", { tmux.keys("C-z") }, until: queue)
        tmux.type("q")
        try await expectShellContinues(tmux, stops: 1)
    }

    /// A `bash` script with job control (`set -m`) that runs `command`: each time the job stops,
    /// the script records `stty -a` in during-N and waits for the test's go-N file before its
    /// `fg` continues the job; `stty -a` goes to `before` first and to `after` at the end.
    private static func jobScript(_ command: String, stops: Int) -> String {
        let stopped = (1...stops).map { n in
            "echo STOPPED-\(n); stty -a > during-\(n); while [ ! -e go-\(n) ]; do sleep 0.05; done; fg; "
        }
        return "bash -c \"set -m; stty -a > before; \(command); " + stopped.joined() + "stty -a > after; echo DONE\""
    }

    /// Stops the job (`stop`), expects the shell to have the terminal, lets `fg` number `n` run
    /// and expects the screen back (`until`).
    private func stopAndResume(
        _ n: Int, _ tmux: TUITmux, by how: String, _ stop: () -> Void, until back: @escaping ([String]) -> Bool
    ) async throws {
        stop()
        let stopped = await tmux.wait { $0.has("STOPPED-\(n)") }
        #expect(stopped.ok, "\(how) gives the shell the terminal back:\n\(stopped.screen.dump)")
        try go(n, tmux)
        let resumed = await tmux.wait { back($0) && !$0.has("STOPPED-\(n)") }
        #expect(resumed.ok, "fg after \(how) draws the screen again:\n\(resumed.screen.dump)")
    }

    /// Expects the script to finish with the terminal's settings as they were before, while
    /// stopped each time, and at the end.
    private func expectShellContinues(_ tmux: TUITmux, stops: Int) async throws {
        let done = await tmux.wait { $0.has("DONE") }
        #expect(done.ok, "the shell continues:\n\(done.screen.dump)")
        let before = try #require(tmux.file("before"))
        for n in 1...stops { #expect(tmux.file("during-\(n)") == before, "stty settings restored while stopped (\(n))") }
        #expect(tmux.file("after") == before, "stty settings restored at the end")
    }

    /// Lets the script's `fg` number `n` run.
    private func go(_ n: Int, _ tmux: TUITmux) throws {
        try Data().write(to: tmux.directory.appendingPathComponent("go-\(n)"))
    }
}
