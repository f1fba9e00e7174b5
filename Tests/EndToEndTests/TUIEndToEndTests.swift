import Foundation
import HelplineTestSupport
import Testing

/// The real `helpline demo` in a real terminal (tmux): layout, sending, resize, paste, wide
/// characters, scrollback and terminal restoration.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIEndToEndTests {
    static let binary = TUITmux.helplineBinary()
    static var demo: String { "'\(binary)' demo --new --display-name Tess" }

    private func startDemo(width: Int = 100, height: Int = 30) async throws -> TUITmux {
        let tmux = try TUITmux(command: Self.demo, width: width, height: height)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the demo connects and greets:\n\(ready.screen.dump)")
        return tmux
    }

    /// True when `row` looks like a message header (`HH:MM name`).
    private static func isHeader(_ row: String) -> Bool {
        row.range(of: #"^\d\d:\d\d \S"#, options: .regularExpression) != nil
    }

    @Test func regionsAreWhereTheyBelongAndTheGreetingShows() async throws {
        let tmux = try await startDemo()
        let screen = tmux.screen()
        #expect(screen[0].contains("● connected"), "status bar on the first row:\n\(screen.dump)")
        #expect(screen[0].contains("Helpline"))
        #expect(screen[28].hasPrefix("────"), "rule above the composer:\n\(screen.dump)")
        #expect(screen[29].hasPrefix("› "), "composer on the last row:\n\(screen.dump)")
        #expect(screen[1...26].contains { Self.isHeader($0) }, "a message header in the transcript")
        #expect(screen.has("Helpline demo"))
    }

    @Test func sentMessageShowsDeliveryThenTheReply() async throws {
        let tmux = try await startDemo()
        tmux.type("what are your opening hours")
        let typed = await tmux.wait { $0[29].contains("opening hours") }
        #expect(typed.ok, "the draft shows in the composer:\n\(typed.screen.dump)")
        tmux.keys("Enter")
        let delivered = await tmux.wait { screen in
            guard let mine = screen.firstIndex(where: { $0.contains("what are your opening hours") }), mine > 0 else { return false }
            return screen[mine - 1].contains("You") && (screen[mine - 1].contains("✓") || screen[mine - 1].contains("sending"))
        }
        #expect(delivered.ok, "own message with its delivery state:\n\(delivered.screen.dump)")
        let replied = await tmux.wait { screen in
            guard let mine = screen.lastIndex(where: { $0.contains("what are your opening hours") }) else { return false }
            return screen[(mine + 1)...].contains { Self.isHeader($0) && !$0.contains("You") }
        }
        #expect(replied.ok, "the bot replies below it:\n\(replied.screen.dump)")
        #expect(replied.screen[29].contains("Message…"), "the composer is empty again")
    }

    @Test func resizeKeepsTheContent() async throws {
        let tmux = try await startDemo()
        tmux.resize(width: 50, height: 15)
        let small = await tmux.wait { screen in
            screen.count >= 15 && screen[0].contains("connected") && screen.allSatisfy { $0.count <= 50 }
                && screen[14].hasPrefix("› ")
        }
        #expect(small.ok, "reflowed to 50×15:\n\(small.screen.dump)")
        tmux.resize(width: 100, height: 30)
        let big = await tmux.wait { $0.count >= 30 && $0[29].hasPrefix("› ") && $0.has("Helpline demo") }
        #expect(big.ok, "back to 100×30 with the greeting:\n\(big.screen.dump)")
    }

    @Test func tinyTerminalSaysSo() async throws {
        let tmux = try await startDemo()
        tmux.resize(width: 30, height: 10)
        let tiny = await tmux.wait { $0.has("too small") }
        #expect(tiny.ok, "a clear message below 40×12:\n\(tiny.screen.dump)")
    }

    @Test func cjkAndEmojiRoundTrip() async throws {
        let tmux = try await startDemo()
        let text = "你好 世界 👋 café"
        tmux.type(text)
        tmux.keys("Enter")
        let shown = await tmux.wait { screen in
            screen[1..<28].contains { $0.contains(text) } && screen[29].contains("Message…")
        }
        #expect(shown.ok, "wide text reaches the transcript intact:\n\(shown.screen.dump)")
    }

    @Test func multiLinePasteDoesNotSend() async throws {
        let tmux = try await startDemo()
        tmux.paste("paste one\npaste two\npaste three\npaste four\npaste five")
        let inComposer = await tmux.wait { screen in
            screen[25].contains("paste one") && screen[29].contains("paste five")
        }
        #expect(inComposer.ok, "five composer rows:\n\(inComposer.screen.dump)")
        try await Task.sleep(for: .milliseconds(800))
        let screen = tmux.screen()
        #expect(!screen[1..<24].contains { $0.contains("paste one") }, "nothing was sent:\n\(screen.dump)")
    }

    @Test func scrolledUpViewCountsUnreadMessages() async throws {
        let tmux = try await startDemo()
        // Fill more than a screen: every message gets an answer (a keyword reply or the fallback).
        for n in 1...7 {
            tmux.type("filler line \(n)")
            tmux.keys("Enter")
            let answered = await tmux.wait { screen in
                guard let mine = screen.lastIndex(where: { $0.contains("filler line \(n)") }) else { return false }
                return screen[(mine + 1)...].contains { Self.isHeader($0) && !$0.contains("You") }
            }
            #expect(answered.ok, "reply to filler \(n):\n\(answered.screen.dump)")
        }
        // Asking for an agent brings messages a few seconds later; scroll up before they come.
        tmux.type("agent")
        tmux.keys("Enter", "PPage")
        let scrolled = await tmux.wait(timeout: 5) { $0[27].contains("more below") }
        #expect(scrolled.ok, "PgUp scrolled:\n\(scrolled.screen.dump)")
        let unread = await tmux.wait { $0[0].contains("unread") }
        #expect(unread.ok, "status shows the unread count while scrolled up:\n\(unread.screen.dump)")
        #expect(unread.screen[27].contains("new"), "the typing line counts new messages below")
        tmux.keys("End")
        let bottom = await tmux.wait { !$0[0].contains("unread") && $0.has("new messages") }
        #expect(bottom.ok, "End returns to the newest, with the divider:\n\(bottom.screen.dump)")
    }

    @Test func exportWritesTheTranscriptWithMode0600() async throws {
        let tmux = try await startDemo()
        tmux.type("hello export")
        tmux.keys("Enter")
        _ = await tmux.wait { $0.has("hello export") && $0[29].contains("Message…") }
        tmux.type("/export transcript.md")
        tmux.keys("Enter")
        let saved = await tmux.wait { $0.has("Transcript saved") }
        #expect(saved.ok, "a notice confirms the export:\n\(saved.screen.dump)")
        let path = tmux.directory.appendingPathComponent("transcript.md").path
        let text = try #require(tmux.file("transcript.md"))
        #expect(text.contains("You: hello export"))
        #expect(text.range(of: #"\d\d:\d\d:\d\d [^:]+: .*Helpline demo"#, options: .regularExpression) != nil)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    /// The demo between two `stty -a`, then DONE.
    static var restoreCheck: String { "stty -a > before; \(demo); stty -a > after; echo DONE" }

    @Test func ctrlCRestoresTheTerminal() async throws {
        let tmux = try TUITmux(command: Self.restoreCheck)
        let ready = await tmux.wait { $0.first?.contains("connected") == true }
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        tmux.keys("C-c")
        let done = await tmux.wait { $0.has("DONE") }
        #expect(done.ok, "the shell continues:\n\(done.screen.dump)")
        #expect(!done.screen.has("Connecting"), "the notice from before the full screen is wiped:\n\(done.screen.dump)")
        #expect(tmux.file("before") != nil)
        #expect(tmux.file("before") == tmux.file("after"), "stty settings restored")
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let tmux = try TUITmux(command: Self.restoreCheck)
        let ready = await tmux.wait { $0.first?.contains("connected") == true }
        #expect(ready.ok, "started:\n\(ready.screen.dump)")
        let shell = try #require(tmux.panePID())
        let child = try #require(Self.childPID(of: shell), "helpline runs under the pane's shell")
        #expect(Self.threadNames(of: child).contains("helpline-tty"), "the terminal thread is named for `top -H`")
        kill(child, SIGTERM)
        let done = await tmux.wait { $0.has("DONE") }
        #expect(done.ok, "the shell continues:\n\(done.screen.dump)")
        #expect(tmux.file("before") != nil)
        #expect(tmux.file("before") == tmux.file("after"), "stty settings restored")
    }

    /// The names (`comm`) of a process's threads, from /proc.
    static func threadNames(of pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The nice value of each thread of a process, by thread name, from /proc (field 19 of
    /// `stat`, counted after the parenthesised name, which may hold spaces).
    static func threadNiceValues(of pid: Int32) -> [String: [Int]] {
        var values: [String: [Int]] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After the name: state is field 3, nice field 19.
            guard fields.count > 16, let nice = Int(fields[16]) else { continue }
            values[name, default: []].append(nice)
        }
        return values
    }

    /// The first child of a process, from /proc.
    static func childPID(of parent: Int32) -> Int32? {
        let path = "/proc/\(parent)/task/\(parent)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int32($0) }
    }
}
