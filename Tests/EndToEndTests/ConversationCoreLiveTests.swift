import ChatEngine
import ChatModel
import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The session core's promises over real sockets (the demo contact center on loopback, the real
/// binary or engine): typed order is server order, streamed replies are kept whole, suggestions of a
/// streamed reply can be picked, and older pages merge in time order as ours.
@Suite("The conversation core, live", .serialized)
struct ConversationCoreLiveTests {
    static let lines = ["one", "two", "three", "four", "five", "six"]

    static func connectArguments(_ server: DemoContactCenter, _ extra: [String] = []) -> [String] {
        [
            "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
            "--display-name", "Maria", "--plain", "--new",
        ] + extra
    }

    /// The customer messages the server holds, in its order, across all its chats.
    static func customerMessages(_ server: DemoContactCenter) async -> [String] {
        var texts: [String] = []
        for contact in await server.contacts() {
            texts += await server.transcript(contactId: contact)
                .filter { $0.type == "MESSAGE" && $0.participantRole == "CUSTOMER" }
                .compactMap(\.content)
        }
        return texts
    }

    @Test("six lines typed at once reach the server once each, in typed order", arguments: ["connect", "polyai"])
    func sixLinesInOrder(_ backend: String) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        // A jittery link: calls that overtake each other would scramble the order.
        await server.setLatency(.milliseconds(20), jitter: .milliseconds(40))
        let arguments = backend == "connect"
            ? Self.connectArguments(server, ["--linger", "3"])
            : PolyAICLITests.arguments(server, ["--linger", "3"])
        let result = try await HelplineBinary.run(arguments, input: Self.lines.joined(separator: "\n") + "\n", timeout: .seconds(60))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(await Self.customerMessages(server) == Self.lines, "stdout: \(result.stdout)")
        let shown = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"(Maria|You): "#, options: .regularExpression) else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(shown == Self.lines, "each typed line is shown once, in order: \(result.stdout)")
    }

    @Test("the JSONL transcript of a streamed PolyAI chat holds every reply whole, suggestions as fields")
    func streamedTranscriptIsWhole() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(40)))
        defer { Task { await server.stop() } }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await InteractiveHelpline.run(
            PolyAICLITests.arguments(server, ["--linger", "4", "--transcript", file.path]), input: "hours\nmarkdown\nfeedback\n",
            awaiting: ["opening hours", "How was your experience"], timeout: .seconds(60))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        // Replay the file by its rule: a later line with the same id replaces the earlier one.
        var byId: [String: [String: Any]] = [:]
        var order: [String] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(record["id"] as? String)
            if byId[id] == nil { order.append(id) }
            byId[id] = record
        }
        let texts = order.compactMap { byId[$0]?["text"] as? String }
        #expect(texts.contains { $0.hasPrefix("Our (pretend) opening hours") && $0.hasSuffix("Times are **UTC**.") }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("# Markdown showcase") && $0.hasSuffix("> A quote, to finish.") }, "\(texts)")
        #expect(!texts.contains { $0.contains("Suggested replies") || $0.contains("/pick") }, "suggestions are not text: \(texts)")
        let survey = try #require(order.compactMap { byId[$0] }.first { ($0["text"] as? String)?.contains("How was your experience") == true })
        #expect((survey["choices"] as? [String])?.isEmpty == false, "the survey's suggestions are a field: \(survey)")
    }

    @Test("a streamed PolyAI reply's suggestions can be picked (the feedback script over PolyAI)")
    func pickOnStreamedPolyAI() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(20)))
        defer { Task { await server.stop() } }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/scripts/feedback-quick-reply.hls")
        let result = try await HelplineBinary.run(
            [
                "script", script.path, "--api-key", "demo-key", "--rest-url", server.polyAIRestURL, "--ws-url", server.polyAISocketURL,
                "--expect-timeout", "50",
            ],
            timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("picked \"Great\""), "\(result.stdout)")
        #expect(result.stdout.contains("1 passed, 0 failed"), "\(result.stdout)")
        #expect(await Self.customerMessages(server).contains("Great"))
    }

    /// Sends `texts` one by one, each answered before the next.
    static func chat(_ session: ChatSession, _ recorder: EventRecorder, _ texts: [String]) async throws {
        for text in texts {
            let localId = try #require(await session.send(text))
            let answered = await recorder.wait { recorder in
                let items = await recorder.currentItems
                guard let mine = items.firstIndex(where: { $0.localId == localId }), items[mine].delivery != .pending else { return false }
                return items[(mine + 1)...].contains { !$0.isOwn && $0.kind == .message }
            }
            #expect(answered, "the bot answers \(text)")
        }
    }

    /// Scrolls back until every one of `texts` is loaded, then checks the transcript's order and our messages.
    static func scrollBackAndCheck(_ session: ChatSession, _ recorder: EventRecorder, own texts: [String], _ when: String) async {
        for _ in 0..<10 {
            if await recorder.currentItems.contains(where: { $0.text == texts[0] }) { break }
            let before = await recorder.currentItems.count
            await session.perform(.loadOlder)
            _ = await recorder.wait(timeout: .seconds(10)) { await $0.currentItems.count > before }
        }
        let items = await recorder.currentItems
        for text in texts {
            let mine = items.filter { $0.text == text }
            #expect(mine.count == 1, "\(when): \(text) shown \(mine.count) times")
            #expect(mine.allSatisfy { $0.isOwn && ($0.delivery ?? .pending) >= .sent }, "\(when): \(text) is ours, with its mark: \(mine)")
        }
        let times = items.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(when): the transcript is in time order")
        let positions = texts.compactMap { text in items.firstIndex { $0.text == text } }
        #expect(positions == positions.sorted(), "\(when): our messages keep their order among the rest")
    }

    @Test("an older page after /reset and after a resume merges in time order, our messages as ours")
    func olderPagesMerge() async throws {
        let server = try await ConnectChatEndToEndTests.startServer()
        defer { Task { await server.stop() } }
        let texts = (1...6).map { "question \($0)" }
        let session = DemoChat.session(server) { $0.core.initialHistory = 4 }
        let recorder = EventRecorder(session.events)
        await session.start()
        #expect(await recorder.wait { await $0.states.contains(.open) })
        try await Self.chat(session, recorder, texts)

        await session.perform(.reset)
        #expect(await recorder.wait { await !$0.currentItems.contains { $0.text == texts[0] } }, "the reload shows the newest page only")
        await Self.scrollBackAndCheck(session, recorder, own: texts, "after /reset")

        // Resume: a new run joins the same chat with its participant token, as `helpline` does after a restart.
        let token = try #require(await session.participantToken())
        await session.shutdown()
        let resumed = DemoChat.joining(server, token: token) { $0.core.initialHistory = 4 }
        let resumedRecorder = EventRecorder(resumed.events)
        await resumed.start()
        #expect(await resumedRecorder.wait { await $0.states.contains(.open) })
        await Self.scrollBackAndCheck(resumed, resumedRecorder, own: texts, "after a resume")
        await resumed.perform(.end)
    }

    @Test("line mode stopped by SIGTERM, SIGHUP or SIGINT: the transcript file is whole, unsent messages are saved",
        arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalsDrainAndSave(_ number: Int32) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-signal-\(UUID().uuidString)")
        let file = state.appendingPathExtension("jsonl")
        defer {
            try? FileManager.default.removeItem(at: state)
            try? FileManager.default.removeItem(at: file)
        }
        let helpline = try InteractiveHelpline(
            Self.connectArguments(server, ["--transcript", file.path]), environment: ["XDG_STATE_HOME": state.path])
        #expect(await helpline.waitForOutput("Welcome to the Helpline demo"), "\(helpline.stderr)")
        helpline.type("hours")
        #expect(await helpline.waitForOutput("Times are UTC"), "\(helpline.stdout)")
        await server.setRESTFailureRate(1.0)
        helpline.type("remember me")
        #expect(await RestartResumeTests.waitUntil { RestartResumeTests.storedOutbox(in: state).contains("remember me") })
        helpline.signal(number)
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 128 + number, "\(helpline.stderr)")
        #expect(helpline.stderr.contains("stopped by"), "\(helpline.stderr)")
        let lines = try String(contentsOf: file, encoding: .utf8)
        #expect(lines.contains("Times are **UTC**."), "the last reply is in the file: \(lines)")
        #expect(lines.contains("\"hours\""), "\(lines)")
        #expect(RestartResumeTests.storedOutbox(in: state).contains("remember me"), "the unsent message is still saved for the next run")
    }

    @Test("an end refused for an expired connection token is sent again with a new one: the chat ends on the server")
    func expiredTokenEnd() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(10)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-end-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let helpline = try InteractiveHelpline(Self.connectArguments(server), environment: ["XDG_STATE_HOME": state.path])
        #expect(await helpline.waitForOutput("Welcome to the Helpline demo"), "\(helpline.stderr)")
        let contact = try #require(await server.contacts().first)
        await server.expireConnectionTokens()
        helpline.type("/end")
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0, "\(helpline.stderr)")
        #expect(await server.hasEnded(contactId: contact), "the chat is over on the server, not left open: \(helpline.stderr)")
    }
}
