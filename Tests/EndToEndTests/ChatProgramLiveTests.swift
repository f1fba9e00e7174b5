import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

@testable import ChatUI
@testable import TerminalRuntime
@testable import TerminalUI

/// The full-screen chat's program in-process against the real engine: the demo contact center on
/// 127.0.0.1, a ``ChatSession`` over HTTP and WebSocket, and ``ChatProgram`` on a ``TestBackend``
/// whose outlet is the session's one-hop ``ChatSession/submit(_:)``.
@Suite struct ChatProgramLiveTests {
    @Test("typed keys reach the demo over the real session once, and the bot's answer is on the screen")
    @TerminalActor func typedMessageGoesOutOnceAndTheReplyShows() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(port: 0, replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let session = DemoChat.session(server, name: "Maria")
        let events = session.events
        await session.start()
        let state = NSTemporaryDirectory() + "helpline-live-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        var options = TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: ["XDG_STATE_HOME": state])
        options.title = "Helpline"
        let backend = TestBackend(size: TerminalSize(rows: 30, columns: 100))
        let model = ChatTerminalApp.model(options: options, events: events, monochrome: false, size: backend.size)
        let program = Program(model, backend: backend, outlet: { session.submit($0) }, heapTrim: HeapTrim(afterStart: false, release: {}, trim: {}))
        defer { program.stop() }
        var clock = Date()

        #expect(await program.turns(clock: &clock, until: { backend.screenText.contains("Helpline demo") }, timeout: .seconds(60)),
                "\(backend.screenText)")
        backend.type("What are your opening hours?")
        _ = program.turn(now: clock)
        backend.press(.enter)
        let replied = await program.turns(clock: &clock, until: {
            let items = program.model.state.store.entries.map(\.item)
            guard let mine = items.firstIndex(where: { $0.text == "What are your opening hours?" }),
                  items[mine].delivery.map({ $0 >= .sent }) == true
            else { return false }
            return items[(mine + 1)...].contains { !$0.isOwn && $0.kind == .message }
        }, timeout: .seconds(60))
        #expect(replied, "\(backend.screenText)")
        #expect(backend.screenText.contains("What are your opening hours?"))
        let contactId = try #require(await session.contactId())
        let record = await server.transcript(contactId: contactId)
        #expect(record.filter { $0.content == "What are your opening hours?" }.count == 1, "the server got it exactly once")
        await session.shutdown()
    }
}

/// Typing notices the core's throttle would drop are not handed to the session at all.
@Suite struct TypingHandOverLiveTests {
    @Test("after a typing notice went out, the next ones within Connect's 10 s are not handed over; a message opens the way again")
    func typingNoticesTheCoreWouldDropStayWithTheFrontEnd() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(port: 0, replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let session = DemoChat.session(server, name: "Maria")
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        #expect(session.takesTypingNotice, "nothing sent yet: the first notice counts")
        session.submit(.typing)
        let deadline = ContinuousClock.now + .seconds(30)
        while session.takesTypingNotice, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!session.takesTypingNotice, "once one went out, Connect's throttle would drop the next for 10 s")
        session.submit(.send("Hello"))
        #expect(session.takesTypingNotice, "a message starts the interval again: the next key's notice is handed over")
        #expect(await recorder.wait { await $0.currentItems.contains { $0.text == "Hello" && $0.delivery.map { $0 >= .sent } == true } })
        await session.shutdown()
    }
}
