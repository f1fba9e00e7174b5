import Testing
@testable import TerminalRuntime

@Suite("Key decoding")
struct KeyDecoderTests {
    private func decode(_ text: String, keys: [RawInput] = []) -> [Key] {
        var d = KeyDecoder()
        var out: [Key] = []
        for s in text.unicodeScalars { d.feed(.char(s.value), into: &out) }
        for k in keys { d.feed(k, into: &out) }
        d.endOfInput(into: &out)
        return out
    }

    @Test func textCtrlAndEnter() {
        #expect(decode("hi\u{1}\r") == [.text("hi"), .ctrl("a"), .enter])
    }

    @Test func altAndLoneEscape() {
        #expect(decode("\u{1B}b") == [.alt("b")])
        #expect(decode("\u{1B}\r") == [.altEnter])
        #expect(decode("\u{1B}") == [.escape])
    }

    @Test func csiKeysThatNcursesLeavesAlone() {
        #expect(decode("\u{1B}[1;5D\u{1B}[1;5C") == [.ctrlLeft, .ctrlRight])
        #expect(decode("\u{1B}[<64;10;5M") == [.wheelUp])
    }

    /// Found by fuzzing: coordinates are 1-based; 0 or negative ones made clicks off the screen, and
    /// Int.min overflowed (a crash) when made 0-based.
    @Test func mouseReportsOffTheScreenAreNoClicks() {
        #expect(decode("\u{1B}[<0;12;3M") == [.click(row: 2, column: 11)])
        #expect(decode("\u{1B}[<0;-41;5M").isEmpty)
        #expect(decode("\u{1B}[<0;0;0M").isEmpty)
        #expect(decode("\u{1B}[<0;5;-9223372036854775808M").isEmpty)
        #expect(decode("\u{1B}[<0;-9223372036854775808;5Mq") == [.text("q")])
    }

    @Test func bracketedPasteKeepsNewlinesAndNeverEnters() {
        let keys = decode("\u{1B}[200~one\rtwo\r\nthree\u{1B}[201~x")
        #expect(keys == [.paste("one\ntwo\nthree"), .text("x")])
    }

    @Test func pasteSplitAcrossDrains() {
        var d = KeyDecoder()
        var out: [Key] = []
        for s in "\u{1B}[200~ab".unicodeScalars { d.feed(.char(s.value), into: &out) }
        d.endOfInput(into: &out)
        #expect(d.isInPaste)
        d.feed(.key(.enter), into: &out)
        for s in "c\u{1B}[201~".unicodeScalars { d.feed(.char(s.value), into: &out) }
        d.endOfInput(into: &out)
        #expect(out == [.paste("ab\nc")])
    }
}
