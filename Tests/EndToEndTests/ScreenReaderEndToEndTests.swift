import DemoServer
import Foundation
import HelplineTestSupport
import Testing

/// The accessible mode with the real binary on a pseudo-terminal against the demo contact center:
/// the bytes a screen reader gets hold no cursor movement and no erase sequence, each message comes
/// once as a line, a picker is answered by its number, slash commands run, "is typing" comes once
/// per burst, and the typed lines are kept in the history file.
@Suite(.serialized) struct ScreenReaderEndToEndTests {
    static func start(_ server: DemoContactCenter, state: URL, term: String, extra: [String]) throws -> PtyHelpline {
        try PtyHelpline(
            [
                "connect", "--start-url", server.startChatURL.absoluteString, "--endpoint-url", server.baseURL.absoluteString,
                "--display-name", "Maria", "--new",
            ] + extra,
            environment: ["XDG_STATE_HOME": state.path, "TERM": term, "XDG_CONFIG_HOME": state.path])
    }

    /// Runs `body` with the demo contact center and helpline in the accessible mode on a pty, once
    /// the greeting was said.
    static func greeted(_ body: (DemoContactCenter, PtyHelpline) async throws -> Void) async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(30)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let helpline = try start(server, state: state, term: "xterm-256color", extra: ["--screen-reader"])
        #expect(await helpline.wait(for: "Welcome to the Helpline demo"), "\(helpline.text)")
        try await body(server, helpline)
    }

    /// The number of times `text` occurs in `haystack`.
    static func count(_ text: String, in haystack: String) -> Int { haystack.components(separatedBy: text).count - 1 }

    /// `ESC [` or `ESC` followed by anything: a control sequence (cursor movement, erase, the alternate screen, colour).
    static func escapes(in bytes: [UInt8]) -> [String] {
        bytes.indices.filter { bytes[$0] == 0x1B }.map { index in
            String(decoding: bytes[index..<min(bytes.count, index + 8)], as: UTF8.self).debugDescription
        }
    }

    @Test func aChatOnAPtyIsLinesANumberAnswersAPickerAndNoCursorSequenceIsSent() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(30)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        // A terminal that could draw anything: the accessible mode still sends none of it.
        let helpline = try Self.start(server, state: state, term: "xterm-256color", extra: ["--screen-reader"])
        #expect(await helpline.wait(for: "Welcome to the Helpline demo"), "\(helpline.text)")
        #expect(helpline.text.contains("Helpline Bot, bot, "), "name and role before the time: \(helpline.text)")

        helpline.type("feedback\r")
        #expect(await helpline.wait(for: "3. Poor"), "the quick reply as a numbered list: \(helpline.text)")
        #expect(helpline.text.contains("1. Great") && helpline.text.contains("Type a number from 1 to 3"))
        helpline.type("1\r")
        #expect(await helpline.wait(for: "Thanks for your feedback"), "answered by number: \(helpline.text)")
        let contactId = try #require(await server.contacts().first)
        #expect(await server.transcript(contactId: contactId).filter { $0.content == "Great" }.count == 1, "option 1 was sent")

        helpline.type("/help\r")
        #expect(await helpline.wait(for: "/search TEXT"), "a slash command runs: \(helpline.text)")

        helpline.type("agent\r")
        #expect(await helpline.wait(for: "Ava joined the chat"), "a state change as a short line: \(helpline.text)")
        #expect(await helpline.wait(for: "Ava, agent, "), "the agent's message: \(helpline.text)")
        // What was said so far, before /search says some of it again on purpose.
        let said = helpline.text
        helpline.type("/search feedback\r")
        #expect(await helpline.wait(for: "messages hold feedback") || helpline.text.contains("message hold feedback"), "\(helpline.text)")

        helpline.type("/end\r")
        #expect(await helpline.wait(for: "chat ended"), "\(helpline.text)")
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0, "\(helpline.text)")

        let text = helpline.text
        if ProcessInfo.processInfo.environment["HELPLINE_SHOW_PTY"] != nil { print(text.debugDescription) }
        #expect(Self.escapes(in: helpline.bytes).isEmpty, "no escape sequence at all: \(Self.escapes(in: helpline.bytes))")
        #expect(Self.count("Thanks for your feedback", in: said) == 1, "each message once: \(said)")
        #expect(Self.count("Welcome to the Helpline demo", in: said) == 1, "\(said)")
        #expect(Self.count("How was your experience", in: said) == 1, "\(said)")
        let ownLine = try Regex(#"You, [0-9]{2}:[0-9]{2}: feedback"#)
        #expect(said.matches(of: ownLine).count == 1, "our message once, as You: \(said)")
        // "Is typing" at most once between two messages of the same participant.
        var typingSinceMessage: [String: Int] = [:]
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            if let range = line.range(of: " is typing") {
                let who = String(line[..<range.lowerBound])
                typingSinceMessage[who, default: 0] += 1
                #expect(typingSinceMessage[who] == 1, "\(who) is typing said twice in one burst:\n\(text)")
            } else if let comma = line.firstIndex(of: ",") {
                typingSinceMessage[String(line[..<comma])] = 0
            }
        }
        #expect(text.contains("is typing"), "the demo's personas type before they speak: \(text)")

        let historyPath = state.appendingPathComponent("helpline/history-default").path
        let history = try String(contentsOfFile: historyPath, encoding: .utf8)
        #expect(history.contains("\"feedback\"") && history.contains("help\""), "the lines typed are kept: \(history)")
        let mode = try FileManager.default.attributesOfItem(atPath: historyPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aDumbTerminalGetsTheAccessibleModeAndIsToldSoAndAFormIsFilledInByNumber() async throws {
        let server = try await DemoContactCenter.start(DemoServerConfiguration(replyDelay: .milliseconds(30)))
        defer { Task { await server.stop() } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let helpline = try Self.start(server, state: state, term: "dumb", extra: [])
        #expect(await helpline.wait(for: "using the accessible mode"), "told in one line: \(helpline.text)")
        #expect(await helpline.wait(for: "Welcome to the Helpline demo"), "\(helpline.text)")

        helpline.type("address\r")
        #expect(await helpline.wait(for: "Actions:"), "the form as a numbered list: \(helpline.text)")
        #expect(helpline.text.contains("1. Street: empty"), "\(helpline.text)")
        #expect(await helpline.wait(for: "Address update"), "the loaded form's title is said: \(helpline.text)")
        helpline.type("1\r")
        #expect(await helpline.wait(for: "Type the value for Street"), "\(helpline.text)")
        helpline.type("12 Pine St\r")
        #expect(await helpline.wait(for: "Street is now 12 Pine St"), "\(helpline.text)")
        let submit = try #require(helpline.text.firstMatch(of: try Regex(#"([0-9]+)\. Submit"#))?.output[1].substring)
        #expect(submit == "2", "the action after the one field: \(helpline.text)")
        helpline.type("\(submit)\r")
        #expect(await helpline.wait(for: "Thanks, address updated to 12 Pine St."), "\(helpline.text)")

        helpline.type("/quit\r")
        #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0, "\(helpline.text)")
        #expect(Self.escapes(in: helpline.bytes).isEmpty, "\(Self.escapes(in: helpline.bytes))")
        #expect(Self.count("Thanks, address updated", in: helpline.text) == 1)
    }

    @Test func aMessageArrivingWhileTheUserTypesKeepsTheDraft() async throws {
        try await Self.greeted { server, helpline in
            helpline.type("half a thou")
            #expect(await helpline.wait(for: "Message: half a thou"), "the draft is echoed: \(helpline.text)")
            let contactId = try #require(await server.contacts().first)
            await server.injectMessage(contactId: contactId, text: "Are you still there?")
            #expect(await helpline.wait(for: "Are you still there?"), "\(helpline.text)")
            // The message took the prompt's row and the draft is drawn again below it, whole.
            let after = try #require(helpline.text.components(separatedBy: "Are you still there?").last)
            #expect(await helpline.wait { $0.components(separatedBy: "Are you still there?").last?.contains("Message: half a thou") == true },
                    "the draft is drawn again after the message: \(after.debugDescription)")
            helpline.type("ght\r")
            let sent = await helpline.wait { $0.contains(try! Regex(#"You, [0-9]{2}:[0-9]{2}: half a thought"#)) }
            #expect(sent, "the draft, finished, is sent whole: \(helpline.text.debugDescription)")
            #expect(Self.escapes(in: helpline.bytes).isEmpty, "\(Self.escapes(in: helpline.bytes))")
            helpline.type("/quit\r")
            #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0, "\(helpline.text)")
        }
    }

    @Test func keysThatLeaveTheEmptyLineEmptyDoNotEndTheInputAndALoneEscapeHoldsNothingBack() async throws {
        try await Self.greeted { server, helpline in
            // Left arrow and Ctrl-A on the empty prompt: nothing to move over, and still a chat.
            helpline.type("\u{1B}[D")
            helpline.type("\u{01}")
            helpline.type("hours\r")
            #expect(await helpline.wait(for: "opening hours"), "the line after them is sent: \(helpline.text)")
            let contactId = try #require(await server.contacts().first)
            #expect(await server.transcript(contactId: contactId).contains { $0.content == "hours" })
            // Escape alone, then nothing: what arrives is said at once, not after the next key. It
            // is taken as the Escape key (the bell rings) before anything else is typed: a key
            // within 50 ms of it would make it Alt and that key.
            let bells = Self.count("\u{07}", in: helpline.text)
            helpline.type("\u{1B}")
            #expect(await helpline.wait { Self.count("\u{07}", in: $0) > bells }, "\(helpline.text.debugDescription)")
            await server.injectMessage(contactId: contactId, text: "Still with me?")
            #expect(await helpline.wait(for: "Still with me?"), "\(helpline.text)")
            helpline.type("yes\r")
            #expect(await helpline.wait { $0.contains(try! Regex(#"You, [0-9]{2}:[0-9]{2}: yes"#)) }, "\(helpline.text)")
            helpline.type("/quit\r")
            #expect(await helpline.waitForExit(timeout: .seconds(20)) == 0, "\(helpline.text)")
        }
    }
}
