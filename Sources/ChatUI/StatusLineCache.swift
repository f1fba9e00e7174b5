import ChatModel
import Foundation
import MarkdownANSI
import TerminalRuntime

/// The last status bar and what it was made from: a key that changes only the composer (the
/// common case) reuses the line instead of building its segments again.
///
/// The state's inputs to the bar (``StatusBar/Inputs``) are compared with the last ones, with the
/// clock and the width. The palette is the one the state's view was made with, fixed for the run.
final class StatusLineCache {
    /// Everything ``StatusBar/line(_:now:width:palette:clock:)`` reads, as compared.
    private struct Key: Equatable {
        var inputs: StatusBar.Inputs
        var clock: String
        var width: Int
    }

    private var key: Key?
    private var cachedLine = StyledLine()

    /// The status bar for `state`, built again only when one of its inputs changed.
    func line(_ state: UIState, now: Date, width: Int, palette: UIPalette, clock: String) -> StyledLine {
        // A reconnect countdown changes with `now` every second: never reused.
        if case .reconnecting = state.connection {
            key = nil
            return StatusBar.line(StatusBar.Inputs(state), now: now, width: width, palette: palette, clock: clock)
        }
        let key = Key(inputs: StatusBar.Inputs(state), clock: clock, width: width)
        if key == self.key { return cachedLine }
        cachedLine = StatusBar.line(key.inputs, now: now, width: width, palette: palette, clock: clock)
        self.key = key
        return cachedLine
    }
}
