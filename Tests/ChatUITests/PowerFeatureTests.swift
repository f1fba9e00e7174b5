import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Key table")
struct KeyTableTests {
    @Test func everyKeyIsBoundOnce() {
        var seen = Set<Key>()
        for binding in KeyTable.bindings {
            for key in binding.keys { #expect(seen.insert(key).inserted, "\(key) bound twice") }
        }
    }

    @Test func documentedKeysAreBound() {
        #expect(KeyTable.action(for: .function(6)) == .copyMode)
        #expect(KeyTable.action(for: .function(2)) == .diagnostics)
        #expect(KeyTable.action(for: .alt("l")) == .copyMode)
        #expect(KeyTable.action(for: .function(1)) == .help)
        #expect(KeyTable.action(for: .ctrl("s")) == .transcriptSearch)
        #expect(KeyTable.action(for: .ctrl("_")) == .undo)
        #expect(KeyTable.action(for: .alt("_")) == .redo)
        #expect(KeyTable.action(for: .alt("y")) == .yankPop)
        #expect(KeyTable.action(for: .ctrl("q")) == nil)
    }

    @Test func helpListsEveryBindingAndCommand() {
        let help = KeyTable.helpLines().joined(separator: "\n")
        for binding in KeyTable.bindings { #expect(help.contains(binding.label)) }
        for command in SlashCommand.allCases { #expect(help.contains(command.name)) }
        #expect(SlashCommand.helpText == help)
    }

    @Test func f1AndQuestionMarkOpenTheOverlayAnyKeyCloses() {
        var s = Fixture.state()
        Fixture.apply(&s, [.key(.function(1))])
        #expect(Fixture.screen(s).contains { $0.contains("Ctrl-S") && $0.contains("search the transcript") })
        Fixture.apply(&s, [.key(.pageDown), .key(.pageDown)])
        #expect(Fixture.screen(s).contains { $0.contains("/open N") })
        Fixture.apply(&s, [.key(.text("x"))])
        #expect(s.helpOffset == nil)
        #expect(s.composer.isEmpty)
        Fixture.apply(&s, [.key(.text("?"))])
        #expect(s.helpOffset == 0)
        Fixture.apply(&s, [.key(.escape), .key(.text("a")), .key(.text("?"))])
        #expect(s.composer.text == "a?")
    }
}

@Suite("Composer: redo and kill ring")
struct ComposerExtrasTests {
    @Test func undoThenRedo() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "hello")
        Fixture.apply(&s, [.key(.text(" ")), .key(.ctrl("w"))])
        #expect(s.composer.text == "")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "hello ")
        Fixture.apply(&s, [.key(.alt("_"))])
        #expect(s.composer.text == "")
        Fixture.apply(&s, [.key(.ctrl("_")), .key(.ctrl("_"))])
        #expect(s.composer.text == "")
        Fixture.apply(&s, [.key(.alt("_"))])
        #expect(s.composer.text == "hello ")
    }

    @Test func newEditClearsRedo() {
        var c = ComposerState()
        c.checkpoint(typing: true)
        c.insert("ab")
        c.undo()
        c.checkpoint()
        c.insert("x")
        let redone = c.redo()
        #expect(!redone)
        #expect(c.text == "x")
    }

    @Test func yankPopCyclesThroughOlderKills() {
        var s = Fixture.state()
        for word in ["one", "two", "three"] {
            _ = Fixture.type(&s, word)
            Fixture.apply(&s, [.key(.ctrl("u"))])
        }
        #expect(s.composer.killRing == ["one", "two", "three"])
        _ = Fixture.type(&s, "> ")
        Fixture.apply(&s, [.key(.ctrl("y"))])
        #expect(s.composer.text == "> three")
        Fixture.apply(&s, [.key(.alt("y"))])
        #expect(s.composer.text == "> two")
        Fixture.apply(&s, [.key(.alt("y")), .key(.alt("y"))])
        #expect(s.composer.text == "> three")
        // Alt-Y does nothing once another key came in between.
        Fixture.apply(&s, [.key(.left), .key(.alt("y"))])
        #expect(s.composer.text == "> three")
    }

    @Test func ctrlXCtrlEAsksForTheEditor() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "draft")
        #expect(Fixture.apply(&s, [.key(.ctrl("x")), .key(.ctrl("e"))]) == [.editDraft("draft")])
        Fixture.apply(&s, [.draftEdited("draft\nmore")])
        #expect(s.composer.text == "draft\nmore")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "draft")
        Fixture.apply(&s, [.draftEdited(nil)])
        #expect(s.composer.text == "draft")
    }

    @Test func longPasteAsksFirst() {
        var s = Fixture.state()
        let long = (1...25).map { "line \($0)" }.joined(separator: "\n")
        Fixture.apply(&s, [.key(.paste(long))])
        #expect(s.composer.isEmpty)
        #expect(Fixture.screen(s).contains { $0.contains("Paste 25 lines") })
        Fixture.apply(&s, [.key(.text("y"))])
        #expect(s.composer.text == long)
        s.composer.clear()
        Fixture.apply(&s, [.key(.paste(long)), .key(.text("n"))])
        #expect(s.composer.isEmpty)
        Fixture.apply(&s, [.key(.paste("a\nb"))])
        #expect(s.composer.text == "a\nb")
    }
}

@Suite("Search and links")
struct SearchAndLinkTests {
    private func chat(_ count: Int) -> UIState {
        var s = Fixture.state(rows: 12, columns: 60)
        for i in 0..<count {
            let text = i == 3 ? "your Order number is 42" : (i == 30 ? "order shipped" : "filler \(i)")
            Fixture.apply(&s, [.arrived(Fixture.message("m\(i)", text, at: Double(i) * 300))])
        }
        return s
    }

