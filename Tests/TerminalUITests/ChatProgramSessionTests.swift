import ChatModel
import Foundation
import MarkdownANSI
import Testing

@testable import ChatUI
@testable import TerminalRuntime
@testable import TerminalUI

/// Whole sessions of the full-screen chat, in-process: ``ChatProgram`` on ``Program`` over a
/// ``TestBackend`` — keys in, frames out, commands to a small engine that answers as the session
/// engine does (its transcript's own updates), at several sizes.
@Suite struct ChatProgramSessionTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let bot = Participant(id: "bot", name: "Bot", role: .bot)
    static let me = Participant(id: "me", name: "Me", role: .customer)

    /// The engine's side: a transcript, published the engine's way; what the UI sends is recorded
    /// and a typed message becomes a pending item, then a sent one.
    @TerminalActor final class Engine {
        var transcript = Transcript()
        var commands: [ChatCommand] = []
        let (events, sink) = AsyncStream<ChatEvent>.makeStream()
        var sent = 0

        func publish(_ event: ChatEvent) { sink.yield(event) }

        func flush() {
            for update in transcript.takeUpdates() { sink.yield(.transcript(update)) }
        }

        func say(_ id: String, _ text: String, at offset: TimeInterval = 0) {
            transcript.merge(ChatItem(id: id, time: ChatProgramSessionTests.t0.addingTimeInterval(offset), sender: ChatProgramSessionTests.bot, kind: .message, text: text), isOwn: false)
            flush()
        }

        func take(_ command: ChatCommand) {
            commands.append(command)
            guard case .send(let text) = command else { return }
            sent += 1
            let local = "local-\(sent)"
            transcript.addPending(ChatItem(id: local, localId: local, time: ChatProgramSessionTests.t0, sender: ChatProgramSessionTests.me, kind: .message, text: text, delivery: .pending))
            transcript.acknowledge(localId: local, id: "server-\(sent)", time: ChatProgramSessionTests.t0)
            flush()
        }

        var texts: [String] { commands.compactMap { if case .send(let text) = $0 { text } else { nil } } }
    }

    @TerminalActor static func program(_ engine: Engine, size: TerminalSize, environment: [String: String] = [:]) -> (Program<ChatProgram>, TestBackend) {
        let backend = TestBackend(size: size)
        var env = environment
        if env["XDG_STATE_HOME"] == nil { env["XDG_STATE_HOME"] = NSTemporaryDirectory() + "helpline-program-\(UUID().uuidString)" }
        var options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: env)
        options.title = "Helpline"
        let model = ChatTerminalApp.model(options: options, events: engine.events, monochrome: false, size: size)
        return (Program(model, backend: backend, outlet: { engine.take($0) }), backend)
    }

    @Test("a whole chat: the greeting shows, typed keys echo at once, Enter sends once, the message shows sent — at three sizes",
          arguments: [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 12, columns: 40), TerminalSize(rows: 40, columns: 132)])
    @TerminalActor func wholeChat(size: TerminalSize) async {
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: size)
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        engine.say("m1", "Welcome to Helpline")
        let greeted = await program.turns(clock: &clock) { backend.screenText.contains("Welcome to Helpline") }
        #expect(greeted, "\(backend.screenText)")
        backend.type("hi")
        _ = program.turn(now: clock)
        backend.type(" there")
        _ = program.turn(now: clock)
        #expect(backend.screenText.contains("hi there"), "the draft is on the screen after its key's turn")
        backend.press(.enter)
        #expect(await program.turns(clock: &clock) { engine.transcript.items.count == 2 && backend.screenText.contains("Me") })
        #expect(engine.texts == ["hi there"], "sent once")
        #expect(engine.commands.filter { $0 == .typing }.count >= 2, "a typing notice per key's turn: the UI throttles none (\(engine.commands))")
        #expect(engine.commands.firstIndex(of: .typing) ?? .max < engine.commands.firstIndex(of: .send("hi there")) ?? -1)
        #expect(backend.screen.count == size.rows)
        #expect(backend.screen.allSatisfy { TerminalWidth.of($0) <= size.columns })
        #expect(backend.title.hasPrefix("Helpline"))
    }

    @Test("a key's frame is drawn in its own turn; a burst of engine events coalesces into one frame")
    @TerminalActor func framesFollowTheClock() async {
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80))
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        #expect(await program.turns(clock: &clock) { program.model.state.connection == .open && !program.hasPosted })
        for n in 0..<50 { engine.say("b\(n)", "line \(n)", at: Double(n)) }
        // Wait until every event is posted, then let one turn take them.
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("line 49") })
        let drawn = backend.framesDrawn
        backend.type("x")
        _ = program.turn(now: clock)
        #expect(backend.framesDrawn == drawn + 1, "the key's frame is drawn at once, though no frame time passed")
        _ = program.turn(now: clock)
        #expect(backend.framesDrawn == drawn + 1, "nothing changed: nothing drawn")
    }

    @Test("what does not change the screen draws no frame: a snapshot for the closed diagnostics pane")
    @TerminalActor func hiddenDiagnosticsCostNoFrame() async {
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80))
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        #expect(await program.turns(clock: &clock) { program.model.state.connection == .open && !program.hasPosted })
        let drawn = backend.framesDrawn
        engine.publish(.diagnostics(ConnectionDiagnostics(reconnects: 3)))
        #expect(await program.turns(clock: &clock) { program.model.state.diagnostics?.reconnects == 3 })
        #expect(backend.framesDrawn == drawn, "a hidden pane costs no frame")
        backend.press(.function(2))
        _ = program.turn(now: clock)
        #expect(backend.screenText.contains("reconnects 3"))
        #expect(engine.commands.contains(.watchDiagnostics(true)))
    }

    @Test("copy mode is a state: the chat goes on under it, and a key brings the screen back with what came meanwhile")
    @TerminalActor func copyMode() async {
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80))
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        engine.say("m1", "first")
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("first") })
        backend.press(.function(6))
        _ = program.turn(now: clock)
        #expect(backend.plainLines?.contains { $0.plainText.contains("first") } == true)
        let drawn = backend.framesDrawn
        engine.say("m2", "while copying", at: 5)
        #expect(await program.turns(clock: &clock) { program.model.state.store.entries.contains { $0.item.text == "while copying" } })
        #expect(backend.framesDrawn == drawn, "nothing is drawn over copy mode")
        backend.press(.text("q"))
        _ = program.turn(now: clock)
        #expect(backend.plainLines == nil)
        #expect(backend.screenText.contains("while copying"))
        #expect(program.model.state.composer.text.isEmpty, "the key that closed copy mode is not typed")
    }

    @Test("the editor's text comes back as the draft; a signal during the edit keeps the draft in the history file")
    @TerminalActor func externalEditor() async throws {
        let engine = Engine()
        let state = NSTemporaryDirectory() + "helpline-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80), environment: ["XDG_STATE_HOME": state])
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        #expect(await program.turns(clock: &clock) { backend.framesDrawn > 0 })
        backend.type("draft")
        _ = program.turn(now: clock)
        backend.editorAnswer = .edited("draft, edited at length")
        backend.press(.ctrl("x"), .ctrl("e"))
        _ = program.turn(now: clock)
        #expect(backend.edited == ["draft"])
        #expect(program.model.state.composer.text == "draft, edited at length")
        backend.editorAnswer = .interrupted("unsaved words")
        backend.press(.ctrl("x"), .ctrl("e"))
        #expect(program.turn(now: clock) == .wait(until: nil), "the program halts for the signal")
        let history = try String(contentsOfFile: state + "/helpline/history-default", encoding: .utf8)
        #expect(history.contains("unsaved words"))
        backend.type("more")
        _ = program.turn(now: clock)
        #expect(!program.model.state.composer.text.contains("more"), "nothing is read once halted")
    }

    @Test("Tab completes a path from the folder the program lists; /attach of a missing file keeps the draft, of a real one sends it")
    @TerminalActor func folderListingIsAnEffect() async throws {
        let folder = NSTemporaryDirectory() + "helpline-attach-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("receipt".utf8).write(to: URL(fileURLWithPath: folder + "/receipt 2026.pdf"))
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 100))
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        #expect(await program.turns(clock: &clock) { program.model.state.connection == .open })
        backend.type("/attach \(folder)/rec")
        backend.press(.tab)
        let completed = "/attach " + PathCompletion.escape(folder + "/receipt 2026.pdf")
        #expect(await program.turns(clock: &clock) { program.model.state.composer.text == completed }, "\(program.model.state.composer.text)")
        backend.type("x")
        backend.press(.enter)
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("No such file") })
        #expect(program.model.state.composer.text == completed + "x", "kept, to be corrected")
        backend.press(.backspace, .enter)
        #expect(await program.turns(clock: &clock) { engine.commands.contains(.attach(path: folder + "/receipt 2026.pdf")) })
        #expect(program.model.state.composer.text.isEmpty)
    }

    @Test("a resize lays the chat out again at the new size")
    @TerminalActor func resize() async {
        let engine = Engine()
        let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80))
        defer { program.stop() }
        var clock = Self.t0
        engine.publish(.connection(.open))
        engine.say("m1", "A reply long enough to wrap once the terminal becomes narrow, as it will")
        #expect(await program.turns(clock: &clock) { backend.screenText.contains("narrow") })
        backend.resize(to: TerminalSize(rows: 14, columns: 42))
        _ = program.turn(now: clock)
        #expect(backend.screen.count == 14)
        #expect(backend.screen.allSatisfy { TerminalWidth.of($0) <= 42 })
        #expect(backend.invalidations > 0)
    }

    @Test("/quit ends the program with its outcome; /new asks for a new chat")
    @TerminalActor func quitAndNew() async {
        for (command, outcome) in [("/quit", TerminalExit.quit), ("/new", .newChatRequested)] {
            let engine = Engine()
            let (program, backend) = Self.program(engine, size: TerminalSize(rows: 24, columns: 80))
            defer { program.stop() }
            var clock = Self.t0
            engine.publish(.connection(.open))
            #expect(await program.turns(clock: &clock) { backend.framesDrawn > 0 })
            backend.type(command)
            backend.press(.enter)
            _ = program.turn(now: clock)
            if !program.isFinished, command == "/quit" {
                // A live chat asks before leaving; the second /quit leaves.
                backend.type(command)
                backend.press(.enter)
                _ = program.turn(now: clock)
            }
            #expect(program.turn(now: clock) == .finish, "\(command): \(backend.screenText)")
            #expect(program.model.outcome == outcome)
        }
    }
}
