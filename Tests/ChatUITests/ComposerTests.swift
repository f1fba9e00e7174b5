import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Composer editing")
struct ComposerTests {
    @Test func cursorMovesPerGraphemeClusterOverWideCharacters() {
        var c = ComposerState()
        c.insert("a你👍🏽b")
        #expect(c.chars.count == 4)
        c.moveLeft()
        c.moveLeft()
        #expect(c.cursor == 2)
        let layout = ComposerLayout(c, width: 40)
        #expect(layout.cursorColumn == 3)  // a(1) + 你(2)
        c.deleteBackward()
        #expect(c.text == "a👍🏽b")
        #expect(ComposerLayout(c, width: 40).cursorColumn == 1)
    }

    @Test func zwjFamilyEmojiIsOneStep() {
        var c = ComposerState()
        c.insert("x👨‍👩‍👧y")
        c.moveLeft()
        c.moveLeft()
        #expect(c.cursor == 1)
        c.deleteForward()
        #expect(c.text == "xy")
    }

    @Test func combiningMarkTypedSeparatelyMergesWithItsBase() {
        var c = ComposerState()
        c.insert("e")
        c.insert("\u{301}")
        #expect(c.chars.count == 1)
        #expect(c.cursor == 1)
    }

    @Test func typedKeysMakeTheSameClustersAsTheWholeText() {
        // Typed ASCII goes in without re-segmenting the draft; whatever is typed around it, the
        // draft and cursor must be those of re-segmenting the whole text after every insert.
        let pieces = ["a", "\u{301}", "b", " ", "\r", "\n", "é", "🇫", "🇷", "x", "\u{200D}", "👍", "🏽", "\u{0600}", "1"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var c = ComposerState()
            var reference: [Character] = []
            var cursor = 0
            for _ in 0..<12 {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    c.moveLeft()
                    cursor = max(0, cursor - 1)
                } else {
                    let piece = pieces.randomElement(using: &generator) ?? "a"
                    c.insert(piece)
                    let before = String(reference[..<cursor]) + piece
                    reference = Array(before + String(reference[cursor...]))
                    cursor = min(Array(before).count, reference.count)
                }
                #expect(c.chars == reference)
                #expect(c.cursor == cursor)
                #expect(c.text == String(reference))
            }
        }
    }

    @Test func asciiDraftLayoutEqualsTheGeneralWrapping() {
        // Plain ASCII drafts are laid out from their length; it must match wrapping by character.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var c = ComposerState()
            let length = Int.random(in: 0...250, using: &generator)
            c.insert(String((0..<length).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &generator))) }))
            c.moveTo(Int.random(in: 0...length, using: &generator))
            let width = Int.random(in: 1...120, using: &generator)
            #expect(ComposerLayout(c, width: width) == ComposerLayout.wrapped(c, limit: max(1, width - 1)),
                    "length \(length), cursor \(c.cursor), width \(width)")
        }
    }

    @Test func killAndYank() {
        var c = ComposerState()
        c.insert("hello big world")
        c.killWordBackward()
        #expect(c.text == "hello big ")
        #expect(c.killBuffer == "world")
        c.moveToLineStart()
        c.yank()
        #expect(c.text == "worldhello big ")
        c.killToLineEnd()
        #expect(c.text == "world")
        c.killToLineStart()
        #expect(c.text == "")
        #expect(c.killBuffer == "world")
    }

    @Test func wordMoves() {
        var c = ComposerState()
        c.insert("one, two  three")
        c.moveWordLeft()
        #expect(c.cursor == 10)
        c.moveWordLeft()
        #expect(c.cursor == 5)
        c.moveWordRight()
        #expect(c.cursor == 8)
        c.moveToLineStart()
        c.moveWordRight()
        #expect(c.cursor == 3)
    }

    @Test func lineStartAndEndAreLogicalLines() {
        var c = ComposerState()
        c.insert("ab\ncd")
        c.moveToLineStart()
        #expect(c.cursor == 3)
        c.moveLeft()
        c.moveToLineStart()
        #expect(c.cursor == 0)
        c.moveToLineEnd()
        #expect(c.cursor == 2)
    }

    @Test func historyKeepsTheUnsentDraft() {
        var c = ComposerState()
        c.remember("first")
        c.remember("second")
        c.insert("draft")
        c.historyPrevious()
        #expect(c.text == "second")
        c.historyPrevious()
        #expect(c.text == "first")
        c.historyPrevious()
        #expect(c.text == "first")
        c.historyNext()
        #expect(c.text == "second")
        c.historyNext()
        #expect(c.text == "draft")
    }

    @Test func multiLineGrowsToFiveRowsThenScrolls() {
        var c = ComposerState()
        c.insert("1")
        #expect(ComposerLayout(c, width: 20).visibleRowCount == 1)
        for n in 2...7 { c.insert("\n\(n)") }
        let layout = ComposerLayout(c, width: 20)
        #expect(layout.rows.count == 7)
        #expect(layout.visibleRowCount == 5)
        #expect(layout.cursorRow == 6)
        #expect(layout.firstVisibleRow == 2)
    }

    @Test func softWrapNeverSplitsAWideCharacter() {
        var c = ComposerState()
        c.insert("abcd你好")  // width 8; limit is width - 1 = 5
        let layout = ComposerLayout(c, width: 6)
        #expect(layout.rows.map(\.text) == ["abcd", "你好"])
        #expect(layout.cursorRow == 1)
        #expect(layout.cursorColumn == 4)
        #expect(layout.index(row: 1, column: 1) == 4)
    }
}

