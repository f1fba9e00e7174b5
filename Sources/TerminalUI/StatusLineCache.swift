import ChatModel
import Foundation
import MarkdownANSI

/// The last status bar and everything it was made from: a key that changes only the composer
/// (the common case) reuses the line instead of building its segments again.
final class StatusLineCache {
    /// Everything ``StatusBar/line(_:now:width:palette:clock:)`` reads.
    private struct Key: Equatable {
        var title: String
        var connection: ConnectionState
        var partner: Participant?
        var queuePosition: Int?
        var unreadCount: Int
        var session: SessionInfo?
        var clock: String
        var width: Int
        var palette: UIPalette
    }

    private var last: (key: Key, line: StyledLine)?

    /// The status bar for `state`, built again only when one of its inputs changed.
    func line(_ state: UIState, now: Date, width: Int, palette: UIPalette, clock: String) -> StyledLine {
        // A reconnect countdown changes with `now` every second: never reused.
        if case .reconnecting = state.connection {
            return StatusBar.line(state, now: now, width: width, palette: palette, clock: clock)
        }
        let key = Key(
            title: state.options.title, connection: state.connection, partner: state.partner,
            queuePosition: state.queuePosition, unreadCount: state.unreadCount, session: state.session,
            clock: clock, width: width, palette: palette)
        if let last, last.key == key { return last.line }
        let line = StatusBar.line(state, now: now, width: width, palette: palette, clock: clock)
        last = (key, line)
        return line
    }
}
