import ChatModel
import Foundation
import MarkdownANSI
import Synchronization
import Testing

@testable import AgentConsole
@testable import ChatUI
@testable import TerminalRuntime

/// Whole sessions of the agent console, in-process: ``AgentConsoleProgram`` on ``Program`` over a
/// ``TestBackend``, with a desk that answers from memory and chat sessions that record what the
/// console hands them.
@Suite struct AgentConsoleSessionTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let noor = WaitingChat(id: "c9", customerName: "Noor", queue: "Support", waitingSeconds: 5, lastMessage: "my order?")

    /// The desk and the sessions of the chats it hands out.
    final class Desk: Sendable {
        struct State {
            var accepted: [String] = []
            var released: [String] = []
            var commands: [ChatCommand] = []
        }

        let state = Mutex(State())
        let chat = ChatEventStream.makeStream()
        /// Answers to releases wait for this (nil: at once).
        let releaseGate: AsyncStream<Void>?
        /// Answers to accepts wait for this (nil: at once).
        let acceptGate: AsyncStream<Void>?

        init(holdReleases: Bool = false, holdAccepts: AsyncStream<Void>? = nil) {
            releaseGate = holdReleases ? AsyncStream { _ in } : nil
            acceptGate = holdAccepts
        }

        var actions: AgentConsoleActions {
            AgentConsoleActions(
                queue: { .success([AgentConsoleSessionTests.noor]) },
                accept: { id in
                    if let gate = self.acceptGate { for await _ in gate { break } }
                    self.state.withLock { $0.accepted.append(id) }
                    return .success(AgentChatHandle(id: id, customerName: "Noor", events: self.chat.stream) { command in
                        self.state.withLock { $0.commands.append(command) }
                    })
                },
                release: { id in
                    if let gate = self.releaseGate { for await _ in gate { break } }
                    self.state.withLock { $0.released.append(id) }
                    return .success(())
                })
        }

        var snapshot: State { state.withLock { $0 } }
    }

    @TerminalActor static func console(_ desk: Desk, size: TerminalSize = TerminalSize(rows: 24, columns: 90)) -> (Program<AgentConsoleProgram>, TestBackend) {
        let backend = TestBackend(size: size)
        let options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: [:])
        let model = AgentConsoleProgram(
            agentName: "Sam", options: options, look: ScreenLook(monochromeTerminal: false, themeName: "default"),
            actions: desk.actions, size: size)
        return (Program(model, backend: backend, outlet: { $0.send($0.command) }, heapTrim: HeapTrim(afterStart: false, release: {}, trim: {})), backend)
    }

    /// Accepts the waiting chat, sees it open, and asks twice to leave (the second hands it back).
    @TerminalActor static func acceptAndLeave(
        _ program: Program<AgentConsoleProgram>, _ backend: TestBackend, _ desk: Desk, clock: inout Date
    ) async {
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("Noor") })
        backend.press(.enter)
        #expect(await program.turns(clock: &clock) { program.model.state.tabs.count == 1 })
        desk.chat.feed.yield(.connection(.open))
        #expect(await program.turns(clock: &clock) { program.model.state.tabs[0].ui.connection == .open })
        for _ in 0..<2 {
            backend.type("/quit")
            backend.press(.enter)
            _ = program.turn(now: clock)
        }
    }

    @Test("the agent sees the queue, accepts, reads the customer, answers in the tab and hands the chat back — at two sizes",
          arguments: [TerminalSize(rows: 24, columns: 90), TerminalSize(rows: 14, columns: 48)])
    @TerminalActor func wholeShift(size: TerminalSize) async {
        let desk = Desk()
        let (program, backend) = Self.console(desk, size: size)
        defer { program.stop() }
        var clock = Self.t0
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("Noor") }, "\(backend.screenText)")
        #expect(backend.title.contains("1 waiting"))
        backend.press(.enter)
        #expect(await program.turns(clock: &clock) { program.model.state.tabs.count == 1 })
        #expect(desk.snapshot.accepted == ["c9"])
        var transcript = Transcript()
        transcript.merge(ChatItem(id: "m1", time: Self.t0, sender: Participant(id: "cust", name: "Noor", role: .customer), kind: .message, text: "Where is my order?"), isOwn: false)
        desk.chat.feed.yield(.connection(.open))
        for update in transcript.takeUpdates() { desk.chat.feed.yield(.transcript(update)) }
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("Where is my order?") }, "\(backend.screenText)")
        backend.type("On its way")
        _ = program.turn(now: clock)
        backend.press(.enter)
        _ = program.turn(now: clock)
        #expect(desk.snapshot.commands.contains(.send("On its way")), "\(desk.snapshot.commands)")
        backend.type("/transfer")
        backend.press(.enter)
        #expect(await program.turns(clock: &clock) { program.model.state.tabs.first?.released == true })
        #expect(desk.snapshot.released == ["c9"])
        #expect(backend.screenText.contains("Handed back to the bot"))
        #expect(backend.screen.count == size.rows)
        #expect(backend.screen.allSatisfy { TerminalWidth.of($0) <= size.columns })
    }

    @Test("leaving with a live chat asks once, then hands it back and quits only when the desk has answered")
    @TerminalActor func leavingHandsBack() async {
        let desk = Desk()
        let (program, backend) = Self.console(desk)
        defer { program.stop() }
        var clock = Self.t0
        await Self.acceptAndLeave(program, backend, desk, clock: &clock)
        #expect(await program.turns(clock: &clock) { program.isFinished })
        #expect(desk.snapshot.released == ["c9"])
    }

    @Test("leaving while a chat is being accepted waits for the desk, then hands that chat back too")
    @TerminalActor func leavingDuringAnAccept() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let desk = Desk(holdAccepts: gate)
        let (program, backend) = Self.console(desk)
        defer { program.stop() }
        var clock = Self.t0
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("Noor") })
        backend.press(.enter)
        _ = program.turn(now: clock)
        backend.press(.text("q"))
        _ = program.turn(now: clock)
        backend.press(.text("q"))
        _ = program.turn(now: clock)
        #expect(!program.isFinished, "the chat being accepted is not stranded")
        open.yield()
        #expect(await program.turns(clock: &clock) { program.isFinished })
        #expect(desk.snapshot.accepted == ["c9"])
        #expect(desk.snapshot.released == ["c9"])
    }

    @Test("a desk that never answers the hand-back does not keep the agent: the console leaves when the time is up")
    @TerminalActor func handBackTimesOut() async {
        let desk = Desk(holdReleases: true)
        let (program, backend) = Self.console(desk)
        defer { program.stop() }
        var clock = Self.t0
        await Self.acceptAndLeave(program, backend, desk, clock: &clock)
        _ = await program.turns(clock: &clock, until: { false }, timeout: .milliseconds(50))
        #expect(!program.isFinished, "still waiting for the desk")
        // The limit's job posts this when its time is up.
        program.post(.handBackTimeUp)
        #expect(await program.turns(clock: &clock) { program.isFinished })
    }
}
