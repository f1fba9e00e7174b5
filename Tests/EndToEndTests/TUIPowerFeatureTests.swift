import Foundation
import HelplineTestSupport
import Testing

/// Power features of the full-screen UI in a real terminal (tmux): transcript search, copy
/// mode, `$EDITOR`, and what reaches the terminal for attention (title, bell, OSC 9/777).
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIPowerFeatureTests {
    static let binary = TUITmux.helplineBinary()

    private func start(_ prefix: String = "", width: Int = 100, height: Int = 30) async throws -> TUITmux {
        let tmux = try TUITmux(command: "\(prefix)'\(Self.binary)' demo --new --display-name Tess", width: width, height: height)
        try tmux.run(["pipe-pane", "-O", "-t", "t", "cat >> '\(tmux.directory.path)/output'"])
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the demo connects and greets:\n\(ready.screen.dump)")
        return tmux
    }

    /// The screen with escape sequences (`capture-pane -e`).
    private func styledScreen(_ tmux: TUITmux) -> String {
        (try? tmux.run(["capture-pane", "-t", "t", "-p", "-e"])) ?? ""
    }

    /// Bytes the program wrote to the terminal so far.
    private func output(_ tmux: TUITmux) -> String { tmux.file("output") ?? "" }

    private func occurrences(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func searchMovesTheViewToTheMatchAndHighlightsIt() async throws {
        let tmux = try await start(width: 60, height: 14)
        for question in ["hours", "order", "markdown"] {
            tmux.type(question)
            tmux.keys("Enter")
            _ = await tmux.wait { $0.filter { $0.contains("Helpline Bot") }.count >= 1 && !$0.has("sending") }
        }
        let scrolled = await tmux.wait { !$0.has("Welcome") }
        #expect(scrolled.ok, "the greeting has scrolled off:\n\(scrolled.screen.dump)")
        tmux.keys("C-s")
        tmux.type("Welcome")
        let found = await tmux.wait { $0.has("Welcome") && $0.has("search: Welcome") }
        #expect(found.ok, "the view moved to the match:\n\(found.screen.dump)")
        let reverse = await tmux.wait { _ in
            let styled = self.styledScreen(tmux)
            return styled.range(of: "\u{1B}\\[[0-9;]*7[0-9;]*mWelcome", options: .regularExpression) != nil
        }
        #expect(reverse.ok, "the match is in reverse video:\n\(styledScreen(tmux))")
        tmux.keys("Escape")
        let back = await tmux.wait { !$0.has("search:") && !$0.has("Welcome") }
        #expect(back.ok, "Esc returns to where the view was:\n\(back.screen.dump)")
    }

    @Test func copyModeRoundTripLeavesTheScreenAsItWas() async throws {
        let tmux = try await start()
        tmux.type("half-typed draft")
        let typed = await tmux.wait { $0[29].contains("half-typed draft") }
        #expect(typed.ok)
        let before = Array(typed.screen.dropFirst())
        tmux.keys("F6")
        let bare = await tmux.wait { $0.has("copy mode") }
        #expect(bare.ok, "copy mode prints the transcript:\n\(bare.screen.dump)")
        #expect(!bare.screen.has("› half-typed"), "no composer in copy mode")
        tmux.keys("x")
        let restored = await tmux.wait { Array($0.dropFirst()) == before }
        #expect(restored.ok, "the same screen after any key:\n\(restored.screen.dump)\n--- before ---\n\(before.dump)")
    }

    @Test func editorRoundTripReturnsTheEditedDraft() async throws {
        let script = "#!/bin/sh\necho 'appended by the editor' >> \"$1\"\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("helpline-editor-\(UUID().uuidString).sh").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Through sh: exec'ing a file just written can fail with ETXTBSY while other tests fork.
        let tmux = try await start("EDITOR=\"sh '\(path)'\" ")
        tmux.type("my draft")
        tmux.keys("C-x", "C-e")
        let edited = await tmux.wait { $0.has("› my draft") && $0.has("appended by the editor") }
        #expect(edited.ok, "the edited draft is back in the composer:\n\(edited.screen.dump)")
        tmux.keys("Enter")
        let sent = await tmux.wait { $0.has("appended by the editor") && $0.last { !$0.isEmpty }?.contains("Message…") == true }
        #expect(sent.ok, "and it can be sent:\n\(sent.screen.dump)")
    }

    @Test func unfocusedNewMessageNotifiesFocusedDoesNot() async throws {
        let tmux = try await start()
        let modes = await tmux.wait { _ in self.output(tmux).contains("\u{1B}[?1004h") }
        #expect(modes.ok, "focus reporting is turned on")
        #expect(output(tmux).contains("\u{1B}]2;Helpline"), "the window title is set")
        // Focus out (CSI O), then a bot reply arrives.
        try tmux.run(["send-keys", "-t", "t", "-H", "1b", "5b", "4f"])
        tmux.type("hours")
        tmux.keys("Enter")
        let notified = await tmux.wait { _ in
            let out = self.output(tmux)
            return out.contains("\u{1B}]9;") && out.contains("\u{1B}]777;notify;")
        }
        #expect(notified.ok, "OSC 9 and OSC 777 reach the terminal while unfocused")
        let bytes = output(tmux)
        #expect(bytes.contains("\u{07}\u{1B}]9;"), "the bell rings with it")
        let titled = await tmux.wait { _ in self.output(tmux).range(of: "\u{1B}]2;[^\u{07}]*new\\)", options: .regularExpression) != nil }
        #expect(titled.ok, "the title shows the unread count")
        // Focus in (CSI I): the next reply is not notified.
        try tmux.run(["send-keys", "-t", "t", "-H", "1b", "5b", "49"])
        let cleared = await tmux.wait { _ in
            let out = self.output(tmux)
            guard let last = out.range(of: "\u{1B}]2;", options: .backwards) else { return false }
            return !out[last.upperBound...].prefix(80).contains("new)")
        }
        #expect(cleared.ok, "focus-in clears the count in the title")
        let count = occurrences("\u{1B}]9;", in: output(tmux))
        tmux.type("help")
        tmux.keys("Enter")
        let replied = await tmux.wait { screen in
            guard let mine = screen.lastIndex(where: { $0 == "  help" }) else { return false }
            return screen[(mine + 1)...].contains { $0.contains("Helpline Bot") }
        }
        #expect(replied.ok, "the bot answers:\n\(replied.screen.dump)")
        #expect(occurrences("\u{1B}]9;", in: output(tmux)) == count, "no notification while focused")
        tmux.keys("C-c")
        let off = await tmux.wait { _ in self.output(tmux).contains("\u{1B}[?1004l") }
        #expect(off.ok, "focus reporting is turned off on exit")
    }

    @Test func historyIsSavedPerProfileWithMode0600() async throws {
        let tmux = try await start()
        tmux.type("hours")
        tmux.keys("Enter")
        let path = tmux.directory.appendingPathComponent("state/helpline/history-default").path
        let saved = await tmux.wait { _ in (try? String(contentsOfFile: path, encoding: .utf8)) == "\"hours\"\n" }
        #expect(saved.ok, "the sent draft is in the history file")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
