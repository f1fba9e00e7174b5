import Foundation
import TerminalRuntime

/// When the chat screen changes by time alone (the clock's minute, the reconnect countdown, the
/// typing dots, hints) and its window title: pure functions of the state, so both full-screen
/// programs wake on the same rules.
package enum ChatScreen {
    /// When the screen next changes by time alone: the clock's next minute, the countdown's next
    /// second, the typing dots' next step, a hint or a wait expiring.
    package static func nextWake(_ state: UIState, now: Date) -> Date {
        let epsilon = 0.001
        let seconds = now.timeIntervalSince1970
        var next = Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60 + 60 + epsilon)
        func consider(_ date: Date) { if date < next { next = date } }
        if case .reconnecting = state.connection {
            consider(Date(timeIntervalSince1970: seconds.rounded(.down) + 1 + epsilon))
        }
        if !state.typing.isEmpty {
            let step = (now.timeIntervalSinceReferenceDate * 3).rounded(.down) + 1
            consider(Date(timeIntervalSinceReferenceDate: step / 3 + epsilon))
        }
        if let hint = state.hint { consider(hint.until) }
        if state.authenticationPanelOpen, state.authentication?.secondsLeft(at: now) != nil {
            consider(Date(timeIntervalSince1970: seconds.rounded(.down) + 1 + epsilon))
        }
        if let since = state.loadingOlderSince { consider(since.addingTimeInterval(Reducer.loadOlderTimeout)) }
        return max(next, now)
    }

    /// The terminal window title: app title, who we talk to, unread count.
    package static func windowTitle(_ state: UIState) -> String {
        var title = state.options.title
        if let partner = state.partner { title += " — " + partner.displayName }
        let unread = max(state.unreadCount, state.awayCount)
        if unread > 0 { title += " (\(unread) new)" }
        if state.chatIsOver { title += " — ended" }
        return title
    }
}