    @Test func incrementalSearchMovesAndHighlights() {
        var s = chat(40)
        Fixture.apply(&s, [.key(.ctrl("s")), .key(.text("order"))])
        #expect(s.transcriptSearch?.current == 30)
        Fixture.apply(&s, [.key(.ctrl("r"))])
        #expect(s.transcriptSearch?.current == 3)
        #expect(s.scroll == .anchor(key: "m3", line: 0))
        let frame = FrameBuilder.build(s, now: Fixture.t0, palette: .standard)
        let transcript = frame.regions.first { $0.name == "transcript" }
        let marked = transcript?.lines.flatMap(\.spans).filter { $0.style.inverse }.map(\.text)
        #expect(marked?.filter { $0.lowercased().contains("order") } == ["Order"])
        #expect(Fixture.screen(s).contains { $0.contains("search: order (1 of 2)") })
        Fixture.apply(&s, [.key(.ctrl("s"))])
        #expect(s.transcriptSearch?.current == 30)
    }

    @Test func caseAndRegexToggles() {
        var s = chat(40)
        Fixture.apply(&s, [.key(.ctrl("s")), .key(.text("Order")), .key(.alt("c"))])
        #expect(s.transcriptSearch?.current == 3)
        Fixture.apply(&s, [.key(.alt("c")), .key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace),
                           .key(.backspace), .key(.text("n[a-z]+ is [0-9]+")), .key(.alt("r"))])
        #expect(s.transcriptSearch?.current == 3)
        Fixture.apply(&s, [.key(.text("("))])
        #expect(s.transcriptSearch?.isBadPattern == true)
    }

    @Test func enterKeepsEscReturns() {
        var s = chat(40)
        Fixture.apply(&s, [.key(.pageUp)])
        let before = s.scroll
        Fixture.apply(&s, [.key(.ctrl("s")), .key(.text("number")), .key(.escape)])
        #expect(s.transcriptSearch == nil)
        #expect(s.scroll == before)
        Fixture.apply(&s, [.key(.text("/search number")), .key(.enter)])
        #expect(s.scroll == .anchor(key: "m3", line: 0))
        Fixture.apply(&s, [.key(.enter)])
        #expect(s.transcriptSearch == nil)
        #expect(s.scroll == .anchor(key: "m3", line: 0))
    }

    @Test func linksAreNumberedAndOpened() {
        var s = Fixture.state()
        Fixture.apply(&s, [
            .arrived(Fixture.message("a", "See [docs](https://example.com/docs) and https://x.test/a?b=1.")),
            .arrived(Fixture.message("b", "again https://x.test/a?b=1, <http://old.example/>")),
        ])
        #expect(LinkIndex.links(in: s.store) == ["https://example.com/docs", "https://x.test/a?b=1", "http://old.example/"])
        Fixture.apply(&s, [.key(.text("/links")), .key(.enter)])
        #expect(Fixture.screen(s).contains { $0.contains("[2] https://x.test/a?b=1") })
        #expect(Fixture.apply(&s, [.key(.text("/open 3")), .key(.enter)]).contains(.openURL("http://old.example/")))
        #expect(!Fixture.apply(&s, [.key(.text("/open 9")), .key(.enter)]).contains { if case .openURL = $0 { true } else { false } })
    }

}

@Suite("Copy mode text")
struct CopyModeTextTests {
    @Test func bareTranscriptIsUnwrappedUncentredAndLinked() {
        var s = Fixture.state(rows: 12, columns: 40)
        let long = "This sentence is much longer than forty columns and must stay on one line: https://example.com/a/very/long/path"
        let join = ChatItem(id: "j", time: Fixture.t0, sender: Fixture.ava, kind: .event(.joined), text: "Ava joined the chat")
        Fixture.apply(&s, [.arrived(join), .arrived(Fixture.message("m1", long))])
        let lines = CopyModeText.lines(s)
        let texts = lines.map(\.plainText)
        #expect(texts.contains("  " + long))
        #expect(texts.contains { $0.hasPrefix("Ava joined the chat · ") })
        #expect(texts.allSatisfy { !$0.hasSuffix(" ") })
        let linked = lines.flatMap(\.spans).filter { $0.style.link != nil }.map(\.text)
        #expect(linked == ["https://example.com/a/very/long/path"])
    }
}

@Suite("Mouse")
struct MouseTests {
    @Test func clickOnAFailedMessageRetriesIt() {
        var s = Fixture.state()
        Fixture.apply(&s, [
            .arrived(Fixture.message("m1", "hello")),
            .arrived(Fixture.own("l1", "did not go", delivery: .failed)),
        ])
        let screen = Fixture.screen(s)
        let failedRow = screen.firstIndex { $0.contains("did not go") } ?? -1
        let otherRow = screen.firstIndex { $0.contains("hello") } ?? -1
        #expect(Fixture.apply(&s, [.key(.click(row: failedRow, column: 4))]) == [.send(.retry(localId: "l1"))])
        #expect(Fixture.apply(&s, [.key(.click(row: otherRow, column: 4))]).isEmpty)
        #expect(Fixture.apply(&s, [.key(.click(row: 0, column: 4))]).isEmpty)
    }

    @Test func sgrClickIsDecoded() {
        var d = KeyDecoder()
        var keys: [Key] = []
        for scalar in "\u{1B}[<0;5;7M\u{1B}[<0;5;7m".unicodeScalars { d.feed(.char(scalar.value), into: &keys) }
        #expect(keys == [.click(row: 6, column: 4)])
    }
}