@Suite("Composer undo")
struct ComposerUndoTests {
    @Test func typingRunIsOneStepAndKillsAreUndoable() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "hello")
        _ = Fixture.type(&s, " world")
        Fixture.apply(&s, [.key(.ctrl("w"))])
        #expect(s.composer.text == "hello ")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "hello world")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "")
    }

    @Test func aMoveStartsANewTypingStep() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "ab")
        Fixture.apply(&s, [.key(.left)])
        _ = Fixture.type(&s, "X")
        #expect(s.composer.text == "aXb")
        Fixture.apply(&s, [.key(.ctrl("_"))])
        #expect(s.composer.text == "ab")
    }
}

@Suite("History search")
struct HistorySearchTests {
    @Test func ctrlRFindsNewestThenOlderAndEscRestores() {
        var s = Fixture.state()
        for text in ["order status please", "hello", "my order is late"] {
            _ = Fixture.type(&s, text)
            Fixture.apply(&s, [.key(.enter)])
        }
        _ = Fixture.type(&s, "draft")
        Fixture.apply(&s, [.key(.ctrl("r")), .key(.text("ord"))])
        #expect(s.composer.text == "my order is late")
        Fixture.apply(&s, [.key(.ctrl("r"))])
        #expect(s.composer.text == "order status please")
        #expect(Fixture.screen(s)[27].contains("history search: ord"))
        Fixture.apply(&s, [.key(.escape)])
        #expect(s.composer.text == "draft")
        #expect(s.historySearch == nil)
    }

    @Test func enterTakesTheMatchWithoutSending() {
        var s = Fixture.state()
        _ = Fixture.type(&s, "first message")
        Fixture.apply(&s, [.key(.enter)])
        let effects = Fixture.apply(&s, [.key(.ctrl("r")), .key(.text("first")), .key(.enter)])
        #expect(effects.isEmpty)
        #expect(s.composer.text == "first message")
        #expect(s.historySearch == nil)
    }
}

/// The draft's text and its characters stay one thing through any run of edits: typed and deleted
/// at the end they change in place, elsewhere the text is made again.
@Suite("Composer: text and characters in step")
struct ComposerTextInStepTests {
    /// A small seeded generator (xorshift), so a failing seed can be run again.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    @Test("300 seeds of 200 random edits (ASCII, combining marks, emoji, newlines, moves, kills, yanks, undo): text == the characters joined, at every step")
    func textFollowsCharacters() {
        let pieces = ["a", "z", " ", "é", "e", "\u{301}", "👍", "\u{1F3FD}", "你", "\n", "🇫", "🇷", "ab c"]
        for seed in 1...300 {
            var random = Seeded(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
            var composer = ComposerState()
            for step in 0..<200 {
                switch Int.random(in: 0..<12, using: &random) {
                case 0...4: composer.insert(pieces.randomElement(using: &random) ?? "a")
                case 5, 6: composer.deleteBackward()
                case 7: composer.deleteForward()
                case 8: composer.moveLeft()
                case 9: composer.moveRight()
                case 10: Bool.random(using: &random) ? composer.killWordBackward() : composer.yank()
                default: _ = composer.undo()
                }
                let joined = composer.chars.reduce(into: "") { $0.append($1) }
                guard composer.text == joined, composer.text.unicodeScalars.elementsEqual(joined.unicodeScalars) else {
                    Issue.record("seed \(seed), step \(step): text \(composer.text.debugDescription) but characters \(joined.debugDescription)")
                    return
                }
            }
        }
    }
}
