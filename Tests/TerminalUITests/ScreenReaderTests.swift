import ChatModel
import ChatUI
import Foundation
import Testing
@testable import TerminalUI

/// The accessible mode's words and state, without a terminal: each message said once as a line,
/// markdown as plain lines, short state lines, "is typing" once per burst, and numbered lists
/// answered by number.
@Suite("Accessible mode: lines and state")
struct ScreenReaderTests {
    static let ava = Participant(id: "ava", name: "Ava", role: .agent)
    static let bot = Participant(id: "bot", name: "Helpline Bot", role: .bot)
    static let me = Participant(id: "me", name: "Maria", role: .customer)
    /// 10:42:05 UTC.
    static let time = Date(timeIntervalSince1970: TimeInterval(1_800_000_000 / 86_400 * 86_400 + 10 * 3600 + 42 * 60 + 5))

    static func model() -> ScreenReaderModel {
        var model = ScreenReaderModel()
        model.format.timeZone = TimeZone(identifier: "UTC") ?? .current
        return model
    }

    static func item(
        _ id: String, _ text: String, from sender: Participant = ava, contentType: String = "text/plain",
        choices: [String]? = nil, form: ChatForm? = nil, streaming: Bool = false
    ) -> ChatItem {
        var item = ChatItem(
            id: id, time: time, sender: sender, kind: .message, contentType: contentType, text: text, isStreaming: streaming,
            choices: choices)
        if let form { item.show(form: form, actions: choices ?? []) }
        return item
    }

    /// Merges `item` into `transcript` and hands the updates to `model`; what it said.
    static func merge(_ item: ChatItem, isOwn: Bool = false, into transcript: inout Transcript, model: inout ScreenReaderModel) -> [ScreenReaderOutput] {
        transcript.merge(item, isOwn: isOwn)
        return transcript.takeUpdates().flatMap { model.handle(.transcript($0), now: time) }
    }

    /// Changes the item `id` as the session does (an answer, a field) and hands the updates to `model`.
    static func modify(
        _ id: String, in transcript: inout Transcript, model: inout ScreenReaderModel, _ body: (inout ChatItem) -> Void
    ) -> [ScreenReaderOutput] {
        _ = transcript.modify(id: id, body)
        return transcript.takeUpdates().flatMap { model.handle(.transcript($0), now: time) }
    }

    static func said(_ outputs: [ScreenReaderOutput]) -> [String] {
        outputs.flatMap { output -> [String] in
            if case .say(let lines) = output { return lines }
            return []
        }
    }

