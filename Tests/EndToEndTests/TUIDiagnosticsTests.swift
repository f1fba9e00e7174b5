import Foundation
import HelplineTestSupport
import Testing

/// The diagnostics pane (F2), truecolor drawing and resize wake-ups of the real `helpline demo` in tmux.
@Suite(.serialized, .enabled(if: TUITmux.isAvailable, "tmux is not installed"))
struct TUIDiagnosticsTests {
    static let binary = TUITmux.helplineBinary()

    private func start(_ prefix: String = "", width: Int = 100, height: Int = 30) async throws -> TUITmux {
        let tmux = try TUITmux(command: "\(prefix)'\(Self.binary)' demo --new --display-name Tess", width: width, height: height)
        let ready = await tmux.wait { $0.first?.contains("connected") == true && $0.has("Helpline demo") }
        #expect(ready.ok, "the demo connects and greets:\n\(ready.screen.dump)")
        return tmux
    }

    @Test func f2ShowsStateHistoryAndHeartbeatThenHides() async throws {
        let tmux = try await start()
        tmux.keys("F2")
        let pane = await tmux.wait { screen in
            screen.has("Diagnostics · reconnects 0") && screen.has("State history")
                && screen.contains { $0.range(of: #"\d\d:\d\d:\d\d\.\d{3}  connected"#, options: .regularExpression) != nil }
        }
        #expect(pane.ok, "F2 opens the pane with the timed state history:\n\(pane.screen.dump)")
        // The first heartbeat goes out 5 s after the socket opened (interval 10 s, grace 5 s).
        let heartbeat = await tmux.wait(timeout: 30) { screen in
            screen.contains { $0.range(of: #"heartbeat RTT \d+(\.\d)? ms"#, options: .regularExpression) != nil }
        }
        #expect(heartbeat.ok, "a heartbeat round trip is shown:\n\(heartbeat.screen.dump)")
        #expect(heartbeat.screen.has("Last frames"), "the frames section is there:\n\(heartbeat.screen.dump)")
        // The first heartbeat frame (aws/ping) is recorded before its answer completes the round
        // trip that publishes this snapshot; aws/heartbeat may be sent just after it.
        #expect(heartbeat.screen.has("→ aws/ping · {\"topic\":\"aws/ping\"}"), "the heartbeat frames are listed:\n\(heartbeat.screen.dump)")
        #expect(heartbeat.screen.has("Helpline demo"), "the newest messages stay visible below the pane")
        tmux.keys("F2")
        let hidden = await tmux.wait { !$0.has("State history") && !$0.has("Diagnostics ·") }
        #expect(hidden.ok, "F2 again hides it:\n\(hidden.screen.dump)")
        #expect(hidden.screen.has("Helpline demo"))
    }

    @Test func helpListsTheDiagnosticsKey() async throws {
        let tmux = try await start(height: 60)
        tmux.keys("F1")
        let help = await tmux.wait { $0.contains { $0.contains("F2") && $0.contains("diagnostics pane") } }
        #expect(help.ok, "the help overlay lists F2:\n\(help.screen.dump)")
    }

    @Test func directColourTerminalGetsTwentyFourBitColours() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/terminfo/x/xterm-direct")
            || FileManager.default.fileExists(atPath: "/lib/terminfo/x/xterm-direct") else { return }
        let tmux = try await start("NO_COLOR= TERM=xterm-direct COLORTERM=truecolor ")
        tmux.type("markdown")
        tmux.keys("Enter")
        // Inline code in the default theme is #FF8787; tmux keeps it as a 24-bit cell colour.
        let styled = await tmux.wait { _ in
            ((try? tmux.run(["capture-pane", "-t", "t", "-p", "-e"])) ?? "").contains("38;2;255;135;135")
        }
        #expect(styled.ok, "inline code drawn in 24-bit colour:\n\((try? tmux.run(["capture-pane", "-t", "t", "-p", "-e"])) ?? "")")
    }

    @Test func resizeIsNoticedWithoutAKeyPress() async throws {
        let tmux = try await start()
        tmux.resize(width: 60, height: 20)
        let small = await tmux.wait { screen in
            screen.count >= 20 && screen[19].hasPrefix("› ") && screen.allSatisfy { $0.count <= 60 }
        }
        #expect(small.ok, "the UI redraws for the new size while idle:\n\(small.screen.dump)")
        tmux.resize(width: 60, height: 16)
        let shorter = await tmux.wait { screen in
            screen.count >= 16 && screen[0].contains("● connected") && screen[15].hasPrefix("› ") && screen.has("Helpline demo")
        }
        #expect(shorter.ok, "a height-only resize keeps the status bar and the transcript:\n\(shorter.screen.dump)")
    }
}
