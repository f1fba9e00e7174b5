import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Reducer: presence and attention")
struct AttentionTests {
    private func seen(_ effects: [UIEffect]) -> [String] {
        effects.compactMap { if case .send(.seen(let id)) = $0 { id } else { nil } }
    }

    private func notifications(_ effects: [UIEffect]) -> Int {
        effects.filter { if case .notify = $0 { true } else { false } }.count
    }

    @Test func focusedAtBottomSendsSeenOnce() {
        var s = Fixture.state()
        Fixture.apply(&s, [.key(.focusIn)])
        let effects = Fixture.apply(&s, [.arrived(Fixture.message("m1", "hello"))])
        #expect(seen(effects) == ["m1"])
        #expect(seen(Fixture.apply(&s, [.tick])).isEmpty)
    }

    @Test func unknownFocusCountsAsFocused() {
        var s = Fixture.state()
        #expect(seen(Fixture.apply(&s, [.arrived(Fixture.message("m1", "hello"))])) == ["m1"])
    }

    @Test func unfocusedSendsNothingUntilFocusReturns() {
        var s = Fixture.state()
        Fixture.apply(&s, [.key(.focusOut)])
        #expect(seen(Fixture.apply(&s, [.arrived(Fixture.message("m1", "one"))])).isEmpty)
        #expect(seen(Fixture.apply(&s, [.arrived(Fixture.message("m2", "two"))])).isEmpty)
        #expect(seen(Fixture.apply(&s, [.key(.focusIn)])) == ["m2"])
    }

    @Test func scrolledUpSendsNothing() {
        var s = Fixture.state(rows: 12, columns: 40)
        for i in 0..<20 { Fixture.apply(&s, [.arrived(Fixture.message("h\(i)", "line \(i)", at: Double(i) * 300))]) }
        Fixture.apply(&s, [.key(.pageUp)])
        #expect(s.scroll != .bottom)
        #expect(seen(Fixture.apply(&s, [.arrived(Fixture.message("new", "fresh", at: 9000))])).isEmpty)
        #expect(seen(Fixture.apply(&s, [.key(.ctrlEnd)])) == ["new"])
    }

    @Test func nothingIsSeenWhileCopyModeCoversTheChat() {
        var s = Fixture.state()
        s.screenHidden = true
        let effects = Fixture.apply(&s, [.arrived(Fixture.message("m1", "hello"))])
        #expect(seen(effects).isEmpty)
        #expect(notifications(effects) == 1)
        s.screenHidden = false
        #expect(seen(Fixture.apply(&s, [.tick])) == ["m1"])
    }

    @Test func ownSystemAndHistoryItemsAreNeverSeen() {
        var s = Fixture.state()
        var old = Fixture.message("old", "from before")
        old.isHistory = true
        let join = ChatItem(id: "j", time: Fixture.t0, sender: Fixture.ava, kind: .event(.joined), text: "")
        let effects = Fixture.apply(&s, [
            .arrived(old), .arrived(join), .arrived(Fixture.own("l1", "mine")),
        ])
        #expect(seen(effects).isEmpty)
    }

    @Test func newestOffScreenIsNotSeen() {
        var s = Fixture.state(rows: 12, columns: 40)
        Fixture.apply(&s, [.key(.focusOut), .arrived(Fixture.message("m1", "hello"))])
        for i in 0..<12 { Fixture.apply(&s, [.arrived(Fixture.own("l\(i)", "mine \(i)"))]) }
        #expect(seen(Fixture.apply(&s, [.key(.focusIn)])).isEmpty)
    }

    @Test func notifiesWhenUnfocusedOrScrolledUpOnly() {
        var s = Fixture.state()
        #expect(notifications(Fixture.apply(&s, [.arrived(Fixture.message("m1", "a"))])) == 0)
        Fixture.apply(&s, [.key(.focusOut)])
        let effects = Fixture.apply(&s, [.arrived(Fixture.message("m2", "line one\nline two"))])
        #expect(effects.contains(.notify(title: "Helpline — Bot", body: "line one line two")))
        #expect(ChatScreen.windowTitle(s).hasSuffix("(1 new)"))
        Fixture.apply(&s, [.key(.focusIn)])
        #expect(notifications(Fixture.apply(&s, [.arrived(Fixture.message("m3", "b"))])) == 0)
        #expect(!ChatScreen.windowTitle(s).contains("new"))
        #expect(notifications(Fixture.apply(&s, [.arrived(Fixture.own("l1", "mine"))])) == 0)
    }

    @Test func notifyPolicyAlwaysAndNever() {
        var always = Fixture.state()
        always = UIState(options: withNotify(.always), palette: .standard, theme: .default)
        #expect(notifications(Fixture.apply(&always, [.arrived(Fixture.message("m1", "a"))])) == 1)
        var never = UIState(options: withNotify(.never), palette: .standard, theme: .default)
        Fixture.apply(&never, [.key(.focusOut)])
        #expect(notifications(Fixture.apply(&never, [.arrived(Fixture.message("m1", "a"))])) == 0)
    }

    @Test func notificationBytesCarryNoControlCharacters() {
        let bytes = NotificationSequence.bytes(title: "Help; line", body: "hi\u{1B}]0;x\u{07}there")
        #expect(bytes == "\u{07}\u{1B}]9;hithere\u{07}\u{1B}]777;notify;Help, line;hithere\u{07}", "sequences removed whole")
    }

    @Test func focusReportsAreDecoded() {
        var d = KeyDecoder()
        var keys: [Key] = []
        for scalar in "\u{1B}[I\u{1B}[O".unicodeScalars { d.feed(.char(scalar.value), into: &keys) }
        #expect(keys == [.focusIn, .focusOut])
    }

    private func withNotify(_ policy: TerminalUIOptions.NotifyPolicy) -> TerminalUIOptions {
        TerminalUIOptions(timeZone: TimeZone(identifier: "UTC") ?? .current, environment: [:], notify: policy)
    }
}
