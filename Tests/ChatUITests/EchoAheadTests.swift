import ChatModel
import Foundation
import Testing
@testable import ChatUI
@testable import TerminalRuntime

@Suite("Echo ahead of the frame")
struct EchoAheadTests {
    /// Whenever a key's echo may go ahead, the key's frame differs from the frame before only by
    /// the typed text at the old cursor (and, in an empty draft, the placeholder after it gone), in
    /// the style the painter draws it in, with the cursor after it.
    @Test func theEchoIsExactlyWhatTheKeysFrameChanges() throws {
        var echoed = 0
        var waited = 0
        var refused = 0
        for columns in [40, 41, 100] {
            for length in 0...columns {
                var state = Fixture.state(rows: 20, columns: columns)
                if length > 0 { _ = Fixture.type(&state, String((0..<length).map { n in Character(UnicodeScalar(UInt8(97 + n % 26))) })) }
                let before = FrameBuilder.build(state, now: Fixture.t0, palette: .standard)
                for typed in ["z", "xy"] {
                    guard let echo = EchoAhead.echo(for: [.text(typed)], in: state) else {
                        waited += 1
                        continue
                    }
                    echoed += 1
                    #expect(echo.text == typed)
                    #expect(echo.replacesRest == (length == 0), "only the placeholder of an empty draft is replaced")
                    let cursor = try #require(before.cursor)
                    var next = state
                    _ = Fixture.type(&next, typed)
                    let after = FrameBuilder.build(next, now: Fixture.t0, palette: .standard)
                    var rows = before.textRows
                    let row = rows[cursor.row]
                    // Rows are compared without their trailing blanks: a replaced placeholder leaves none.
                    let rest = echo.replacesRest ? "" : String(row.dropFirst(cursor.column + typed.count))
                    rows[cursor.row] = String(row.prefix(cursor.column)) + typed + rest
                    #expect(after.textRows == rows, "columns \(columns), draft \(length), typed \(typed)")
                    #expect(after.cursor?.row == cursor.row && after.cursor?.column == cursor.column + typed.count)
                    // What the painter takes the composer's row to be once it drew the echo is the
                    // frame's row, span for span and style for style: that frame then draws nothing.
                    let composer = { (frame: Frame) in frame.regions.first { $0.name == "composer" } }
                    let shown = try #require(composer(before))
                    let drawn = try #require(composer(after))
                    let siteRow = cursor.row - shown.top
                    var site = EchoSite(line: shown.lines[siteRow], row: siteRow, column: cursor.column)
                    guard site.allows(echo, width: columns) else {
                        refused += 1
                        continue
                    }
                    var predicted = shown.lines[siteRow].spans
                    site.draw(echo, over: &predicted)
                    #expect(predicted == drawn.lines[cursor.row - drawn.top].spans, "columns \(columns), draft \(length), typed \(typed)")
                    // The site moved on by itself is the one measured afresh on the new row.
                    #expect(site == EchoSite(line: drawn.lines[siteRow], row: siteRow, column: cursor.column + typed.count))
                }
            }
        }
        #expect(echoed > 100 && waited > 10, "both cases are exercised: \(echoed) echoed, \(waited) waited")
        #expect(refused == 0, "the painter draws every echo the model allows: \(refused) refused")
    }

    @Test func anythingButPlainTypingAtTheEndWaitsForTheFrame() {
        var state = Fixture.state()
        #expect(EchoAhead.echo(for: [.text("a")], in: state) == Echo("a", replacesRest: true), "it replaces an empty draft's placeholder")
        #expect(EchoAhead.echo(for: [.text("/")], in: state) == nil, "a slash command shows its hints")
        _ = Fixture.type(&state, "hello")
        #expect(EchoAhead.echo(for: [.text("a")], in: state) == Echo("a"))
        #expect(EchoAhead.echo(for: [.text("é")], in: state) == nil, "not ASCII")
        #expect(EchoAhead.echo(for: [.text("a"), .text("b")], in: state) == nil, "more than one key")
        #expect(EchoAhead.echo(for: [.backspace], in: state) == nil)
        var moved = state
        Fixture.apply(&moved, [.key(.left)])
        #expect(EchoAhead.echo(for: [.text("a")], in: moved) == nil, "the cursor is not at the end")
        var slash = Fixture.state()
        _ = Fixture.type(&slash, "/he")
        #expect(EchoAhead.echo(for: [.text("l")], in: slash) == nil, "slash commands change the hints")
        var help = state
        help.helpOffset = 0
        #expect(EchoAhead.echo(for: [.text("a")], in: help) == nil, "help takes the keys")
        var search = Fixture.state()
        _ = Fixture.type(&search, "sent before")
        Fixture.apply(&search, [.key(.enter)])
        _ = Fixture.type(&search, "hello")
        Fixture.apply(&search, [.key(.ctrl("r"))])
        #expect(search.historySearch != nil)
        #expect(EchoAhead.echo(for: [.text("a")], in: search) == nil, "history search takes the keys")
        var find = state
        Fixture.apply(&find, [.key(.ctrl("s"))])
        #expect(find.transcriptSearch != nil)
        #expect(EchoAhead.echo(for: [.text("a")], in: find) == nil, "transcript search takes the keys")
        var hidden = state
        hidden.screenHidden = true
        #expect(EchoAhead.echo(for: [.text("a")], in: hidden) == nil, "copy mode")
    }
}
