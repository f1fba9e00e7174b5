import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// An idle full-screen chat wakes the machine as little as it can: its tasks and timers run on
/// SwiftNIO's event loops, so no libdispatch worker thread starts — once one has, libdispatch's pool
/// monitor wakes the process every second for as long as it runs.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIIdleTests {
    @Test("a chat that connected, sent, got a reply and went idle started no libdispatch worker, and its event loops run below its terminal thread")
    func noDispatchWorkerThread() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let command = "'\(TUITmux.helplineBinary())' connect --start-url '\(server.startChatURL.absoluteString)'"
            + " --endpoint-url '\(server.baseURL.absoluteString)' --display-name Tess --new"
        let tmux = try TUITmux(command: command)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the chat connects and the bot greets:\n\(ready.screen.dump)")
        tmux.type("hours")
        tmux.keys("Enter")
        let answered = await tmux.wait { $0.has("Mon-Fri") }
        #expect(answered.ok, "the bot answers:\n\(answered.screen.dump)")
        let shell = try #require(tmux.panePID())
        let helpline = try #require(TUIEndToEndTests.childPID(of: shell), "helpline runs under the pane's shell")
        // A worker lives on for seconds after its last job, so one that ran the session's tasks or
        // timers is still there: libdispatch names it after its global queue ("…default-qos"); a
        // serial queue's own thread ("…qos.overcommit") is not watched by the monitor.
        let names = TUIEndToEndTests.threadNames(of: helpline)
        #expect(names.contains("helpline-tty"))
        #expect(names.filter { $0.hasSuffix("qos") }.isEmpty, "dispatch workers: \(names)")
        // The event loops run five nice levels below the terminal's thread, which keeps the
        // process's own: a busy core runs a key's echo before a streamed reply's network work.
        let nice = TUIEndToEndTests.threadNiceValues(of: helpline)
        let terminal = try #require(nice["helpline-tty"]?.first, "\(nice)")
        let loops = nice.filter { $0.key.hasPrefix("NIO-SGLTN") }.flatMap(\.value)
        #expect(!loops.isEmpty && loops.allSatisfy { $0 == min(19, terminal + 5) }, "nice values by thread: \(nice)")
        #expect(terminal == getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), "the terminal thread keeps the nice value it started with")
        tmux.keys("C-c")
    }
}
