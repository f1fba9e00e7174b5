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
        let (events, sink) = ChatEventStream.makeStream()
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

    /// One chat on a test backend: its engine, program and screen, and the clock its turns run at.
    @TerminalActor final class Chat {
        let engine = Engine()
        let program: Program<ChatProgram>
        let backend: TestBackend
        var clock = ChatProgramSessionTests.t0

        init(
            size: TerminalSize = TerminalSize(rows: 24, columns: 80), environment: [String: String] = [:],
            heapTrim: HeapTrim = HeapTrim(afterStart: false, release: {}, trim: {})
        ) {
            backend = TestBackend(size: size)
            var env = environment
            if env["XDG_STATE_HOME"] == nil { env["XDG_STATE_HOME"] = NSTemporaryDirectory() + "helpline-program-\(UUID().uuidString)" }
            var options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: env)
            options.title = "Helpline"
            let model = ChatTerminalApp.model(options: options, events: engine.events, monochrome: false, size: size)
            let engine = engine
            program = Program(model, backend: backend, outlet: { engine.take($0) }, heapTrim: heapTrim)
        }

        /// A chat whose connection the program already shows open, with nothing left to apply.
        static func open(
            size: TerminalSize = TerminalSize(rows: 24, columns: 80), environment: [String: String] = [:],
            heapTrim: HeapTrim = HeapTrim(afterStart: false, release: {}, trim: {})
        ) async -> Chat {
            let chat = Chat(size: size, environment: environment, heapTrim: heapTrim)
            chat.engine.publish(.connection(.open))
            #expect(await chat.until { chat.program.model.state.connection == .open && !chat.program.hasPosted })
            return chat
        }

        /// Takes turns until `done` holds (see ``Program/turns(clock:until:timeout:)``).
        func until(_ done: () -> Bool) async -> Bool {
            var now = clock
            defer { clock = now }
            return await program.turns(clock: &now, until: done)
        }

        /// Waits (up to 5 s) until the engine's events were posted to the program, without taking a turn.
        func posted() async -> Bool {
            let deadline = ContinuousClock.now.advanced(by: .seconds(5))
            while !program.hasPosted {
                if ContinuousClock.now >= deadline { return false }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return true
        }

        /// One turn at the chat's clock.
        @discardableResult func turn() -> LoopStep { program.turn(now: clock) }

        var state: UIState { program.model.state }
        var screen: String { backend.screenText }
    }

    @Test("a whole chat: the greeting shows, typed keys echo at once, Enter sends once, the message shows sent — at three sizes",
          arguments: [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 12, columns: 40), TerminalSize(rows: 40, columns: 132)])
    @TerminalActor func wholeChat(size: TerminalSize) async {
        let chat = await Chat.open(size: size)
        defer { chat.program.stop() }
        chat.engine.say("m1", "Welcome to Helpline")
        let greeted = await chat.until { chat.screen.contains("Welcome to Helpline") }
        #expect(greeted, "\(chat.screen)")
        chat.backend.type("hi")
        chat.turn()
        chat.backend.type(" there")
        chat.turn()
        #expect(chat.screen.contains("hi there"), "the draft is on the screen after its key's turn")
        chat.backend.press(.enter)
        #expect(await chat.until { chat.engine.transcript.items.count == 2 && chat.screen.contains("Me") })
        #expect(chat.engine.texts == ["hi there"], "sent once")
        let commands = chat.engine.commands
        #expect(commands.filter { $0 == .typing }.count >= 2, "a typing notice per key's turn: the UI throttles none (\(commands))")
        #expect(commands.firstIndex(of: .typing) ?? .max < commands.firstIndex(of: .send("hi there")) ?? -1)
        #expect(chat.backend.screen.count == size.rows)
        #expect(chat.backend.screen.allSatisfy { TerminalWidth.of($0) <= size.columns })
        #expect(chat.backend.title.hasPrefix("Helpline"))
    }

    @Test("a key's frame is drawn in its own turn; a burst of engine events coalesces into one frame")
    @TerminalActor func framesFollowTheClock() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        for n in 0..<50 { chat.engine.say("b\(n)", "line \(n)", at: Double(n)) }
        #expect(await chat.until { chat.screen.contains("line 49") })
        let drawn = chat.backend.framesDrawn
        chat.backend.type("x")
        chat.turn()
        #expect(chat.backend.framesDrawn == drawn + 1, "the key's frame is drawn at once, though no frame time passed")
        chat.turn()
        #expect(chat.backend.framesDrawn == drawn + 1, "nothing changed: nothing drawn")
    }

    @Test("a frame no key asked for gives way to a key typed while it is made: the echo goes first, its frame shows both")
    @TerminalActor func streamedFrameGivesWayToAKey() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        chat.backend.type("a")
        chat.turn()
        chat.engine.say("m1", "Your parcel is on its way")
        #expect(await chat.posted())
        let drawn = chat.backend.framesDrawn
        chat.backend.pressDuringNextTurn(.text("z"))
        chat.clock = chat.clock.addingTimeInterval(FrameClock.interval + 0.001)
        let step = chat.turn()
        #expect(step == .again, "the turn ends at once, to read the key")
        #expect(chat.backend.framesDrawn == drawn, "the message's frame gave way")
        #expect(chat.state.store.entries.contains { $0.item.text == "Your parcel is on its way" }, "the message was applied")
        chat.turn()
        #expect(chat.backend.echoes == ["a", "z"], "the key is echoed ahead of its frame")
        #expect(chat.backend.framesDrawn == drawn + 1, "one frame for both")
        #expect(chat.screen.contains("Your parcel is on its way"))
        #expect(chat.state.composer.text == "az")
        // With no key waiting, a message's frame is drawn in its own turn as before.
        chat.engine.say("m2", "It arrives today", at: 5)
        #expect(await chat.posted())
        chat.clock = chat.clock.addingTimeInterval(FrameClock.interval + 0.001)
        #expect(chat.turn() != .again)
        #expect(chat.backend.framesDrawn == drawn + 2)
        #expect(chat.screen.contains("It arrives today"))
    }

    @Test("input that never reads as a key (a hung-up terminal) holds a message's frame back one turn, not forever")
    @TerminalActor func inputWithoutKeysDoesNotHoldFramesBack() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        chat.backend.inputWithoutKeys = true
        for n in 1...3 {
            chat.engine.say("m\(n)", "Update number \(n)", at: Double(n))
            #expect(await chat.posted())
            chat.clock = chat.clock.addingTimeInterval(FrameClock.interval + 0.001)
            #expect(chat.turn() == .again, "the frame gives way once")
            chat.turn()
            #expect(chat.screen.contains("Update number \(n)"), "then it is drawn")
        }
    }

    @Test("a burst of messages read together sends one read receipt a turn, for the newest, not one per message")
    @TerminalActor func oneReceiptForABurst() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        for n in 0..<200 { chat.engine.say("b\(n)", "line \(n)", at: Double(n)) }
        #expect(await chat.until { chat.screen.contains("line 199") && !chat.program.hasPosted })
        let seen = chat.engine.commands.compactMap { command -> String? in
            if case .seen(let id) = command { return id }
            return nil
        }
        #expect(seen.last == "b199", "the newest message is marked seen")
        #expect(seen.count < 50, "\(seen.count) receipts handed over for 200 messages (one a turn): \(seen)")
        #expect(seen == seen.sorted { Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0 }, "newer each time")
        // Within one turn's outputs, only the newest receipt goes, and everything else keeps its place.
        let model = chat.program.model
        let turn: [ChatCommand] = [.seen(messageId: "a"), .send("x"), .typing, .seen(messageId: "b"), .pick(index: 1)]
        #expect(model.coalesced(turn) == [.send("x"), .typing, .seen(messageId: "b"), .pick(index: 1)])
        #expect(model.coalesced([.send("y"), .typing]) == [.send("y"), .typing])
    }

    @Test("what does not change the screen draws no frame: a snapshot for the closed diagnostics pane")
    @TerminalActor func hiddenDiagnosticsCostNoFrame() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        let drawn = chat.backend.framesDrawn
        chat.engine.publish(.diagnostics(ConnectionDiagnostics(reconnects: 3)))
        #expect(await chat.until { chat.state.diagnostics?.reconnects == 3 })
        #expect(chat.backend.framesDrawn == drawn, "a hidden pane costs no frame")
        chat.backend.press(.function(2))
        chat.turn()
        #expect(chat.screen.contains("reconnects 3"))
        #expect(chat.engine.commands.contains(.watchDiagnostics(true)))
    }

    @Test("copy mode is a state: the chat goes on under it, and a key brings the screen back with what came meanwhile")
    @TerminalActor func copyMode() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        chat.engine.say("m1", "first")
        #expect(await chat.until { chat.screen.contains("first") })
        chat.backend.press(.function(6))
        chat.turn()
        #expect(chat.backend.plainLines?.contains { $0.plainText.contains("first") } == true)
        let drawn = chat.backend.framesDrawn
        chat.engine.say("m2", "while copying", at: 5)
        #expect(await chat.until { chat.state.store.entries.contains { $0.item.text == "while copying" } })
        #expect(chat.backend.framesDrawn == drawn, "nothing is drawn over copy mode")
        chat.backend.press(.text("q"))
        chat.turn()
        #expect(chat.backend.plainLines == nil)
        #expect(chat.screen.contains("while copying"))
        #expect(chat.state.composer.text.isEmpty, "the key that closed copy mode is not typed")
    }

    @Test("the editor's text comes back as the draft; a signal during the edit keeps the draft in the history file")
    @TerminalActor func externalEditor() async throws {
        let folder = NSTemporaryDirectory() + "helpline-editor-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let chat = await Chat.open(environment: ["XDG_STATE_HOME": folder])
        defer { chat.program.stop() }
        chat.backend.type("draft")
        chat.turn()
        chat.backend.editorAnswer = .edited("draft, edited at length")
        chat.backend.press(.ctrl("x"), .ctrl("e"))
        chat.turn()
        #expect(chat.backend.edited == ["draft"])
        #expect(chat.state.composer.text == "draft, edited at length")
        chat.backend.editorAnswer = .interrupted("unsaved words")
        chat.backend.press(.ctrl("x"), .ctrl("e"))
        #expect(chat.turn() == .wait(until: nil), "the program halts for the signal")
        let history = try String(contentsOfFile: folder + "/helpline/history-default", encoding: .utf8)
        #expect(history.contains("unsaved words"))
        chat.backend.type("more")
        chat.turn()
        #expect(!chat.state.composer.text.contains("more"), "nothing is read once halted")
    }

    @Test("Tab completes a path from the folder the program lists; /attach of a missing file keeps the draft, of a real one sends it")
    @TerminalActor func folderListingIsAnEffect() async throws {
        let folder = NSTemporaryDirectory() + "helpline-attach-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("receipt".utf8).write(to: URL(fileURLWithPath: folder + "/receipt 2026.pdf"))
        let chat = await Chat.open(size: TerminalSize(rows: 24, columns: 100))
        defer { chat.program.stop() }
        chat.backend.type("/attach \(folder)/rec")
        chat.backend.press(.tab)
        let completed = "/attach " + PathCompletion.escape(folder + "/receipt 2026.pdf")
        #expect(await chat.until { chat.state.composer.text == completed }, "\(chat.state.composer.text)")
        chat.backend.type("x")
        chat.backend.press(.enter)
        #expect(await chat.until { chat.screen.contains("No such file") })
        #expect(chat.state.composer.text == completed + "x", "kept, to be corrected")
        chat.backend.press(.backspace, .enter)
        #expect(await chat.until { chat.engine.commands.contains(.attach(path: folder + "/receipt 2026.pdf")) })
        #expect(chat.state.composer.text.isEmpty)
    }

    @Test("a resize lays the chat out again at the new size")
    @TerminalActor func resize() async {
        let chat = await Chat.open()
        defer { chat.program.stop() }
        chat.engine.say("m1", "A reply long enough to wrap once the terminal becomes narrow, as it will")
        #expect(await chat.until { chat.screen.contains("narrow") })
        chat.backend.resize(to: TerminalSize(rows: 14, columns: 42))
        chat.turn()
        #expect(chat.backend.screen.count == 14)
        #expect(chat.backend.screen.allSatisfy { TerminalWidth.of($0) <= 42 })
        #expect(chat.backend.invalidations > 0)
    }

    @Test("/quit ends the program with its outcome; /new asks for a new chat")
    @TerminalActor func quitAndNew() async {
        for (command, outcome) in [("/quit", TerminalExit.quit), ("/new", .newChatRequested)] {
            let chat = await Chat.open()
            defer { chat.program.stop() }
            chat.backend.type(command)
            chat.backend.press(.enter)
            chat.turn()
            if !chat.program.isFinished, command == "/quit" {
                // A live chat asks before leaving; the second /quit leaves.
                chat.backend.type(command)
                chat.backend.press(.enter)
                chat.turn()
            }
            #expect(chat.turn() == .finish, "\(command): \(chat.screen)")
            #expect(chat.program.model.outcome == outcome)
        }
    }
}
