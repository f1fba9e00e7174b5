import ChatModel
import Foundation
import MarkdownANSI
import Testing

@testable import ChatUI
@testable import TerminalRuntime

@Suite("Diagnostics pane (F2)")
struct DiagnosticsPaneTests {
    static func sample() -> ConnectionDiagnostics {
        let t = Fixture.t0
        return ConnectionDiagnostics(
            states: [.init(at: t, state: .connecting), .init(at: t.addingTimeInterval(0.25), state: .open)],
            frames: [.init(at: t.addingTimeInterval(5), outgoing: true, text: #"{"topic":"aws/heartbeat"}"#),
                     .init(at: t.addingTimeInterval(5.002), outgoing: false, text: #"{"topic":"aws/heartbeat"}"#)],
            heartbeats: [.init(at: t.addingTimeInterval(5.002), roundTrip: 0.0021)],
            reconnects: 2)
    }

    @Test func f2TogglesThePaneOverTheTranscript() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "Hello from the bot")), .engine(.diagnostics(Self.sample()))])
        #expect(!Fixture.screen(s).contains { $0.contains("State history") })
        // Opening the pane asks the engine for snapshots as frames flow; closing it stops them.
        #expect(Fixture.apply(&s, [.key(.function(2))]) == [.send(.watchDiagnostics(true))])
        let open = Fixture.screen(s)
        #expect(open.contains { $0.contains("Diagnostics · reconnects 2 · heartbeat RTT 2.1 ms") }, "\(open.joined(separator: "\n"))")
        #expect(open.contains { $0.contains("08:00:00.250  connected") }, "\(open.joined(separator: "\n"))")
        #expect(open.contains { $0.contains("heartbeat RTT 2.1 ms") })
        #expect(open.contains { $0.contains("→ {\"topic\":\"aws/heartbeat\"}") })
        #expect(open.contains { $0.contains("← {\"topic\":\"aws/heartbeat\"}") })
        #expect(open.contains { $0.hasPrefix("── diagnostics · F2 hides") })
        #expect(open.contains { $0.contains("Hello from the bot") }, "the newest messages stay visible below")
        #expect(Fixture.apply(&s, [.key(.function(2))]) == [.send(.watchDiagnostics(false))])
        #expect(!Fixture.screen(s).contains { $0.contains("State history") })
    }

    @Test func diagnosticsChangeTheScreenOnlyWhileShown() {
        // Frames are drawn when the view differs: a snapshot for a hidden pane must leave it equal.
        var s = Fixture.state()
        let before = FrameBuilder.build(s, now: Fixture.t0, palette: .standard)
        Fixture.apply(&s, [.engine(.diagnostics(Self.sample()))])
        #expect(FrameBuilder.build(s, now: Fixture.t0, palette: .standard) == before, "a hidden pane costs no frame")
        Fixture.apply(&s, [.key(.function(2))])
        let shown = FrameBuilder.build(s, now: Fixture.t0, palette: .standard)
        var later = Self.sample()
        later.reconnects += 1
        Fixture.apply(&s, [.engine(.diagnostics(later))])
        #expect(FrameBuilder.build(s, now: Fixture.t0, palette: .standard) != shown)
    }

    @Test func paneFitsSmallTerminals() {
        var s = Fixture.state(rows: 12, columns: 40)
        Fixture.apply(&s, [.engine(.diagnostics(Self.sample())), .key(.function(2))])
        let rows = Fixture.screen(s, now: Fixture.t0)
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { TerminalWidth.of($0) <= 40 })
        #expect(rows.contains { $0.hasPrefix("── diagnostics") })
    }

    @Test func roundTripsInWords() {
        #expect(DiagnosticsPane.milliseconds(0.0008) == "0.8 ms")
        #expect(DiagnosticsPane.milliseconds(0.012) == "12 ms")
        #expect(DiagnosticsPane.milliseconds(1.24) == "1.24 s")
    }

    @Test func helpListsF2() {
        #expect(KeyTable.helpLines().contains { $0.contains("F2") && $0.contains("diagnostics pane") })
    }
}
