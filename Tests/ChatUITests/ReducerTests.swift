import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Reducer: engine events")
struct ReducerEngineTests {
    @Test func itemsAreAppendedOnce() {
        var s = Fixture.state()
        let m = Fixture.message("m1", "hello")
        Fixture.apply(&s, [.arrived(m), .arrived(m)])
        #expect(s.store.count == 1)
    }

    @Test func updatesMatchLocalIdFirstThenId() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.own("l1", "hi"))])
        let sent = Fixture.own("l1", "hi", delivery: .sent, id: "server-1")
        Fixture.apply(&s, [.changed(sent)])
        #expect(s.store.count == 1)
        #expect(s.store.entries[0].item.id == "server-1")
        #expect(s.store.entries[0].item.delivery == .sent)
        // A later receipt moves it on; the key stays the local id.
        var read = sent
        read.delivery = .read
        Fixture.apply(&s, [.changed(read)])
        #expect(s.store.count == 1)
        #expect(s.store.entries[0].item.delivery == .read)
        #expect(s.store.entries[0].key == "l1")
    }

    @Test func streamingGrowthBumpsTheRevision() {
        var s = Fixture.state()
        var m = Fixture.message("m1", "Hel")
        m.isStreaming = true
        Fixture.apply(&s, [.arrived(m)])
        let before = s.store.entries[0].revision
        m.text = "Hello"
        Fixture.apply(&s, [.changed(m)])
        #expect(s.store.entries[0].revision != before)
        #expect(Fixture.screen(s).contains { $0.contains("Hello") })
    }

    @Test func olderItemsArePrependedAndTheAnchorKept() {
        var s = Fixture.state(rows: 12, columns: 40)
        let items = (1...20).map { Fixture.message("m\($0)", "message \($0)", at: Double($0)) }
        Fixture.apply(&s, items.map { .arrived($0) })
        Fixture.apply(&s, [.key(.pageUp)])
        guard case .anchor(let key, let line) = s.scroll else {
            Issue.record("expected an anchor")
            return
        }
        let before = Fixture.screen(s)
        let older = (1...5).map { Fixture.message("o\($0)", "older \($0)", at: Double($0) - 100) }
        Fixture.apply(&s, [.older(older, hasMore: true)])
        #expect(s.store.count == 25)
        #expect(s.store.entries.first?.item.id == "o1")
        #expect(s.scroll == .anchor(key: key, line: line))
        #expect(Fixture.screen(s) == before)
    }

    @Test func scrollingToTheTopAsksForOlderOnce() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "hi"))])
        let first = Fixture.apply(&s, [.key(.pageUp)])
        #expect(first == [.send(.loadOlder)])
        let again = Fixture.apply(&s, [.key(.pageUp)])
        #expect(again.isEmpty)
        Fixture.apply(&s, [.older([], hasMore: false)])
        #expect(Fixture.apply(&s, [.key(.pageUp)]).isEmpty)
    }

    @Test func anUnansweredLoadOlderMayBeRetried() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "hi"))])
        #expect(Fixture.apply(&s, [.key(.pageUp)]) == [.send(.loadOlder)])
        Fixture.apply(&s, [.engine(.notice("Could not load older messages"))])
        #expect(Fixture.apply(&s, [.key(.pageUp)]).isEmpty)
        let later = Fixture.t0.addingTimeInterval(Reducer.loadOlderTimeout + 1)
        Fixture.apply(&s, [.tick], now: later)
        #expect(Fixture.apply(&s, [.key(.pageUp)], now: later) == [.send(.loadOlder)])
    }

    @Test func unreadCountsWhileScrolledUpAndClearsAtTheBottom() {
        var s = Fixture.state(rows: 12, columns: 40)
        Fixture.apply(&s, (1...20).map { .arrived(Fixture.message("m\($0)", "message \($0)")) })
        Fixture.apply(&s, [.key(.pageUp)])
        let anchored = s.scroll
        Fixture.apply(&s, [.arrived(Fixture.message("n1", "new one")), .arrived(Fixture.message("n2", "new two"))])
        #expect(s.unreadCount == 2)
        #expect(s.unreadKey == "n1")
        #expect(s.scroll == anchored)
        #expect(Fixture.screen(s)[0].contains("2 unread"))
        Fixture.apply(&s, [.key(.ctrlEnd)])
        #expect(s.unreadCount == 0)
        #expect(s.scroll == .bottom)
        #expect(Fixture.screen(s).contains { $0.contains("new messages") })
    }

    @Test func ownMessagesDoNotCountAsUnread() {
        var s = Fixture.state(rows: 12, columns: 40)
        Fixture.apply(&s, (1...20).map { .arrived(Fixture.message("m\($0)", "message \($0)")) })
        Fixture.apply(&s, [.key(.pageUp), .arrived(Fixture.own("l1", "mine"))])
        #expect(s.unreadCount == 0)
    }

    @Test func typingExpiresWithInjectedTime() {
        var s = Fixture.state()
        let t = Fixture.t0
        Fixture.apply(&s, [.engine(.typing(Fixture.ava))], now: t)
        #expect(s.typing.sentence == "Ava is typing")
        Fixture.apply(&s, [.tick], now: t.addingTimeInterval(ChatEvent.typingLifetime - 1))
        #expect(!s.typing.isEmpty)
        Fixture.apply(&s, [.engine(.typing(Fixture.ava))], now: t.addingTimeInterval(ChatEvent.typingLifetime - 1))
        Fixture.apply(&s, [.tick], now: t.addingTimeInterval(ChatEvent.typingLifetime + 1))
        #expect(!s.typing.isEmpty)
        Fixture.apply(&s, [.tick], now: t.addingTimeInterval(2 * ChatEvent.typingLifetime))
        #expect(s.typing.isEmpty)
    }

    @Test func typingClearsOnStopAndOnTheTypistsMessage() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.typing(Fixture.ava)), .engine(.typing(Fixture.bot))])
        #expect(s.typing.sentence == "Ava and Bot are typing")
        Fixture.apply(&s, [.engine(.typingStopped(Fixture.bot))])
        #expect(s.typing.sentence == "Ava is typing")
        Fixture.apply(&s, [.arrived(Fixture.message("a1", "hi", from: Fixture.ava))])
        #expect(s.typing.isEmpty)
    }

    @Test func partnerIsTheLatestBotOrAgent() {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("b1", "hi"))])
        #expect(s.partner == Fixture.bot)
        Fixture.apply(&s, [.arrived(Fixture.message("a1", "hello", from: Fixture.ava))])
        #expect(s.partner == Fixture.ava)
        Fixture.apply(&s, [.arrived(Fixture.own("l1", "thanks"))])
        #expect(s.partner == Fixture.ava)
        #expect(Fixture.screen(s)[0].contains("Ava  agent"))
    }

    @Test func controlCharactersInNamesNeverReachTheScreen() {
        var s = Fixture.state()
        let evil = Participant(id: "x", name: "Eve\u{1B}]0;pwned\u{07}\u{1B}[2J", role: .agent)
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "hi", from: evil))])
        let screen = Fixture.screen(s).joined()
        #expect(!screen.contains("\u{1B}"))
        #expect(screen.contains("Eve  agent"), "escape sequences are removed whole, not just their ESC")
        #expect(!screen.contains("pwned") && !screen.contains("[2J"))
        #expect(!ChatScreen.windowTitle(s).contains("\u{1B}"))
    }

    @Test func bellWhenALiveAgentJoins() {
        var s = Fixture.state()
        let join = ChatItem(id: "j1", time: Fixture.t0, sender: Fixture.ava, kind: .event(.joined), text: "Ava joined")
        #expect(Fixture.apply(&s, [.arrived(join)]) == [.bell])
        #expect(Fixture.apply(&s, [.arrived(join)]).isEmpty)
        let botJoin = ChatItem(id: "j2", time: Fixture.t0, sender: Fixture.bot, kind: .event(.joined), text: "Bot joined")
        #expect(Fixture.apply(&s, [.arrived(botJoin)]).isEmpty)
        #expect(ChatScreen.windowTitle(s) == "Helpline — Bot")
    }

    @Test func closedChatStaysOpenWithAHint() {
        var s = Fixture.state()
        let effects = Fixture.apply(&s, [.engine(.connection(.closed(reason: .because("agent left"))))])
        #expect(effects.isEmpty)
        let screen = Fixture.screen(s)
        #expect(screen.contains { $0.contains("/new") })
        #expect(Fixture.apply(&s, [.key(.ctrl("c"))]) == [.exit(.ended)])
    }
}