    @Test("a message is one line: name, role, time, text; markdown becomes plain words")
    func messageLine() {
        let lines = Self.model().format
        #expect(lines.lines(for: Self.item("1", "Hello, how can I help?")) == ["Ava, agent, 10:42: Hello, how can I help?"])
        let markdown = Self.item(
            "2", "**Opening hours**\n\n| Day | Hours |\n|---|---|\n| Monday | 9–17 |\n\nSee [our site](https://example.com).",
            from: Self.bot, contentType: "text/markdown")
        #expect(lines.lines(for: markdown) == [
            "Helpline Bot, bot, 10:42: Opening hours", "Day: Monday; Hours: 9–17", "See our site (https://example.com).",
        ])
        let system = Self.item("3", "Please hold", from: Participant(name: "System", role: .system))
        #expect(lines.lines(for: system) == ["System, 10:42: Please hold"], "the role is not said twice")
    }

    @Test("escape sequences and controls from outside never reach the line")
    func outsideTextIsMadeSafe() {
        let hostile = Participant(id: "x", name: "Ava\u{1B}[2J", role: .agent)
        let line = Self.model().format.lines(for: Self.item("1", "hi\u{1B}[1;1H\u{1B}]0;title\u{07} there", from: hostile))
        #expect(line.count == 1)
        #expect(!line[0].unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
        #expect(line[0].hasPrefix("Ava"), "\(line)")
    }

    @Test("each message is said once: our own once the server has it, a streamed reply once settled")
    func eachMessageOnce() {
        var model = Self.model()
        var transcript = Transcript()
        let pending = ChatItem(
            id: "l1", localId: "l1", time: Self.time, sender: Self.me, kind: .message, text: "my question", delivery: .pending)
        transcript.addPending(pending)
        #expect(transcript.takeUpdates().flatMap { model.handle(.transcript($0), now: Self.time) }.isEmpty, "not while pending")
        var sent = pending
        sent.id = "s1"
        sent.delivery = .sent
        #expect(Self.said(Self.merge(sent, isOwn: true, into: &transcript, model: &model)) == ["You, 10:42: my question"])
        sent.delivery = .read
        #expect(Self.said(Self.merge(sent, isOwn: true, into: &transcript, model: &model)).isEmpty, "a receipt says nothing")

        #expect(Self.merge(Self.item("r1", "Let me", streaming: true), into: &transcript, model: &model).isEmpty)
        #expect(Self.merge(Self.item("r1", "Let me check", streaming: true), into: &transcript, model: &model).isEmpty)
        let settled = Self.said(Self.merge(Self.item("r1", "Let me check that."), into: &transcript, model: &model))
        #expect(settled == ["Ava, agent, 10:42: Let me check that."])
        #expect(Self.said(Self.merge(Self.item("r1", "Let me check that."), into: &transcript, model: &model)).isEmpty)
    }

    @Test("is typing is said once per burst")
    func typingOncePerBurst() {
        var model = Self.model()
        var transcript = Transcript()
        let start = Self.time
        var said: [String] = []
        for second in [0.0, 3, 6, 9] { said += Self.said(model.handle(.typing(Self.ava), now: start + second)) }
        #expect(said == ["Ava is typing"])
        _ = Self.merge(Self.item("m1", "Here you go"), into: &transcript, model: &model)
        #expect(Self.said(model.handle(.typing(Self.ava), now: start + 10)) == ["Ava is typing"], "a new burst after her message")
        #expect(Self.said(model.handle(.typing(Self.ava), now: start + 30)) == ["Ava is typing"], "and after a long pause")
        _ = model.handle(.typingStopped(Self.ava), now: start + 31)
        #expect(Self.said(model.handle(.typing(Self.ava), now: start + 32)) == ["Ava is typing"], "and after she stopped")
    }

    @Test("connection changes are short lines, an outage said once")
    func connectionLines() {
        var model = Self.model()
        var said: [String] = []
        for state: ConnectionState in [
            .connecting, .open, .reconnecting(attempt: 1, nextRetryAt: Self.time), .reconnecting(attempt: 2, nextRetryAt: Self.time),
            .open, .closing,
        ] {
            said += Self.said(model.handle(.connection(state), now: Self.time))
        }
        #expect(said == ["connecting", "connected", "reconnecting", "reconnected", "ending the chat"])
    }

    @Test("a picker is a numbered list answered by number; other numbers are messages")
    func pickerByNumber() {
        var model = Self.model()
        var transcript = Transcript()
        let outputs = Self.merge(
            Self.item("q1", "How was your experience?", choices: ["Great", "OK", "Poor"]), into: &transcript, model: &model)
        #expect(Self.said(outputs) == [
            "Ava, agent, 10:42: How was your experience?", "1. Great", "2. OK", "3. Poor",
            "Type a number from 1 to 3 to answer, or type a message.",
        ])
        #expect(outputs.contains(.prompt("Answer 1 to 3, or type a message: ")))
        #expect(model.typed(" 2 ") == [.send(.pick(index: 2))])
        #expect(model.typed("4") == [.send(.send("4"))], "out of range: a message")
        let closed = Self.modify("q1", in: &transcript, model: &model) { $0.answer = "OK" }
        #expect(closed.contains(.prompt(ScreenReaderModel.messagePrompt)), "\(closed)")
        #expect(model.typed("2") == [.send(.send("2"))], "no question open: a number is a message")
    }

    @Test("a form: fields then actions, a field's number asks for its value, an action's number sends it")
    func formByNumber() {
        var model = Self.model()
        var transcript = Transcript()
        let form = ChatForm(intro: "## Address update", fields: [FormField(name: "Street"), FormField(name: "City")])
        let outputs = Self.merge(Self.item("f1", "", choices: ["Submit", "Cancel"], form: form), into: &transcript, model: &model)
        #expect(Self.said(outputs) == [
            "Ava, agent, 10:42: Address update", "Fields:", "1. Street: empty", "2. City: empty", "Actions:", "3. Submit",
            "4. Cancel", "Type a field's number to fill it in, or an action's number to send the form; a typed message also answers the form.",
        ])
        let asked = model.typed("1")
        #expect(asked.contains(.prompt("Street: ")), "\(asked)")
        #expect(model.typed("12 Pine St") == [.send(.setField(name: "Street", value: "12 Pine St")), .prompt("Answer 1 to 4, or type a message: ")])
        var filled = form
        _ = filled.set("Street", to: "12 Pine St")
        let change = Self.modify("f1", in: &transcript, model: &model) { $0.show(form: filled, actions: ["Submit", "Cancel"]) }
        #expect(Self.said(change) == ["Street is now 12 Pine St"])
        #expect(model.typed("3") == [.send(.pick(index: 1))])
    }

    @Test("every slash command of the one table is run here")
    func everyCommand() {
        var model = Self.model()
        for line in ["/help", "/search x", "/links", "/open 1", "/pick 1", "/set A b", "/attach f", "/download 1", "/edit",
                     "/retry", "/suspend", "/resume", "/reset", "/export out.md", "/auth", "/cancel-auth", "/end", "/new", "/quit"] {
            let outputs = model.typed(line)
            #expect(!outputs.isEmpty, "\(line) does something")
            #expect(!Self.said(outputs).contains { $0.hasPrefix("Unknown command") }, "\(line)")
        }
        for command in SlashCommand.allCases {
            let outputs = model.typed("/\(command.rawValue)")
            #expect(!outputs.isEmpty && !Self.said(outputs).contains { $0.hasPrefix("Unknown command") }, "/\(command.rawValue)")
        }
        #expect(model.typed("/auth") == [.send(.authenticationLink)] && model.typed("/cancel-auth") == [.send(.cancelAuthentication)])
        #expect(model.typed("/quit") == [.leave(newChat: false)])
        #expect(model.typed("/new") == [.leave(newChat: true)])
        #expect(Self.said(model.typed("/frobnicate")).first?.hasPrefix("Unknown command /frobnicate") == true)
        #expect(!ScreenReaderModel.help.contains { $0.contains("Ctrl-") || $0.contains("F1") }, "no full-screen keys in the help")
    }

    @Test("the front end: --plain wins, --screen-reader next, a dumb terminal gets the accessible mode and is told")
    func frontEndChoice() {
        let xterm = ["TERM": "xterm-256color"]
        #expect(FrontEnd.choose(plain: false, screenReader: false, stdinIsTerminal: true, stdoutIsTerminal: true, environment: xterm) == (.fullScreen, nil))
        #expect(FrontEnd.choose(plain: false, screenReader: true, stdinIsTerminal: true, stdoutIsTerminal: true, environment: xterm).frontEnd == .screenReader)
        #expect(FrontEnd.choose(plain: true, screenReader: true, stdinIsTerminal: true, stdoutIsTerminal: true, environment: xterm).frontEnd == .lineMode)
        #expect(FrontEnd.choose(plain: false, screenReader: false, stdinIsTerminal: false, stdoutIsTerminal: true, environment: xterm).frontEnd == .lineMode)
        let dumb = FrontEnd.choose(plain: false, screenReader: false, stdinIsTerminal: true, stdoutIsTerminal: true, environment: ["TERM": "dumb"])
        #expect(dumb.frontEnd == .screenReader)
        #expect(dumb.notice?.contains("accessible mode") == true)
        #expect(FrontEnd.choose(plain: false, screenReader: false, stdinIsTerminal: true, stdoutIsTerminal: true, environment: [:]).frontEnd == .screenReader)
    }

    @Test("a sign-in link is said on a line of its own, and its expiry once")
    func signInLink() {
        var model = Self.model()
        let url = "https://example.com/sign-in?token=abc"
        let offered = Self.said(model.handle(.authentication(.offered(url: url, expires: Date().addingTimeInterval(60))), now: Date()))
        #expect(offered.count == 2 && offered[1] == url, "\(offered)")
        #expect(offered.first?.hasPrefix("Sign in to go on") == true)
        #expect(Self.said(model.handle(.authentication(.linkExpired), now: Date())).first?.contains("expired") == true)
        #expect(model.handle(.authentication(.fetchingLink), now: Date()).isEmpty)
    }

    @Test("the contact center's checks: nothing while checked, a blocked message said once as not delivered, a redacted one marked")
    func messageProcessing() {
        var model = Self.model()
        var transcript = Transcript()
        func pending(_ id: String, _ text: String) -> [ScreenReaderOutput] {
            transcript.addPending(ChatItem(
                id: id, localId: id, time: Self.time, sender: Self.me, kind: .message, text: text, delivery: .pending))
            return transcript.takeUpdates().flatMap { model.handle(.transcript($0), now: Self.time) }
        }
        #expect(pending("l1", "my password is hunter2").isEmpty)
        let checking = Self.modify("l1", in: &transcript, model: &model) { $0.delivery = .checking }
        #expect(Self.said(checking).isEmpty, "not while the contact center checks it")
        let blocked = Self.modify("l1", in: &transcript, model: &model) { $0.delivery = .rejected }
        #expect(Self.said(blocked) == ["You, 10:42: not delivered, blocked by the contact center's message rules: my password is hunter2"])
        #expect(Self.said(model.typed("/retry")) == ["Nothing to retry: no message failed."], "a blocked message is not retried")

        #expect(pending("l2", "my card is 4111 1111 1111 1111").isEmpty)
        let redacted = Self.modify("l2", in: &transcript, model: &model) { item in
            item.typedText = item.text
            item.text = "my card is [PII]"
            item.delivery = .sent
        }
        #expect(Self.said(redacted) == ["You, 10:42: my card is [PII] (redacted by the contact center)"])

        #expect(pending("l3", "a glitch").isEmpty)
        let unchecked = Self.modify("l3", in: &transcript, model: &model) { $0.delivery = .notProcessed }
        #expect(Self.said(unchecked).first?.contains("could not check it, /retry sends it again") == true)
        #expect(model.typed("/retry") == [.send(.retry(localId: "l3"))])
    }
}
