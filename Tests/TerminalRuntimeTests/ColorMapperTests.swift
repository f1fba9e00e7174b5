import MarkdownANSI
import Testing

@testable import TerminalRuntime

@Suite("Colour numbers for curses")
struct ColorMapperTests {
    @Test func directColourUsesRGBValues() {
        let mapper = ColorMapper(mode: .truecolor)
        #expect(mapper.curses(.rgb(0xFF, 0x87, 0x87)) == 0xFF8787)
        #expect(mapper.curses(.ansi(2)) == 2, "basic ANSI colours keep the terminal's palette")
        #expect(mapper.curses(.ansi(12)) == 0x5C5CFF, "bright ANSI colours become their xterm RGB")
        #expect(mapper.curses(.palette(196)) == 0xFF0000)
        #expect(mapper.curses(.rgb(0, 0, 3)) == 8, "tiny RGB values would read as ANSI numbers")
        #expect(mapper.curses(nil) == -1)
    }

    @Test func smallerDepthsQuantise() {
        #expect(ColorMapper(mode: .ansi256).curses(.rgb(0xFF, 0x87, 0x87)) == 210)
        #expect(ColorMapper(mode: .ansi256).curses(.palette(33)) == 33)
        #expect(ColorMapper(mode: .ansi16).curses(.palette(196)) == 9)
        #expect(ColorMapper(mode: .none).curses(.ansi(1)) == -1)
    }
}