@Suite("Reducer: keys and commands")
struct ReducerKeyTests {
    @Test func enterSendsAndIgnoresEmptyDrafts() {
        var s = Fixture.state()
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
        _ = Fixture.type(&s, "   ")
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
        s.composer.clear()
        #expect(Fixture.type(&s, "hi") == [.send(.typing)])
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.send("hi"))])
        #expect(s.composer.isEmpty)
    }

    @Test func slashCommandsDoNotSendTyping() {
        var s = Fixture.state()
        #expect(Fixture.type(&s, "/he").isEmpty)
        Fixture.apply(&s, [.key(.tab)])
        #expect(s.composer.text == "/help")
    }

    @Test func tabCompletesExportWithASpace() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "/ex")
        Fixture.apply(&s, [.key(.tab)])
        #expect(s.composer.text == "/export ")
    }

    @Test func unknownCommandKeepsTheDraft() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "/frobnicate")
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
        #expect(s.composer.text == "/frobnicate")
        #expect(s.store.entries.last?.isNotice == true)
    }

    @Test func doubleSlashSendsALiteralSlash() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "//shrug")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.send("/shrug"))])
    }

    @Test func commandsMapToEffects() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "/end")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.end)])
        _ = Fixture.type(&s, "/new")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.exit(.newChatRequested)])
        _ = Fixture.type(&s, "/quit")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.exit(.quit)])
    }

    @Test func retryPicksTheNewestFailedMessage() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "/retry")
        #expect(Fixture.apply(&s, [.key(.enter)]).isEmpty)
        Fixture.apply(&s, [
            .arrived(Fixture.own("l1", "a", delivery: .failed)),
            .arrived(Fixture.own("l2", "b", delivery: .failed)),
            .arrived(Fixture.own("l3", "c", delivery: .sent)),
        ])
        _ = Fixture.type(&s, "/retry")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.retry(localId: "l2"))])
        #expect(Fixture.screen(s).contains { $0.contains("failed — /retry") })
    }

    @Test func retryReconnectsAfterAFailedConnection() {
        var s = Fixture.state()
        Fixture.apply(&s, [.engine(.connection(.failed(reason: "network down")))])
        #expect(Fixture.screen(s)[0].contains("failed"))
        _ = Fixture.type(&s, "/retry")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.reconnectNow)])
    }

    @Test func copyModeKeys() {
        var s = Fixture.state()
        #expect(Fixture.apply(&s, [.key(.function(6))]) == [.bareView])
        #expect(Fixture.apply(&s, [.key(.alt("l"))]) == [.bareView])
    }

    @Test func ctrlDQuitsOnlyOnAnEmptyComposer() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "ab")
        Fixture.apply(&s, [.key(.left), .key(.ctrl("d"))])
        #expect(s.composer.text == "a")
        s.composer.clear()
        #expect(Fixture.apply(&s, [.key(.ctrl("d"))]) == [.exit(.quit)])
    }

    @Test func pasteInsertsNewlinesWithoutSending() {
        var s = Fixture.state()
        let effects = Fixture.apply(&s, [.key(.paste("1\n2\n3\n4\n5"))])
        #expect(!effects.contains { if case .send(.send) = $0 { true } else { false } })
        #expect(s.composer.text == "1\n2\n3\n4\n5")
        #expect(s.geometry.composer.height == 5)
    }

    @Test func exportWritesMarkdownWithMode0600() throws {
        var s = Fixture.state()
        Fixture.apply(&s, [.arrived(Fixture.message("m1", "Hello\nthere")), .arrived(Fixture.own("l1", "hi"))])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tui-export-\(UUID().uuidString).md").path
        _ = Fixture.type(&s, "/export \(path)")
        let effects = Fixture.apply(&s, [.key(.enter)])
        guard case .export(let p, let contents)? = effects.first else {
            Issue.record("expected an export effect")
            return
        }
        #expect(p == path)
        #expect(contents.contains("Bot: Hello<br>there"))
        #expect(contents.contains("You: hi"))
        let notice = ExportFile.write(contents, to: p)
        #expect(notice.contains("saved"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A transcript reloaded by `/reset` replaces what was shown, once.
@Suite struct ResetReducerTests {
    @Test func resetReplacesTheTranscriptAndShowsEachItemOnce() {
        var s = Fixture.state(rows: 20, columns: 60)
        let items = (1...6).map { Fixture.message("m\($0)", "message \($0)", at: Double($0)) }
        Fixture.apply(&s, items.map { .arrived($0) })
        Fixture.apply(&s, [.arrived(Fixture.own("l1", "pending one"))])
        _ = Fixture.type(&s, "/reset")
        #expect(Fixture.apply(&s, [.key(.enter)]) == [.send(.reset)])
        var reloaded = Array(items.dropFirst(2))
        reloaded.append(Fixture.message("m7", "message 7", at: 7))
        Fixture.apply(&s, [.reloaded(reloaded, hasMore: true)])
        let shown = s.store.entries.filter { !$0.isNotice }.map(\.item.id)
        #expect(shown == reloaded.map(\.id))
        #expect(s.hasMoreOlder)
        #expect(s.scroll == .bottom)
        let screen = Fixture.screen(s)
        for item in reloaded { #expect(screen.filter { $0.contains(item.text) }.count == 1, "\(item.text) once") }
        #expect(!screen.contains { $0.contains("message 1") || $0.contains("pending one") })
        #expect(screen.contains { $0.contains("reloaded from the server") })
        // Updates to reloaded items still land on them.
        var updated = reloaded[0]
        updated.text = "message 3, edited"
        Fixture.apply(&s, [.changed(updated)])
        #expect(Fixture.screen(s).contains { $0.contains("message 3, edited") })
    }
}
